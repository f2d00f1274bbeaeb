package main

import (
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"drawshow/cmd/internal/cli"
	"drawshow/show/keys"
)

// cmdKey makes a party's key (the auditor's, a standby laptop's) into a
// new file readable by its owner alone, and prints its public key, one
// token, for the show file (auditor_key: KEY) and the party's note.
func cmdKey(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("key", flag.ContinueOnError)
	out := fs.String("out", "", "write the key to this new `FILE` (never replaced; mode 0600)")
	name := fs.String("name", "", "the key's `NAME`, one word (default: the file's name without its extension)")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("key", pos, 0, "no arguments"); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("key needs --out FILE")
	}
	if *name == "" {
		base := filepath.Base(*out)
		*name = strings.TrimSuffix(base, filepath.Ext(base))
	}
	k, err := keys.Generate(*name, rand.Reader)
	if err != nil {
		return err
	}
	if err := k.WriteFile(*out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "public key: %s\n", k.Public())
	return nil
}
