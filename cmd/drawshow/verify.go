package main

import (
	"io"

	"drawshow/cmd/internal/verifycmd"
)

func cmdVerify(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	return verifycmd.Run(args, stdout, stderr)
}
