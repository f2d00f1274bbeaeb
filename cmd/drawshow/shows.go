package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"drawshow/cmd/internal/cli"
	"drawshow/data/campaign"
	"drawshow/data/export"
	"drawshow/data/store"
	"drawshow/show"
)

// cmdShows lists every show of a campaign database, so that a show's id
// need not be guessed for export, archive or sheet.
func cmdShows(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("shows", flag.ContinueOnError)
	dbPath := fs.String("db", "", "campaign database `FILE`")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("shows", pos, 0, "no arguments besides flags"); err != nil {
		return err
	}
	if *dbPath == "" {
		return errors.New("shows needs --db FILE")
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
	if len(shows) == 0 {
		return fmt.Errorf("%s holds no show", *dbPath)
	}
	return writeShows(stdout, shows)
}

// writeShows is the table of shows: id, date, status, draws, winners and
// what they won.
func writeShows(w io.Writer, shows []campaign.CampaignShow) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SHOW\tDATE\tSTATUS\tDRAWS\tWINNERS\tCASH\tIN KIND")
	official := 0
	for _, s := range shows {
		if s.Problem != "" {
			fmt.Fprintf(tw, "%s\t%s\t%s\t\t\t\t\n", s.ID, s.Date, s.Status()+": does not fold: "+s.Problem)
			if !s.Rehearsal {
				official++
			}
			continue
		}
		t := s.Totals
		kind := strconv.Itoa(t.InKind)
		if t.InKindValue > 0 {
			kind += " (" + show.Money(s.Currency, t.InKindValue) + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%s\n", s.ID, s.Date, s.Status(), s.Draws, t.Winners, show.Money(s.Currency, t.Cash), kind)
		if !s.Rehearsal {
			official++
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	off := campaign.Official(shows)
	line := fmt.Sprintf("%d show(s): %d official, %d rehearsal(s)", len(shows), official, len(shows)-official)
	if len(off) > 0 {
		line += "; the official shows paid " + campaign.CampaignTotals(off).Words(off[0].Currency)
		if n := campaign.CampaignSpots(off); n > 0 {
			line += fmt.Sprintf(", and gave %d finalist spot(s) (not prizes: in no total above)", n)
		}
	}
	_, err := fmt.Fprintln(w, line)
	return err
}
