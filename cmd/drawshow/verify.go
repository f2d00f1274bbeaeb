package main

import (
	"fmt"
	"io"

	"drawshow/cmd/internal/verifycmd"
	"drawshow/data/record"
)

func cmdVerify(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	return verifycmd.Run(args, stdout, stderr)
}

// notClosed says, for an open show, why its picks cannot be verified yet.
func notClosed(stdout io.Writer, rec *record.Record) {
	if rec.Seed == "" {
		fmt.Fprintln(stdout, "the show is not closed: the seed stays secret and the picks cannot be verified until it is")
	}
}
