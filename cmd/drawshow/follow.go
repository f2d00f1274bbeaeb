package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"drawshow/cmd/internal/cli"
	"drawshow/data/witness"
	"drawshow/show/keys"
)

// cmdFollow is the auditor's follower: it keeps a witness file of the
// show's journal on the auditor's own machine, as it is written.
func cmdFollow(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("follow", flag.ContinueOnError)
	out := fs.String("out", "", "the witness `FILE`: made, or followed on from when it is there")
	keyFile := fs.String("key", "", "the auditor's key `FILE` (drawshow key --out FILE): countersign the show's checkpoints and answer its picks with it")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("follow", pos, 1, "the feed's link, as the show printed it (witness feed: http://…/feed?t=…)"); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("follow needs --out FILE, the witness file")
	}
	var key *keys.Key
	if *keyFile != "" {
		if key, err = keys.ReadFile(*keyFile); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stderr, "following %s into %s; Ctrl-C stops\n", pos[0], *out)
	if key != nil {
		fmt.Fprintf(stderr, "countersigning as %s\n", key.Public())
	}
	err = witness.Follow(ctx, witness.Options{URL: pos[0], Out: *out, Log: stderr, Key: key})
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stdout, "stopped before the show closed; %s keeps what was seen\n", *out)
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "the show closed; %s holds its journal as it was written: drawshow verify … --witness %s\n", *out, *out)
	return nil
}
