package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"drawshow/cmd/internal/cli"
	"drawshow/data/paper"
	"drawshow/data/store"
)

// cmdStatement prints, for the Guest Relations desk, every bin a card was
// in: its tickets, the bin's fingerprint and the result.
func cmdStatement(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("statement", flag.ContinueOnError)
	dbPath := fs.String("db", "", "campaign database `FILE`")
	card := fs.String("card", "", "the Rewards card `NUMBER`")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("statement", pos, 0, "no arguments besides flags"); err != nil {
		return err
	}
	if *dbPath == "" || strings.TrimSpace(*card) == "" {
		return errors.New("statement needs --db FILE and --card NUMBER")
	}
	db, err := store.OpenExisting(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	st, err := paper.StatementOf(db, *card)
	if err != nil {
		return err
	}
	if len(st.Official)+len(st.Rehearsals) == 0 {
		return fmt.Errorf("card %s is in no entry file of the %d show(s) in %s", st.Card, st.Shows, *dbPath)
	}
	return st.WriteText(stdout, *dbPath)
}
