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

// Friday Prive 4.2 through the record: both spend columns of a Rewards
// export are imported (R 3 648,00 as the system writes it), the freeze
// counts the rows that pass neither rule, the statement names both
// figures, and a later spend edited in the database is found by verify.
func TestQualifyAnyInTheRecord(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	rig.Write(t, filepath.Join(c.Dir, "fri.csv"), "Ticket;Card;Name;Average Spend (12m);Total Spend (12m)\n"+
		"T1;C1;Ann;R 5 000,00;R 12 000,00\n"+
		"T2;C2;Bo;R 3 648,00;R 12 000,00\n"+
		"T3;C3;Cy;R 1 200,50;R 50 000,00\n"+
		"T4;C4;Di;4 999,99;49 999,99\n")
	text := `promotion: Summer Festivo
property: Montecasino
segments:
  - id: fri
    at: "2024-12-13T21:00"
    entries: fri.csv
    winners: 1
    attendance: not-required
    qualify:
      any:
        - spend: {column: Average Spend (12m), min: 5000, name: average spend}
        - spend: {column: Total Spend (12m), min: 50000, name: total spend}
`
	db, ss := c.Open(t, "fri.yaml", text, false, time.Date(2024, 12, 13, 19, 0, 0, 0, time.UTC))
	evs, err := ss.Do(show.Command{Op: show.OpFreeze}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := evs[len(evs)-1].Frozen
	if f.BelowSpend != 2 || f.Entries != 2 {
		t.Fatalf("below spend %d, entries %d; want 2, 2", f.BelowSpend, f.Entries)
	}
	for _, op := range []show.Op{show.OpDraw, show.OpClose} {
		if _, err := ss.Do(show.Command{Op: op}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %v %q", err, r.Problems)
	}
	for card, want := range map[string]string{
		"C2": "not eligible: average spend R3 648 below R5 000 and total spend R12 000 below R50 000",
		"C4": "not eligible: average spend R4 999 below R5 000 and total spend R49 999 below R50 000",
	} {
		st, err := paper.StatementOf(db, card)
		if err != nil || len(st.Official) != 1 || strings.ReplaceAll(st.Official[0].NotEligible, "\u202f", " ") != want {
			t.Errorf("statement of %s: %v %+v, want %q", card, err, st, want)
		}
	}
	if st, err := paper.StatementOf(db, "C3"); err != nil || st.Official[0].NotEligible != "" || st.Official[0].Tickets != 1 {
		t.Errorf("statement of C3, in by the total: %v %+v", err, st)
	}
	if _, err := rig.RawSQL(t, db).Exec(`UPDATE entries SET extra = replace(extra, 'R 12 000,00', 'R 62 000,00') WHERE card = 'C2'`); err != nil {
		t.Fatal(err)
	}
	r, err := verifydb.Check(db)
	if err != nil || !strings.Contains(strings.Join(r.Problems, "\n"), "a stored row was edited") {
		t.Errorf("verify after a spend was written up: %v %q", err, r.Problems)
	}
}
