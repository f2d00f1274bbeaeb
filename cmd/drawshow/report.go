package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"drawshow/cmd/internal/cli"
	"drawshow/data/campaign"
	"drawshow/data/compliance"
	"drawshow/data/desk"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/store"
)

// cmdReport writes the campaign's report: every official show's winners,
// the totals paid, the jackpot ledger, the prize desk week by week and
// the finalists by month, as PDF and XLSX; of a database of rehearsals
// (or with --rehearsals), the same of its rehearsals, marked REHEARSAL on
// every page. A show's own report is the export's report.pdf.
func cmdReport(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	dbPath := fs.String("db", "", "campaign database `FILE`")
	campaignFlag := fs.Bool("campaign", false, "the report of every official show of the database")
	letters := fs.Bool("letters", false, "a letter to each winner of a show: the prize, by when and where to collect it, what to bring")
	compliance := fs.Bool("compliance", false, "the compliance return of a show (--show) or of a month's official shows (--month)")
	month := fs.String("month", "", "with --compliance, the `YYYY-MM` of the shows to return")
	showID := fs.String("show", "", "with --letters or --compliance, the show `ID` (default: the latest show)")
	out := fs.String("out", "", "the `DIR` to write the report into")
	rehearsals := fs.Bool("rehearsals", false, "the report of the database's rehearsals (a campaign rehearsed before it runs), marked REHEARSAL; the default when the database holds no official show")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("report", pos, 0, "no arguments besides flags"); err != nil {
		return err
	}
	modes := 0
	for _, m := range []bool{*campaignFlag, *letters, *compliance} {
		if m {
			modes++
		}
	}
	if *dbPath == "" || *out == "" || modes != 1 {
		return errors.New("report needs --db FILE --out DIR and one of --campaign (the campaign's report), --letters [--show ID] (the winners' letters) or --compliance [--show ID | --month YYYY-MM] (the compliance return); a show's own report is the report.pdf of drawshow export")
	}
	switch {
	case *letters:
		return writeLetters(*dbPath, *showID, *out, stdout)
	case *compliance:
		return writeReturn(*dbPath, *showID, *month, *rehearsals, *out, stdout)
	}
	db, err := store.OpenExisting(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	shows, err := export.CampaignShows(db)
	if err != nil {
		return err
	}
	off := campaign.Official(shows)
	what := "official show(s)"
	if len(off) == 0 && len(shows) > 0 {
		*rehearsals = true // a campaign rehearsed in its own database
	}
	if *rehearsals {
		off, what = campaign.Rehearsals(shows), "REHEARSAL(S), not a result"
		if len(off) == 0 {
			return fmt.Errorf("%s holds no rehearsal (%d official show(s)): drop --rehearsals for the campaign report", *dbPath, len(shows))
		}
	}
	if len(off) == 0 {
		return fmt.Errorf("%s holds no show: a campaign report lists official shows, or a rehearsal campaign's rehearsals", *dbPath)
	}
	for _, s := range off {
		if s.Problem != "" {
			return fmt.Errorf("show %s: %s: a campaign report of records that do not hold would not be true (drawshow verify --db %s names why)", s.ID, s.Problem, *dbPath)
		}
	}
	// dated by the record of the shows it reports (and the desk's records
	// of their prizes), so the same record gives the same files: never by
	// the clock of a rehearsal run later on the same database
	ids := make([]string, len(off))
	for i, s := range off {
		ids[i] = s.ID
	}
	at, err := db.LastEventTimeOf(ids)
	if err != nil {
		return err
	}
	// the prize desk's book as of the same time: run drawshow desk expire
	// before, so the record says which prizes expired
	book, err := desk.Read(db)
	if err != nil {
		return err
	}
	if err := campaign.WriteCampaign(*out, off, book.Weeks(at), campaign.Dates{AsOf: at, Written: time.Now()}, *rehearsals); err != nil {
		return err
	}
	t := campaign.CampaignTotals(off)
	fmt.Fprintf(stdout, "campaign report of %d %s, %s to %s: %s; %s and %s in %s\n", len(off), what, off[0].Date, off[len(off)-1].Date,
		t.Words(off[0].Currency), campaign.CampaignPDF, campaign.CampaignXLSX, filepath.Clean(*out))
	return nil
}

// writeLetters writes the winners' letters of a show of the database.
func writeLetters(dbPath, showID, out string, stdout io.Writer) error {
	db, id, err := openRecord(dbPath, showID)
	if err != nil {
		return err
	}
	defer db.Close()
	x, err := export.SetOf(db, id, func(int) {})
	if err != nil {
		return err
	}
	ls, err := paper.WriteLetters(x, out, time.Now())
	if err != nil {
		return err
	}
	what := "letter(s)"
	if x.State().Opened.Rehearsal {
		what = "REHEARSAL letter(s), not to be sent"
	}
	fmt.Fprintf(stdout, "%d %s for the winners of show %s in %s\n", len(ls), what, id, filepath.Clean(out))
	for _, l := range ls {
		fmt.Fprintf(stdout, "  %s  %s, %s: %s, collect by %s\n", l.File, l.Card, l.Name, l.Prize, l.CollectBy)
	}
	return nil
}

// writeReturn writes the compliance return of a show, or of a month's
// official shows (rehearsals with rehearsal), of a database that
// verifies.
func writeReturn(dbPath, showID, month string, rehearsal bool, out string, stdout io.Writer) error {
	db, err := store.OpenExisting(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	r, err := compliance.Gather(db, filepath.Base(dbPath), showID, month, rehearsal)
	if err != nil {
		return err
	}
	r.Dates.Written = time.Now()
	files, err := campaign.WriteReturn(out, r)
	if err != nil {
		return err
	}
	t := r.Totals()
	mark := ""
	if r.Rehearsal {
		mark = "REHEARSAL "
	}
	fmt.Fprintf(stdout, "%scompliance return of %s: %d show(s), %d draw(s), %d winner(s), %d redraw(s), %d decline(s), %d prize(s) owed (%d collected, %d due, %d not collected); %s\n",
		mark, r.Name, len(r.Shows), t.Draws, t.Winners, t.Redraws, t.Declines, t.Owed, t.Collected, t.Due, t.Expired, strings.Join(files, ", "))
	return nil
}
