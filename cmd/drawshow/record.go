package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"drawshow/cmd/internal/cli"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/data/witness"
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

// oneShow checks that what was read off paper names its show: in a
// database of several shows, a commitment could otherwise match any.
// It returns the show's id: id, or the database's only show.
func oneShow(db *store.DB, id string, p verify.Paper) (string, error) {
	shows, err := db.Shows()
	if err != nil {
		return "", err
	}
	if id != "" {
		_, err := db.Show(id)
		return id, err
	}
	if len(shows) == 1 {
		return shows[0].ID, nil
	}
	if len(shows) > 1 && (p.Commitment != "" || len(p.Anchors) > 0 || len(p.Prints) > 0 || p.WitnessFile != "" || len(p.Witness) > 0) {
		ids := make([]string, len(shows))
		for i, s := range shows {
			ids[i] = s.ID
		}
		return "", fmt.Errorf("%s holds %d shows (%s): say which the paper and the witness are of with --show ID", db.Path(), len(shows), strings.Join(ids, ", "))
	}
	return "", nil
}

// notClosed says, for an open show, why its picks cannot be verified yet.
func notClosed(stdout io.Writer, rec *record.Record) {
	if rec.Seed == "" {
		fmt.Fprintln(stdout, "the show is not closed: the seed stays secret and the picks cannot be verified until it is")
	}
}

func cmdVerify(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	dbPath := fs.String("db", "", "check the journal hash chain of this database `FILE`")
	var paper verify.Paper
	fs.StringVar(&paper.Commitment, "commitment", "", "the commitment `HEX` as printed on the pre-show sheet: the record must be that show's")
	fs.Func("anchor", "`SEQ:HEX`, a journal row and the start of its hash as printed on a board or the report (16 hex digits or more; repeatable)", func(s string) error {
		a, err := verify.ParseAnchor(s)
		paper.Anchors = append(paper.Anchors, a)
		return err
	})
	fs.Func("fingerprint", "`SEGMENT:HEX`, a frozen bin's fingerprint as the intro showed it (16 hex digits or more; repeatable)", func(s string) error {
		f, err := verify.ParsePrint(s)
		paper.Prints = append(paper.Prints, f)
		return err
	})
	witnessFile := fs.String("witness", "", "a follower's witness `FILE` (drawshow follow): the record must hold every row it holds")
	stillOpen := fs.Bool("open", false, "with --db: a show not closed is still running; check what can be checked of it")
	showID := fs.String("show", "", "with --db: the show `ID` the commitment, anchors and witness are of (needed when the database holds more than one)")
	anchorsFile := fs.String("anchors", "", "with --db: the auditor's list of the campaign's official shows, `FILE`, one a line: SHOW_ID COMMITMENT SEQ:HEXPREFIX (the closing chain head); a show that carries anything from a show not on it, or whose commitment or head differs, is refused")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *witnessFile != "" {
		if paper.Witness, err = witness.ReadFile(*witnessFile); err != nil {
			return err
		}
		paper.WitnessFile = *witnessFile
	}
	var problems []string
	switch {
	case *dbPath != "" && len(pos) == 0:
		db, err := store.OpenExisting(*dbPath)
		if err != nil {
			return err
		}
		defer db.Close()
		if *showID, err = oneShow(db, *showID, paper); err != nil {
			return err
		}
		r, err := verifydb.Check(db)
		if err != nil {
			return err
		}
		onPaper, err := verifydb.Against(db, paper, *showID)
		if err != nil {
			return err
		}
		unverified, notes, err := verifydb.Unverified(db, *stillOpen)
		if err != nil {
			return err
		}
		problems = append(append(r.Problems, onPaper...), unverified...)
		if *anchorsFile != "" {
			f, err := os.Open(*anchorsFile)
			if err != nil {
				return err
			}
			list, err := verify.ParseShowAnchors(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %v", *anchorsFile, err)
			}
			carried, err := verifydb.AgainstShowAnchors(db, list)
			if err != nil {
				return err
			}
			problems = append(problems, carried...)
		}
		for _, n := range notes {
			fmt.Fprintln(stdout, "note:", n)
		}
		if len(problems) == 0 {
			fmt.Fprintf(stdout, "journal OK: %d events, head %s\n", r.Events, r.Head)
		}
	case *stillOpen || *showID != "" || *anchorsFile != "":
		return errors.New("--open, --show and --anchors are for verify --db")
	case *dbPath == "" && len(pos) == 1:
		fi, err := os.Stat(pos[0])
		if err != nil {
			return err
		}
		if fi.IsDir() {
			r, err := verify.Dir(pos[0])
			if err != nil {
				return err
			}
			r.Against(paper)
			problems = r.Problems
			if len(problems) == 0 {
				fmt.Fprintf(stdout, "record OK: %s%s\n", r.Summary(), choicesDerived(r))
			}
			break
		}
		r, err := export.VerifyArchive(pos[0])
		if err != nil {
			return err
		}
		r.Against(paper)
		problems = r.Problems
		if len(problems) == 0 {
			fmt.Fprintf(stdout, "archive OK: %d file(s) match %s\n", r.Files, record.SumsFile)
			fmt.Fprintf(stdout, "record OK: %s%s\n", r.Summary(), choicesDerived(r))
			fmt.Fprintf(stdout, "database copy OK: journal of %d events, head %s; it folds to the same record\n", r.CopyEvents, r.CopyHead)
		}
	default:
		return errors.New("verify needs an export DIR, or --db FILE, or an archive FILE.zip")
	}
	if len(problems) == 0 && (paper.Commitment != "" || len(paper.Anchors) > 0 || len(paper.Prints) > 0) {
		fmt.Fprintf(stdout, "paper OK: %s%d anchor(s) and %d fingerprint(s) hold\n", map[bool]string{true: "the commitment matches; "}[paper.Commitment != ""], len(paper.Anchors), len(paper.Prints))
	}
	if len(problems) == 0 && *witnessFile != "" {
		n, last := witness.Held(paper.Witness)
		fmt.Fprintf(stdout, "witness OK: the record holds all %d row(s) of %s, to row %d, as they were seen\n", n, *witnessFile, last)
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, "MISMATCH:", p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "verify failed: %d problem(s)\n", len(problems))
		return cli.ErrQuiet
	}
	return nil
}
