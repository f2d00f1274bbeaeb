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
)

// cmdFollow is the auditor's follower: it keeps a witness file of the
// show's journal on the auditor's own machine, as it is written.
func cmdFollow(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("follow", flag.ContinueOnError)
	out := fs.String("out", "", "the witness `FILE`: made, or followed on from when it is there")
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stderr, "following %s into %s; Ctrl-C stops\n", pos[0], *out)
	err = witness.Follow(ctx, witness.Options{URL: pos[0], Out: *out, Log: stderr})
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
