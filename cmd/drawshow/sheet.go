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

// cmdSheet writes the pre-show sheet of an open show: the commitment, the
// show file's and every present list and entry file's SHA-256, and the
// run sheet, for the auditor to sign before the first draw. It only reads
// the database.
func cmdSheet(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sheet", flag.ContinueOnError)
	dbPath := fs.String("db", "", "campaign database `FILE` the show was opened in")
	showID := fs.String("show", "", "show `ID`, when a rehearsal and an official show are both open from the show file")
	out := fs.String("out", "", "the sheet to write, `FILE.pdf`")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("sheet", pos, 1, "one show file"); err != nil {
		return err
	}
	if *dbPath == "" || *out == "" {
		return errors.New("sheet needs --db FILE and --out FILE.pdf")
	}
	if !strings.HasSuffix(strings.ToLower(*out), ".pdf") {
		return fmt.Errorf("sheet --out %s: the sheet is a PDF; name it FILE.pdf", *out)
	}
	sh, text, err := readShow(pos[0])
	if err != nil {
		return err
	}
	db, err := store.OpenExisting(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := paper.SheetOf(db, *showID, sh, text)
	if err != nil {
		return err
	}
	if err := paper.WriteSheetPDF(*out, *s); err != nil {
		return err
	}
	status := paper.SheetOfficial
	if s.Rehearsal {
		status = paper.SheetRehearsal
	}
	hashed := 0
	for _, f := range s.Files {
		if f.SHA256 != "" {
			hashed++
		}
	}
	fmt.Fprintf(stdout, "pre-show sheet of show %s (%s) to %s: commitment %s; %d of %d list and entry file(s) hashed; %d segment(s)\n",
		s.ShowID, status, *out, paper.Group4(s.Commitment), hashed, len(s.Files), len(s.Segments))
	if s.Late != "" {
		fmt.Fprintf(stderr, "warning: %s; the sheet says it was printed after the first draw began\n", s.Late)
	}
	return nil
}
