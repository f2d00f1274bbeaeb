// Command drawshow-verify is the auditor's verifier: drawshow verify and
// nothing else, built without cgo for macOS, Windows and Linux, so that
// an auditor checks a show's archive or database on their own computer
// with a program the release lists in SHA256SUMS. It reads SQLite
// through modernc.org/sqlite, SQLite's C translated to Go; the verdict is
// drawshow verify's, flag for flag.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"drawshow/cmd/internal/buildinfo"
	"drawshow/cmd/internal/cli"
	"drawshow/cmd/internal/verifycmd"
)

const usage = `drawshow-verify checks a drawshow record: an archive, an export folder or a campaign database.

Usage:
  drawshow-verify DIR|FILE.zip [--commitment HEX] [--anchor SEQ:HEX]... [--fingerprint SEGMENT:HEX]... [--draw-witness SEGMENT:TEXT]... [--witness FILE] [--auditor-key KEY]
  drawshow-verify --db FILE [--open] [--show ID] [--commitment HEX] [--anchor SEQ:HEX]... [--fingerprint SEGMENT:HEX]... [--draw-witness SEGMENT:TEXT]... [--witness FILE] [--auditor-key KEY] [--anchors FILE]
  drawshow-verify version (or --version)

It takes the flags of drawshow verify, and gives the same verdict: exit 0
when the record verifies, 1 with each MISMATCH on stdout when it does not,
2 for a command line it cannot take.
`

func main() {
	cli.LimitMemory()
	cli.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) error {
	switch {
	case len(args) == 0:
		fmt.Fprint(stderr, usage)
		return cli.ErrUsage
	case len(args) == 1 && (args[0] == "version" || args[0] == "--version" || args[0] == "-version"):
		return buildinfo.Read().Write(stdout, "drawshow-verify")
	case args[0] == "help" || slices.ContainsFunc(args, func(a string) bool { return a == "-h" || a == "-help" || a == "--help" }):
		var flags strings.Builder
		if err := verifycmd.Run([]string{"-h"}, io.Discard, &flags); err != nil && !errors.Is(err, cli.ErrQuiet) {
			return err
		}
		_, list, _ := strings.Cut(flags.String(), "\n") // after "Usage of verify:"
		fmt.Fprint(stdout, usage+"\nFlags:\n"+list)
		return nil
	}
	return verifycmd.Run(args, stdout, stderr)
}
