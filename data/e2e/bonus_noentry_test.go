package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// Royal Flush 34.1 with 39-41 through the record: Wednesday's bonus
// winners earn entries into Saturday's cash draw only if they printed a
// ticket on Saturday. The freeze names the winner who did not, verify
// --db rebuilds it, and the winner's statement says why there is no
// bonus entry.
func TestBonusEntryNeedsAnEntryThatDay(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var raps strings.Builder
	raps.WriteString("Machine No,Area,Card,Name,Tier,Spend\n")
	for i := range 6 {
		fmt.Fprintf(&raps, "M-%02d,Main,R%02d,Member %d,ace,900\n", i, i, i)
	}
	rig.Write(t, filepath.Join(c.Dir, "raps.csv"), raps.String())
	wed := rig.PlayBonus(t, c, "wednesday.yaml", "2024-11-27", true)
	// Saturday's file: every member but Wednesday's first winner
	var cash strings.Builder
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 6 {
		if card := fmt.Sprintf("R%02d", i); card != wed[0] {
			fmt.Fprintf(&cash, "T-%02d,%s,Member %d,ace\n", i, card, i)
		}
	}
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), cash.String())
	db, ss := c.Open(t, "saturday.yaml", rig.SaturdayText, true, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	// check foresees it from the file: the winner without a row earns none
	past, err := db.PastWins("", true)
	if err != nil {
		t.Fatal(err)
	}
	chk := session.CheckCampaign(ss.Eng.Show, past)
	if e := chk.Segments[0].Earned; len(e) != 1 || e[0].Wins != 3 || e[0].NoEntry != 1 || e[0].Entries != 6 {
		t.Errorf("check's earned %+v; want 3 wins, 1 without an entry, 6 entries", e)
	}
	evs, err := ss.Do(show.Command{Op: show.OpFreeze}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := evs[len(evs)-1].Frozen
	if len(f.Earned) != 1 || f.Earned[0].Wins != 3 || f.Earned[0].NoEntry != 1 || f.Earned[0].Entries != 6 || !slices.Equal(f.NoEntry, []string{wed[0]}) {
		t.Fatalf("earned %+v, no entry %v; want 3 wins, 1 without an entry, 6 entries, and %s", f.Earned, f.NoEntry, wed[0])
	}
	if f.TotalWeight != 5+6 {
		t.Errorf("total weight %d, want 5 tickets and 6 bonus entries", f.TotalWeight)
	}
	for _, op := range []show.Op{show.OpDraw, show.OpDraw, show.OpClose} {
		if _, err := ss.Do(show.Command{Op: op}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %v %q", err, r.Problems)
	}
	// the record and its report count them; verify holds them to the bin
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if d := rec.Draws[0]; !slices.Equal(d.BonusNoEntry, []string{wed[0]}) || d.BonusWinsNoEntry != 1 {
		t.Errorf("record.json's draw: bonus no entry %v, %d wins; want %s, 1", d.BonusNoEntry, d.BonusWinsNoEntry, wed[0])
	}
	report := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, "report.pdf")), "\n"))
	if want := rig.Squeeze("1 bonus-jackpot win(s) earned none, the winner having no entry in this draw that day: " + wed[0]); !strings.Contains(report, want) {
		t.Errorf("report.pdf lacks %q:\n%s", want, report)
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
	// what Wednesday gives is what the bin took: 6 entries from 2 wins,
	// the third earning none (issue 39: the list said 9 from 3)
	gives := "6 bonus entr(ies) from 2 win(s) of cash (of bonus); 1 more win(s) earned none, the winner having no entry that day"
	if len(rec.Carried) != 1 || rec.Carried[0].Gives() != gives {
		t.Errorf("record.json's carried %+v\nwant it to give %q", rec.Carried, gives)
	}
	if w := rig.Squeeze(gives); !strings.Contains(report, w) {
		t.Errorf("report.pdf lacks %q:\n%s", w, report)
	}
	forgedExport(t, out, "the sources given the wins that earned none",
		"the list of sources says show "+rec.Carried[0].Show+" gives 9 bonus entr(ies) from 3 win(s) of cash (of bonus); the freeze of cash took 6", func(dir string) {
			editRecordJSON(t, dir, func(rec *record.Record) {
				rec.Carried[0].Entries[0].Entries, rec.Carried[0].Entries[0].NoEntry = 9, 0
			})
		})
	st, err := paper.StatementOf(db, wed[0])
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := st.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	want := "not eligible: no entry in this draw that day, so its 1 bonus-jackpot win(s) earned no bonus entry (a bonus entry needs a ticket printed that day); 0 row(s) in the entry file"
	if !strings.Contains(b.String(), want) {
		t.Errorf("the statement of %s:\n%s\nwant %q", wed[0], b.String(), want)
	}
	// a winner with a ticket that day has theirs
	b.Reset()
	st, err = paper.StatementOf(db, wed[1])
	if err != nil {
		t.Fatal(err)
	}
	if err := st.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	if want := "(1 from the entry file and 3 bonus entries for 1 bonus-jackpot win(s))"; !strings.Contains(b.String(), want) {
		t.Errorf("the statement of %s:\n%s\nwant %q", wed[1], b.String(), want)
	}
}
