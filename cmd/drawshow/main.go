// Command drawshow runs live prize-draw shows: the presenter, the headless
// runner, and the checks and exports around a show.
package main

import (
	_ "drawshow/cmd/drawshow/internal/display" // first: a display for ebiten, or a clear message

	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"
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
  drawshow sheet SHOW.yaml --db FILE [--show ID] --out FILE.pdf
  drawshow verify DIR|FILE.zip [--commitment HEX] [--anchor SEQ:HEX]...
  drawshow verify --db FILE [--commitment HEX] [--anchor SEQ:HEX]...
  drawshow monitors
  drawshow demo [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR] [--windowed]
  drawshow cues --out DIR [--float] [--play [--audio-device NAME]]
  drawshow audio-devices

Run "drawshow COMMAND -h" for a command's flags.
`

// processStart is when main began, for the first-frame time --stats prints.
var processStart = time.Now()

// errQuiet is a failure already explained on stderr.
var errQuiet = errors.New("")

// memoryLimit is a soft heap limit: a million-entry bin stays well inside
// a laptop's memory, the collector working harder only near the limit.
const memoryLimit = 150 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err != nil {
		if err != errQuiet {
			fmt.Fprintln(os.Stderr, "drawshow:", err)
		}
		var ex *exitError
		if errors.As(err, &ex) {
			os.Exit(ex.code)
		}
		os.Exit(1)
	}
}

// exitError is a failure with its own exit status: 2 for a show refused
// at open for its files.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errQuiet
	}
	cmds := map[string]func([]string, io.Reader, io.Writer, io.Writer) error{
		"check":         cmdCheck,
		"run":           cmdRun,
		"export":        cmdExport,
		"archive":       cmdArchive,
		"statement":     cmdStatement,
		"sheet":         cmdSheet,
		"verify":        cmdVerify,
		"monitors":      cmdMonitors,
		"demo":          cmdDemo,
		"cues":          cmdCues,
		"audio-devices": cmdAudioDevices,
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

// parse parses flags that may come before or after the positional
// arguments, and returns the positional ones.
func parse(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(stderr)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, errQuiet
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func needArgs(name string, pos []string, n int, what string) error {
	if len(pos) != n {
		return fmt.Errorf("%s needs %s (got %s)", name, what, strings.Join(pos, " "))
	}
	return nil
}
