package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"drawshow/cmd/internal/cli"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

func cmdCheck(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	dbPath := fs.String("db", "", "the campaign database `FILE`, read only: count what each draw's bonus_entries and exclude_winners take from its earlier official shows")
	rehearsal := fs.Bool("rehearsal", false, "with --db: count what the show takes as a rehearsal, from the database's earlier rehearsals (an official show takes from the official shows only)")
	asJSON := fs.Bool("json", false, "print what check finds as one JSON document on stdout (docs/operations.md#check---json), for a script or an editor; the exit status is the same")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("check", pos, 1, "one show file"); err != nil {
		return err
	}
	sh, err := show.Load(pos[0])
	var past []show.PastWin
	if err == nil && *dbPath != "" {
		past, err = pastWins(*dbPath, *rehearsal)
	}
	if err != nil {
		if *asJSON { // the show file's problems, or the database's, as data
			return writeCheckJSON(stdout, failedCheck(pos[0], err))
		}
		return err
	}
	return checkShow(sh, session.CheckCampaign(sh, past), *dbPath, *asJSON, stdout, stderr)
}

// offBoardNote names the players of a leaderboard's standings that its
// exclusions list keeps off the board, with the place each stood at.
func offBoardNote(seg *show.Segment, off []show.Place) string {
	ps := make([]string, len(off))
	for i, p := range off {
		ps[i] = fmt.Sprintf("%s (place %d, %s points)", p.Card, p.Rank, show.Thousands(p.Points))
	}
	return fmt.Sprintf("%s: %d player(s) of the standings are on the exclusions list, never on the board: %s", seg.ID, len(off), strings.Join(ps, ", "))
}

// pastWins are the winners of the campaign database's earlier official
// shows (or rehearsals), read without writing.
func pastWins(dbPath string, rehearsal bool) ([]show.PastWin, error) {
	db, err := store.OpenExisting(dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	past, err := db.PastWins("", rehearsal)
	if err != nil {
		return nil, fmt.Errorf("%s: the campaign's earlier winners: %v", dbPath, err)
	}
	return past, nil
}

// checkShow prints what check found of the show's files, as text or as
// JSON, and fails when a file has problems or is not there.
func checkShow(sh *show.Show, c *session.ShowCheck, dbPath string, asJSON bool, stdout, stderr io.Writer) error {
	if asJSON {
		return writeCheckJSON(stdout, checkReportOf(sh, c, dbPath))
	}
	for _, p := range c.Problems {
		fmt.Fprintln(stderr, p)
	}
	if l := c.Lists; l != nil {
		fmt.Fprintf(stdout, "%s — %s, %s: %d segment(s); %d card(s) excluded, %d on the decline register, %d proxy nomination(s)\n",
			sh.Path, sh.Promotion, sh.Property, len(sh.Segments), l.Exclusions, len(l.Register), len(l.Proxies))
	}
	tw := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "segment\trows\tparticipants\texcluded\teligible\ttickets\twinners\t")
	var notes []string
	for _, r := range c.Segments {
		seg := r.Seg
		switch {
		case seg.Slide():
			fmt.Fprintf(tw, "%s\t(slide)\t\t\t\t\t\t\n", seg.ID)
		case r.Err != nil:
		case r.Missing:
			fmt.Fprintf(tw, "%s\t(no file)\t\t\t\t\t%d\t\n", seg.ID, seg.Winners)
		case seg.Leaderboard():
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t(leaderboard)\t\t\t\n", seg.ID, len(r.Standings), len(r.Standings), len(r.OffBoard))
			if len(r.OffBoard) > 0 {
				notes = append(notes, offBoardNote(seg, r.OffBoard))
			}
		case r.Check.Made:
			// its bin is made at the show from earlier winners or bins
			fmt.Fprintf(tw, "%s\t(%s)\t\t\t\t\t%d\t\n", seg.ID, fromWhat(sh, seg), seg.Winners)
			notes = append(notes, finaleNotes(sh, seg, r.Check)...)
		default:
			bin := r.Check.Bin
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", seg.ID, bin.Rows, r.Check.People, len(bin.Excluded), bin.Participants, bin.Total, seg.Winners)
			for _, d := range r.Check.Dropped {
				notes = append(notes, fmt.Sprintf("%s: %s row %d: the summary row %q at the end of the file is not an entry: dropped", seg.ID, sh.Rel(seg.Entries), d.Row, d.Value))
			}
			notes = append(notes, finaleNotes(sh, seg, r.Check)...)
		}
		notes = append(notes, campaignNotes(seg, r, dbPath)...)
	}
	tw.Flush()
	for _, n := range append(notes, c.Dropped...) {
		fmt.Fprintln(stdout, n)
	}
	listMatches(c, stdout, stderr)
	// before the show every file must be there: at open, one that is not
	// yet (a later draw's export) is a warning
	for _, m := range c.Missing {
		fmt.Fprintln(stderr, m)
	}
	if n := len(c.Problems) + len(c.Missing); n > 0 {
		fmt.Fprintf(stderr, "%d file(s) with problems: nothing was imported\n", n)
		return cli.ErrQuiet
	}
	return nil
}

// listMatches says how many of each list's cards matched an entry of
// the bins it applies to, and warns of a list that matched none of bins
// that are not empty: a list whose cards Excel turned into numbers (their
// leading zeros gone) keeps nobody out, silently. A list the show file
// says may match none (expect_unmatched) is noted, not warned of.
func listMatches(c *session.ShowCheck, stdout, stderr io.Writer) {
	for _, m := range c.Matches {
		fmt.Fprintf(stdout, "%s: %d of %d card(s) matched an entry\n", m.Name, m.Matched, m.Cards)
		if m.Unmatched() && m.Expect {
			fmt.Fprintf(stdout, "%s: none of its %d card(s) matched an entry, as the show file expects (expect_unmatched: true)\n", m.File, m.Cards)
		}
		if w := unmatchedWarning(m); w != "" {
			fmt.Fprintln(stderr, w)
		}
	}
}

// unmatchedWarning warns of a list that matched no entry of bins with
// rows, unless the show file expects it; "" when there is nothing to say.
func unmatchedWarning(m *session.ListMatch) string {
	if !m.Unmatched() || m.Expect {
		return ""
	}
	return fmt.Sprintf("%s: none of its %d card(s) matched an entry: check its card numbers (Excel drops the leading zeros of a number cell); an official show will not open with it unless the show file says {file: %s, expect_unmatched: true}",
		m.File, m.Cards, m.File)
}
