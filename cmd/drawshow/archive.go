package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"drawshow/cmd/internal/cli"
	"drawshow/data/export"
	"drawshow/data/record"
)

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
