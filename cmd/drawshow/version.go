package main

import (
	"flag"
	"io"

	"drawshow/cmd/internal/buildinfo"
	"drawshow/cmd/internal/cli"
)

// cmdVersion prints which build this is: the release version (from git at
// make build or make release), the Go that built it and every module
// linked in, for a support call or the auditor's note.
func cmdVersion(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("version", pos, 0, "no arguments"); err != nil {
		return err
	}
	return buildinfo.Read().Write(stdout, "drawshow")
}
