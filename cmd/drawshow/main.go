// Command drawshow runs live prize-draw shows: the headless runner, and
// the checks and exports around a show. It loads no graphics library, so
// it runs where there is no display; the stage's commands (run without
// --headless, demo, monitors) it hands to drawshow-stage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"drawshow/cmd/internal/cli"
)

const usage = `drawshow runs live prize-draw shows.

Usage:
  drawshow check SHOW.yaml [--db FILE] [--json]
  drawshow run SHOW.yaml --db FILE [--monitor NAME] [--windowed] [--rehearsal] [--witness TEXT|--no-witness]
               [--audio-device NAME] [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR]
  drawshow run SHOW.yaml --db FILE --headless --actions FILE|- [--witness TEXT|--no-witness] [--rehearsal [--seed HEX]] [--clock TIME] [--feed ADDR]
  drawshow export --db FILE [--show ID] --out DIR
  drawshow archive --db FILE [--show ID] --out FILE.zip
  drawshow statement --db FILE --card NUMBER
  drawshow shows --db FILE
  drawshow report --db FILE --campaign --out DIR
  drawshow desk collect --db FILE --show ID --draw SEGMENT --pick N --by NAME --id NUMBER [--at TIME] [--note TEXT]
  drawshow desk contact --db FILE --show ID --draw SEGMENT --pick N --by NAME --how HOW [--at TIME] [--note TEXT]
  drawshow desk expire --db FILE [--show ID --draw SEGMENT --pick N] [--at TIME] [--dry-run]
  drawshow desk list --db FILE [--week] [--at TIME]
  drawshow sheet SHOW.yaml --db FILE [--show ID] --out FILE.pdf
  drawshow verify DIR|FILE.zip [--commitment HEX] [--anchor SEQ:HEX]... [--fingerprint SEGMENT:HEX]... [--draw-witness SEGMENT:TEXT]... [--witness FILE] [--auditor-key KEY]
  drawshow verify --db FILE [--open] [--show ID] [--commitment HEX] [--anchor SEQ:HEX]... [--fingerprint SEGMENT:HEX]... [--draw-witness SEGMENT:TEXT]... [--witness FILE] [--auditor-key KEY]
  drawshow follow URL --out FILE [--key KEYFILE]
  drawshow key --out FILE [--name NAME]
  drawshow monitors
  drawshow demo [--autoplay] [--exit-after DURATION | --exit-after-scene NAME] [--stats] [--shots DIR] [--windowed]
  drawshow cues --out DIR [--float] [--play [--audio-device NAME]]
  drawshow audio-devices
  drawshow log --db FILE [--since TIME]
  drawshow version (or --version)

Run "drawshow help COMMAND" (or "drawshow COMMAND --help") for a command's flags.
`

// stageCommands are the commands drawshow hands to drawshow-stage whole.
var stageCommands = map[string]struct{}{"monitors": {}, "demo": {}}

// isHelp reports whether an argument asks for help.
func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// synopsis is the usage text's lines of the command name, arguments and
// all.
func synopsis(name string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(usage, "\n") {
		switch {
		case strings.HasPrefix(l, "  drawshow "+name+" ") || l == "  drawshow "+name:
			in = true
		case !strings.HasPrefix(l, "    "):
			in = false
		}
		if in {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func main() {
	cli.LimitMemory()
	cli.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return cli.ErrUsage
	}
	cmds := map[string]func([]string, io.Reader, io.Writer, io.Writer) error{
		"check":     cmdCheck,
		"run":       cmdRun,
		"export":    cmdExport,
		"archive":   cmdArchive,
		"statement": cmdStatement,
		"shows":     cmdShows,
		"report":    cmdReport,
		"desk":      cmdDesk,
		"sheet":     cmdSheet,
		"verify":    cmdVerify,
		"follow":    cmdFollow,
		"key":       cmdKey,
		"monitors":  handOver("monitors"),
		"demo":      handOver("demo"),
		// run without --headless is handed over too, but its flags are ours
		"cues":          cmdCues,
		"audio-devices": cmdAudioDevices,
		"log":           cmdLog,
		"version":       cmdVersion,
	}
	if args[0] == "--version" || args[0] == "-version" {
		args[0] = "version"
	}
	if args[0] == "help" && len(args) > 1 {
		args = []string{args[1], "--help"} // drawshow help CMD is CMD --help
	}
	f, ok := cmds[args[0]]
	if ok && slices.ContainsFunc(args[1:], isHelp) {
		// the command's usage, then its flags as the flag package lists
		// them, on stdout; a command handed to the stage starts nothing
		fmt.Fprint(stdout, "Usage:\n"+synopsis(args[0]))
		if _, handed := stageCommands[args[0]]; handed {
			f = stageFlags(args[0])
		}
		var flags strings.Builder
		if err := f([]string{"-h"}, stdin, &flags, &flags); err != nil && !errors.Is(err, cli.ErrQuiet) {
			return err
		}
		if list, ok := strings.CutPrefix(flags.String(), "Usage of "+args[0]+":\n"); !ok || list != "" {
			fmt.Fprint(stdout, "Flags:\n"+list) // a command without flags says so by none
		}
		return nil
	}
	if !ok {
		if args[0] == "help" || isHelp(args[0]) {
			fmt.Fprint(stdout, usage)
			return nil
		}
		names := slices.Sorted(maps.Keys(cmds))
		return &cli.ExitError{Code: 2, Err: fmt.Errorf("unknown command %q (valid: %s)", args[0], strings.Join(names, ", "))}
	}
	return f(args[1:], stdin, stdout, stderr)
}

// stageFlags stands in for a command drawshow-stage runs when its flags
// are asked for (CMD --help): it parses them as drawshow-stage does (demo
// takes the stage's flags, cli.Stage, and monitors none) and starts
// nothing.
func stageFlags(name string) func([]string, io.Reader, io.Writer, io.Writer) error {
	return func(args []string, _ io.Reader, _, stderr io.Writer) error {
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		if name == "demo" {
			new(cli.Stage).Register(fs)
		}
		_, err := cli.Parse(fs, args, stderr)
		return err
	}
}
