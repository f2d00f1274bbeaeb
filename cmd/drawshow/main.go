// Command drawshow runs live prize-draw shows: the headless runner, and
// the checks and exports around a show. It loads no graphics library, so
// it runs where there is no display; the stage's commands (run without
// --headless, demo, monitors) it hands to drawshow-stage.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"drawshow/cmd/internal/cli"
)

const usage = `drawshow runs live prize-draw shows.

Usage:
  drawshow check SHOW.yaml
  drawshow run SHOW.yaml --db FILE [--monitor NAME] [--windowed] [--rehearsal] [--witness TEXT]
               [--audio-device NAME] [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR]
  drawshow run SHOW.yaml --db FILE --headless --actions FILE|- [--witness TEXT] [--rehearsal [--seed HEX]] [--clock TIME]
  drawshow export --db FILE [--show ID] --out DIR
  drawshow archive --db FILE [--show ID] --out FILE.zip
  drawshow statement --db FILE --card NUMBER
  drawshow shows --db FILE
  drawshow report --db FILE --campaign --out DIR
  drawshow sheet SHOW.yaml --db FILE [--show ID] --out FILE.pdf
  drawshow verify DIR|FILE.zip [--commitment HEX] [--anchor SEQ:HEX]...
  drawshow verify --db FILE [--commitment HEX] [--anchor SEQ:HEX]...
  drawshow monitors
  drawshow demo [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR] [--windowed]
  drawshow cues --out DIR [--float] [--play [--audio-device NAME]]
  drawshow audio-devices
  drawshow log --db FILE [--since TIME]
  drawshow version

Run "drawshow COMMAND -h" for a command's flags.
`

// memoryLimit is a soft heap limit: a million-entry bin stays well inside
// a laptop's memory, the collector working harder only near the limit.
const memoryLimit = 150 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	cli.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return cli.ErrQuiet
	}
	cmds := map[string]func([]string, io.Reader, io.Writer, io.Writer) error{
		"check":         cmdCheck,
		"run":           cmdRun,
		"export":        cmdExport,
		"archive":       cmdArchive,
		"statement":     cmdStatement,
		"shows":         cmdShows,
		"report":        cmdReport,
		"sheet":         cmdSheet,
		"verify":        cmdVerify,
		"monitors":      handOver("monitors"),
		"demo":          handOver("demo"),
		"cues":          cmdCues,
		"audio-devices": cmdAudioDevices,
		"log":           cmdLog,
		"version":       cmdVersion,
	}
	f, ok := cmds[args[0]]
	if !ok {
		if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			fmt.Fprint(stdout, usage)
			return nil
		}
		names := slices.Sorted(maps.Keys(cmds))
		return fmt.Errorf("unknown command %q (valid: %s)", args[0], strings.Join(names, ", "))
	}
	return f(args[1:], stdin, stdout, stderr)
}
