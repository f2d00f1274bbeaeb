package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"drawshow/cmd/internal/cli"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/store"
)

func cmdExport(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	dbPath := fs.String("db", "", "campaign database `FILE`")
	showID := fs.String("show", "", "show `ID` (default: the latest show)")
	out := fs.String("out", "", "output `DIR`")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("export", pos, 0, "no arguments besides flags"); err != nil {
		return err
	}
	if *dbPath == "" || *out == "" {
		return errors.New("export needs --db FILE and --out DIR")
	}
	db, id, err := openRecord(*dbPath, *showID)
	if err != nil {
		return err
	}
	defer db.Close()
	rec, err := export.Write(db, id, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "exported show %s: %d draw(s), %d pick(s), %d journal events to %s\n", rec.Show.ID, len(rec.Draws), picks(rec), rec.Journal.Events, *out)
	fmt.Fprintf(stdout, "files: %s, %s, %s, %s, %s, %s and %d bin(s) in bins/\n",
		record.RecordFile, record.WinnersCSV, record.WinnersXLSX, record.ReportPDF, record.CollectionFile, record.ContactsFile, len(rec.Draws))
	fmt.Fprintln(stdout, record.OpenTheWorkbook)
	finaleSummary(stdout, rec)
	if rec.Show.Rehearsal {
		fmt.Fprintln(stdout, "REHEARSAL: this show is a rehearsal, never an official result; every page and sheet says so")
	}
	notClosed(stdout, rec)
	return nil
}

// openRecord opens an existing campaign database and names the show asked
// for: the latest one when none is.
func openRecord(dbPath, showID string) (*store.DB, string, error) {
	db, err := store.OpenExisting(dbPath)
	if err != nil {
		return nil, "", err
	}
	if showID == "" {
		if showID, err = db.LatestShow(); err != nil {
			db.Close()
			return nil, "", err
		}
	}
	return db, showID, nil
}

func picks(rec *record.Record) int {
	n := 0
	for _, d := range rec.Draws {
		n += len(d.Picks)
	}
	return n
}

// notClosed says, for an open show, why its picks cannot be verified yet.
func notClosed(stdout io.Writer, rec *record.Record) {
	if rec.Seed == "" {
		fmt.Fprintln(stdout, "the show is not closed: the seed stays secret and the picks cannot be verified until it is")
	}
}
