package desk_test

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/campaign"
	"drawshow/data/datatest/rig"
	"drawshow/data/desk"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// TestDeskRecordsInTheJournal: the prize desk records a prize collected
// and signed for, a winner contacted and the prizes expired after their
// 15 days, in the campaign database's journal (one chain with the
// shows); it refuses a record of a pick that is no winner owed a prize,
// a second collection, a collection by the proxy, after the last day or
// after the expiry, naming the show, the draw and the pick. The show's
// export is the same, byte for byte, after the desk's records as before,
// and verify --db holds every desk record to the shows (issue 26).
func TestDeskRecordsInTheJournal(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, false)
	id := ss.ID
	before := filepath.Join(t.TempDir(), "before")
	if _, err := export.Write(db, id, before); err != nil {
		t.Fatal(err)
	}
	b, err := desk.Read(db)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.Prizes()); n != 4 {
		t.Fatalf("%d prizes owed, want the proxy's, the decline's and two to contact", n)
	}
	now := rig.SAST(t, "2024-12-20T09:00")
	rec := func(e show.Event) error { return desk.Record(db, b, now, []show.Event{e}) }
	refused := func(e show.Event, want ...string) {
		t.Helper()
		err := rec(e)
		for _, w := range want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s of %s pick %d: %v, want it refused with %q", e.Kind, e.Desk.Segment, e.Desk.K+1, err, w)
			}
		}
	}
	cash := ss.Eng.State().Seg("sat-cash")
	winner := rig.PersonOf(cash.Picks[4].Participant).Name
	where := "show " + id + ", draw sat-cash, pick 5"

	// refused: not a prize the desk owes, a proxy signing, too late, too early
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 0, rig.SAST(t, "2024-12-02T10:00"), "X", "1", ""), "show "+id+", draw sat-cash, pick 1", "claimed in person")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 2, rig.SAST(t, "2024-12-02T10:00"), "X", "1", ""), "draw sat-cash, pick 3", "is not a winner (no-show)")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 9, rig.SAST(t, "2024-12-02T10:00"), "X", "1", ""), "draw sat-cash, pick 10", "has 6 pick(s)")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "nosuch", 0, rig.SAST(t, "2024-12-02T10:00"), "X", "1", ""), "has no draw nosuch")
	refused(rig.DeskRecord(b, show.PrizeCollected, "nosuch-2024-11-30", "sat-cash", 0, rig.SAST(t, "2024-12-02T10:00"), "X", "1", ""), "no show nosuch-2024-11-30")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-02T10:00"), "Lindiwe Dube", "8001015009087", ""), where, "may not take receipt")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-16T08:00"), winner, "7001015009088", ""), where, "to be collected by 2024-12-15")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-21T08:00"), winner, "7001015009088", ""), "after the time it is recorded")
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-02T10:00"), winner, "", ""), "needs who signed for it and the ID")
	refused(rig.DeskRecord(b, show.PrizeExpired, id, "members", 0, rig.SAST(t, "2024-12-10T10:00"), "", "", ""), "draw members, pick 1", "may be collected until 2024-12-15")
	forged := rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-02T10:00"), winner, "7001015009088", "")
	forged.Desk.Card = "C99"
	refused(forged, "the record names ticket")

	// recorded: a collection, a contact, then the expiries
	if err := rec(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-02T10:00"), winner, "7001015009088", "")); err != nil {
		t.Fatal(err)
	}
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-03T10:00"), winner, "7001015009088", ""), where, "already collected, on 2024-12-02 10:00 by "+winner)
	if err := rec(rig.DeskRecord(b, show.WinnerContacted, id, "members", 0, rig.SAST(t, "2024-12-01T11:00"), "Thandi at the desk", "", "a call to the cell on file")); err != nil {
		t.Fatal(err)
	}
	at := rig.SAST(t, "2024-12-16T08:00")
	lapsed := b.Lapsed(at)
	if len(lapsed) != 3 {
		t.Fatalf("%d lapsed on 16 December, want the decline's and both to contact", len(lapsed))
	}
	var expire []show.Event
	for _, p := range lapsed {
		expire = append(expire, rig.DeskRecord(b, show.PrizeExpired, p.Show, p.Segment, p.K, at, "", "", ""))
	}
	if err := desk.Record(db, b, now, expire); err != nil {
		t.Fatal(err)
	}
	refused(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 5, rig.SAST(t, "2024-12-14T10:00"), "Someone", "1", ""), "draw sat-cash, pick 6", "expired: its last day was 2024-12-15")

	// week by week
	weeks := b.Weeks(now)
	if len(weeks) != 1 {
		t.Fatalf("weeks %+v", weeks)
	}
	if w := weeks[0]; w.Week != "2024-W48" || w.From != "2024-11-25" || w.To != "2024-12-01" || w.Owed != 4 || w.Collected != 1 || w.Due != 0 ||
		w.Expired != 3 || w.Contacted != 1 || w.OwedCash != 3000 || w.ExpiredCash != 1000 {
		t.Errorf("the week %+v", w)
	}
	// read again from the database, the book is the same
	again, err := desk.Read(db)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Weeks(now); len(got) != 1 || got[0] != weeks[0] {
		t.Errorf("read again: %+v, want %+v", got, weeks)
	}

	// the journal: one chain, the desk's rows under its own show
	vr, err := verifydb.Check(db)
	if err != nil || len(vr.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, vr.Problems)
	}
	evs, err := db.Events(show.DeskShow)
	if err != nil || len(evs) != 5 {
		t.Fatalf("%d desk rows, %v", len(evs), err)
	}
	// the show's export is what it was
	after := filepath.Join(t.TempDir(), "after")
	if _, err := export.Write(db, id, after); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, before, after)
	if v, err := rig.VerifyDir(after); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}

	// a correctly hashed row appended by hand is held to the shows
	forge := func(e show.Event) {
		t.Helper()
		raw, err := sql.Open("sqlite3", "file:"+f.DBPath+"?_busy_timeout=10000")
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		head, err := db.JournalHead()
		if err != nil {
			t.Fatal(err)
		}
		e.Show, e.At = show.DeskShow, now.UTC()
		e.Desk.At = e.Desk.At.UTC()
		p, _ := e.Payload()
		at := e.At.Format(time.RFC3339Nano)
		h := record.Chain(head.Hash, record.Canonical(head.Seq+1, at, string(e.Kind), p))
		if _, err := raw.Exec(`INSERT INTO journal(seq, at, kind, payload, prev_hash, hash, show) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			head.Seq+1, at, string(e.Kind), string(p), head.Hash, h, show.DeskShow); err != nil {
			t.Fatal(err)
		}
	}
	noShow := rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 2, rig.SAST(t, "2024-12-02T10:00"), "X", "1", "")
	noShow.Desk.Ticket, noShow.Desk.Card = cash.Picks[2].Ticket, cash.Picks[2].Participant
	forge(noShow)
	forge(rig.DeskRecord(b, show.PrizeCollected, id, "sat-cash", 4, rig.SAST(t, "2024-12-03T10:00"), winner, "7001015009088", ""))
	vr, err = verifydb.Check(db)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(vr.Problems, "\n")
	for _, want := range []string{"prize-collected (the prize desk): show " + id + ", draw sat-cash, pick 3 (card " + cash.Picks[2].Participant + ") is not a winner (no-show)",
		where + " (card " + cash.Picks[4].Participant + ", R2 000) was already collected"} {
		if !strings.Contains(all, want) {
			t.Errorf("verify --db of forged desk rows:\n%s\nwant %q", all, want)
		}
	}
	if _, err := desk.Read(db); err == nil || !strings.Contains(err.Error(), "does not hold") {
		t.Errorf("the desk read over a forged row: %v", err)
	}
}

// sameFiles holds every file of two folders to the same bytes.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs after the desk's records: %v", rel, err)
		}
		n++
		return nil
	})
	if err != nil || n < 8 {
		t.Fatalf("%d files compared: %v", n, err)
	}
}

// TestCampaignReportPrizeDesk: the campaign report shows what the prize
// desk owes week by week of the draws, as of the report's date: owed,
// collected, due and expired, in campaign.xlsx's Prize desk sheet and
// in campaign.pdf.
func TestCampaignReportPrizeDesk(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, false)
	b, err := desk.Read(db)
	if err != nil {
		t.Fatal(err)
	}
	cash := ss.Eng.State().Seg("sat-cash")
	now := rig.SAST(t, "2024-12-20T09:00")
	if err := desk.Record(db, b, now, []show.Event{rig.DeskRecord(b, show.PrizeCollected, ss.ID, "sat-cash", 4, rig.SAST(t, "2024-12-02T10:00"),
		rig.PersonOf(cash.Picks[4].Participant).Name, "7001015009088", "")}); err != nil {
		t.Fatal(err)
	}
	shows, err := export.CampaignShows(db)
	if err != nil {
		t.Fatal(err)
	}
	// as of 10 December: one collected, three due
	out := t.TempDir()
	if err := campaign.WriteCampaign(out, shows, b.Weeks(rig.SAST(t, "2024-12-10T12:00")), campaign.Dates{AsOf: rig.SAST(t, "2024-12-10T12:00"), Written: rig.SAST(t, "2024-12-10T12:00")}, false); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenFile(filepath.Join(out, campaign.CampaignXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(campaign.CampaignDeskSheet)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{campaign.CampaignDeskColumns, {"2024-W48", "2024-11-25", "2024-12-01", "4", "3000", "1", "3", "1000", "0", "0", "0"}}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("Prize desk sheet\n got %q\nwant %q", rows, want)
	}
	pdf := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, campaign.CampaignPDF)), "\n"))
	for _, w := range []string{"The prize desk, week by week", "2024-W48 2024-11-25 to 2024-12-01 4 " + rig.Squeeze(show.Money("ZAR", 3000)) + " 1 3 " + rig.Squeeze(show.Money("ZAR", 1000)) + " 0"} {
		if !strings.Contains(pdf, w) {
			t.Errorf("campaign.pdf does not say %q:\n%s", w, pdf)
		}
	}
}

// TestDeskRowsInsideAnotherShowsJournal: a desk record made while another
// show stands open (between two of its runs) lands among that show's
// rows; its export carries the row only to link the chain, and verifies.
func TestDeskRowsInsideAnotherShowsJournal(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, first := rig.PlayExportShow(t, f, false)
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	second, err := session.Open(db, sh, f.Text, session.Options{Rehearsal: true, Seed: rig.Seed, Clock: func() time.Time { return f.Clock }})
	if err != nil {
		t.Fatal(err)
	}
	step := func(c show.Command) {
		t.Helper()
		f.Clock = rig.OnTime(second, c, f.Clock.Add(7*time.Second))
		if _, err := second.Do(c, nil); err != nil {
			t.Fatalf("%s: %v", c.Op, err)
		}
	}
	step(show.Command{Op: show.OpDraw})
	b, err := desk.Read(db)
	if err != nil {
		t.Fatal(err)
	}
	p := b.Prizes()[0]
	if err := desk.Record(db, b, rig.SAST(t, "2024-12-20T09:00"), []show.Event{rig.DeskRecord(b, show.WinnerContacted, first.ID, p.Segment, p.K,
		rig.SAST(t, "2024-12-01T09:00"), "Thandi", "", "a call")}); err != nil {
		t.Fatal(err)
	}
	step(show.Command{Op: show.OpClaim})
	step(show.Command{Op: show.OpSkip, Text: "a test of one pick"})
	step(show.Command{Op: show.OpNext})
	step(show.Command{Op: show.OpSkip, Text: "a test of one pick"})
	step(show.Command{Op: show.OpClose})
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, second.ID, out); err != nil {
		t.Fatal(err)
	}
	rows, err := record.ReadJournalFile(filepath.Join(out, record.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rows, func(r record.Row) bool { return r.Show == show.DeskShow }) {
		t.Fatalf("the desk's row is not among the second show's rows")
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	if vr, err := verifydb.Check(db); err != nil || len(vr.Problems) > 0 {
		t.Fatalf("verify --db: %v %+v", err, vr)
	}
}
