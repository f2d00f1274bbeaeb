package main

import "io"

func cmdCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error  { return nil }
func cmdExport(args []string, stdin io.Reader, stdout, stderr io.Writer) error { return nil }
func cmdVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) error { return nil }
