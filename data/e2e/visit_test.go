package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// The Day of Reconciliation's visit rule, through the record: the last
// visit is imported and stored with the rows, the freeze counts who it
// keeps out, and a visit edited in the database is found by verify.
func TestQualifyInTheRecord(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	rig.Write(t, filepath.Join(c.Dir, "eod.csv"), "Ticket,Card,Name,Tier,Spend,Last Visit\n"+
		"T1,C1,Ann,king,300,2024-01-10\nT2,C2,Bo,king,180,2024-01-10\nT3,C3,Cy,queen,120,2022-06-01\nT4,C4,Di,queen,120,45366\nT5,C5,Ed,ace,0,\n")
	text := `promotion: Summer Festivo
property: Montecasino
segments:
  - id: eod
    at: "2024-12-16T20:00"
    entries: eod.csv
    winners: 1
    attendance: not-required
    qualify:
      spend: {min: {king: 250, queen: 100}}
      last_visit: {within_days: 730}
`
	db, ss := c.Open(t, "eod.yaml", text, false, time.Date(2024, 12, 16, 18, 0, 0, 0, time.UTC))
	evs, err := ss.Do(show.Command{Op: show.OpFreeze}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := evs[len(evs)-1].Frozen
	if f.BelowSpend != 1 || f.NoVisit != 2 || f.Entries != 2 {
		t.Fatalf("below spend %d, no visit %d, entries %d; want 1, 2, 2", f.BelowSpend, f.NoVisit, f.Entries)
	}
	for _, op := range []show.Op{show.OpDraw, show.OpClose} {
		if _, err := ss.Do(show.Command{Op: op}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %v %q", err, r.Problems)
	}
	// the statement names the rule and the figures
	for card, want := range map[string]string{
		"C2": "not eligible: spend R180 below R250 for King",
		"C3": "not eligible: last visit 2022-06-01, before 2022-12-17 (730 days before the draw)",
		"C5": "not eligible: no visit on record",
	} {
		st, err := paper.StatementOf(db, card)
		if err != nil || len(st.Official) != 1 || strings.ReplaceAll(st.Official[0].NotEligible, "\u202f", " ") != want {
			t.Errorf("statement of %s: %v %+v, want %q", card, err, st, want)
		}
	}
	if _, err := rig.RawSQL(t, db).Exec(`UPDATE entries SET visit = '2024-11-30' WHERE visit = ''`); err != nil {
		t.Fatal(err)
	}
	r, err := verifydb.Check(db)
	if err != nil || !strings.Contains(strings.Join(r.Problems, "\n"), "a stored row was edited") {
		t.Errorf("verify after a visit was written in: %v %q", err, r.Problems)
	}
}
