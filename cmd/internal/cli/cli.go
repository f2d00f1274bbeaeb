// Package cli is what drawshow and drawshow-stage share of their command
// lines: flag parsing, the run command's flags, exit statuses, and what a
// run writes to the flight log of the show's actions and of how it ended
// (the flight log itself knows nothing of the show). It loads no graphics
// library: drawshow must run where there is no display.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// ErrQuiet is a failure already explained on stderr.
var ErrQuiet = errors.New("")

// ExitError is a failure with its own exit status: 2 for a show refused
// at open for its files, or the stage's own status passed on.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string { return e.Err.Error() }

func (e *ExitError) Unwrap() error { return e.Err }

// ErrUsage is a command line the program cannot take: an unknown flag, a
// flag's bad value, no command. The flag package or the usage text said
// why; the exit status is 2, as Go's flag and POSIX have it.
var ErrUsage = &ExitError{Code: 2, Err: ErrQuiet}

// Exit ends the program after a command: 0 when err is nil, else err's
// exit status (1 unless it says otherwise) once it is said on stderr.
func Exit(err error) {
	if err == nil {
		os.Exit(0)
	}
	if !errors.Is(err, ErrQuiet) {
		fmt.Fprintln(os.Stderr, "drawshow:", err)
	}
	code := 1
	if ex := (*ExitError)(nil); errors.As(err, &ex) {
		code = ex.Code
	}
	os.Exit(code)
}

// Parse parses flags that may come before or after the positional
// arguments, and returns the positional ones.
func Parse(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(stderr)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, ErrQuiet
			}
			return nil, ErrUsage
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// NeedArgs checks that a command has n positional arguments.
func NeedArgs(name string, pos []string, n int, what string) error {
	if len(pos) != n {
		return fmt.Errorf("%s needs %s (got %s)", name, what, strings.Join(pos, " "))
	}
	return nil
}

// Run is the run command's flags: drawshow takes them all, runs the
// headless show itself and hands the others to drawshow-stage, which
// takes the same.
type Run struct {
	DB        string
	Headless  bool
	Actions   string
	Witness   string
	NoWitness bool
	Rehearsal bool
	Seed      string
	Clock     string
	Feed      string
	Stage     Stage
}

// Register defines the run flags on fs.
func (r *Run) Register(fs *flag.FlagSet) {
	fs.StringVar(&r.DB, "db", "", "campaign database `FILE` (created if missing)")
	fs.BoolVar(&r.Headless, "headless", false, "run without graphics, from --actions")
	fs.StringVar(&r.Actions, "actions", "", "headless action `FILE`, one action a line, or - for standard input")
	fs.StringVar(&r.Witness, "witness", "", "the independent auditor's witness `TEXT`, typed after seeing the commitment")
	fs.BoolVar(&r.NoWitness, "no-witness", false, "an official show goes on with no independent auditor's witness: the record and its papers say so")
	fs.BoolVar(&r.Rehearsal, "rehearsal", false, "mark the show as a rehearsal (never an official result)")
	fs.StringVar(&r.Seed, "seed", "", "rehearsal only: fix the seed (64 `HEX` digits)")
	fs.StringVar(&r.Feed, "feed", "", "serve the witness feed on `ADDR` (IP:port) for a follower off the laptop (drawshow follow)")
	r.Stage.Register(fs)
	fs.StringVar(&r.Clock, "clock", "", "rehearsals only: the show clock at open, `TIME` as 2006-01-02T15:04[:05] in the show's timezone (default now: an official show runs on the machine's clock)")
}

// ParseRun parses the run command's arguments: one show file and flags.
func ParseRun(args []string, stderr io.Writer) (show string, r *Run, err error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	r = &Run{}
	r.Register(fs)
	pos, err := Parse(fs, args, stderr)
	if err != nil {
		return "", nil, err
	}
	if err := NeedArgs("run", pos, 1, "one show file"); err != nil {
		return "", nil, err
	}
	if r.DB == "" {
		return "", nil, errors.New("run needs --db FILE")
	}
	if !r.Headless && (r.Actions != "" || r.Seed != "") {
		return "", nil, errors.New("--actions and --seed are for --headless runs")
	}
	if r.Clock != "" && !r.Rehearsal {
		// a rehearsal of a Wednesday show on a Monday; an official show
		// runs on the machine's clock, on its own night (issue 24, 25)
		return "", nil, errors.New("--clock is for rehearsals: an official show runs on the machine's clock (add --rehearsal)")
	}
	return pos[0], r, nil
}

// Stage is the flags of the full-screen presenter.
type Stage struct {
	Monitor   string
	Windowed  bool
	Autoplay  bool
	ExitAfter time.Duration
	ExitScene string
	Stats     bool
	Shots     string
	Audio     string

	Console    string // the operator's console's address; "off": none
	ConsolePin string
	NoBrowser  bool // print the console's address, do not open it
	StageHints bool
}

// Register defines the stage's flags on fs.
func (f *Stage) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Monitor, "monitor", "", "show on the monitor with this `NAME` (see drawshow monitors)")
	fs.BoolVar(&f.Windowed, "windowed", false, "run in a window instead of full screen")
	fs.BoolVar(&f.Autoplay, "autoplay", false, "rehearsal only: play the show by itself (countdowns shortened)")
	fs.DurationVar(&f.ExitAfter, "exit-after", 0, "quit cleanly after this `DURATION`")
	fs.StringVar(&f.ExitScene, "exit-after-scene", "", "quit cleanly once the scene `NAME` (as --shots names it: open, attract, intro…) is on screen")
	fs.BoolVar(&f.Stats, "stats", false, "print fps, tps and per-frame CPU time at exit")
	fs.StringVar(&f.Shots, "shots", "", "write a PNG of the screen at every scene change into `DIR`")
	fs.StringVar(&f.Audio, "audio-device", "", "play sound on the device with this `NAME` (see drawshow audio-devices; default: the show file's, else the system's)")
	fs.StringVar(&f.Console, "console", "", "serve the operator's console on `ADDR` (IP:port; default 127.0.0.1 on a free port; a non-loopback address needs --console-pin; off: no console)")
	fs.StringVar(&f.ConsolePin, "console-pin", "", "the `PIN` the console asks for (needed off the loopback address)")
	fs.BoolVar(&f.NoBrowser, "no-browser", false, "print the console's address without opening it in the default browser")
	fs.BoolVar(&f.StageHints, "stage-hints", false, "one-person show: a small strip of what the keys do, on the big screen for 4 s after each key")
}
