// Command drawshow-stage is drawshow's window: the full-screen stage the
// audience sees. drawshow hands its stage commands over to it (run without
// --headless, demo, monitors), so it takes the same command lines.
package main

import (
	"drawshow/cmd/drawshow-stage/internal/display"  // first: a display for ebiten, or a clear message
	"drawshow/cmd/drawshow-stage/internal/operator" // then: on Windows, where the output goes

	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"drawshow/cmd/internal/cli"
)

const usage = `drawshow-stage is drawshow's window; drawshow starts it. With
no arguments (double-clicked) it plays the demo.

Usage:
  drawshow-stage run SHOW.yaml --db FILE [--monitor NAME] [--windowed] [--rehearsal] [--witness TEXT]
               [--clock TIME] [--audio-device NAME] [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR]
  drawshow-stage demo [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR] [--windowed]
  drawshow-stage monitors
`

// processStart is when main began, for the first-frame time --stats prints.
var processStart = time.Now()

func main() {
	cli.LimitMemory()
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	display.Stop()
	operator.Report(err) // a message box on Windows when nobody sees stderr
	cli.Exit(err)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		// double-clicked (Windows Explorer, a shortcut): the demo, a
		// rehearsal on a temporary database, which the release's quick
		// start sends a newcomer to first
		args = []string{"demo"}
	}
	switch args[0] {
	case "run":
		path, r, err := cli.ParseRun(args[1:], stderr)
		if err != nil {
			return err
		}
		if r.Headless {
			return errors.New("the headless runner is drawshow's: drawshow run --headless")
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return runStage(path, text, *r, stdin, stdout, stderr)
	case "demo":
		return cmdDemo(args[1:], stdin, stdout, stderr)
	case "monitors":
		return cmdMonitors(args[1:], stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q: drawshow-stage runs run, demo and monitors; the others are drawshow's", args[0])
}
