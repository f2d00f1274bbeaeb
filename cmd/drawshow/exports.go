package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"drawshow/cmd/internal/cli"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/record"
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

// cmdArchive writes the auditor's archive of a show: its export, a
// consistent copy of the database and SHA256SUMS, in one zip file.
func cmdArchive(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("archive", flag.ContinueOnError)
	dbPath := fs.String("db", "", "campaign database `FILE`")
	showID := fs.String("show", "", "show `ID` (default: the latest show)")
	out := fs.String("out", "", "the archive to write, `FILE.zip`")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("archive", pos, 0, "no arguments besides flags"); err != nil {
		return err
	}
	if *dbPath == "" || *out == "" {
		return errors.New("archive needs --db FILE and --out FILE.zip")
	}
	if !strings.HasSuffix(strings.ToLower(*out), ".zip") {
		return fmt.Errorf("archive --out %s: the archive is a zip file; name it FILE.zip", *out)
	}
	db, id, err := openRecord(*dbPath, *showID)
	if err != nil {
		return err
	}
	defer db.Close()
	rec, err := export.Archive(db, id, *out, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "archived show %s: %d draw(s), %d pick(s), the export, a copy of the database and %s to %s\n",
		rec.Show.ID, len(rec.Draws), picks(rec), record.SumsFile, *out)
	if rec.Show.Rehearsal {
		fmt.Fprintln(stdout, "REHEARSAL: this show is a rehearsal, never an official result")
	}
	notClosed(stdout, rec)
	fmt.Fprintln(stdout, "the database copy holds every show of the campaign, rehearsals included: one journal chains them all")
	return nil
}
