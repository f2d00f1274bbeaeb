package show

import (
	"strings"
	"testing"
	"time"
)

// Friday Prive 4.2: "average spend of R5 000 or total spend of R50 000
// or more in the last 12 months": a row enters when either rule passes,
// and one that fails both is told both figures.
func TestQualifyAny(t *testing.T) {
	sh, err := Parse("s.yaml", []byte(`promotion: P
property: C
segments:
  - id: fri
    at: "2024-12-13T21:00"
    entries: fri.csv
    qualify:
      any:
        - spend: {column: Average Spend (12m), min: 5000, name: average spend}
        - spend: {column: Total Spend (12m), min: {ace: 40000, king: 50000}, name: total spend}
`))
	if err != nil {
		t.Fatal(err)
	}
	seg := &sh.Segments[0]
	if seg.Columns.Spend != "Average Spend (12m)" || seg.Columns.Spends != [MaxSpends - 1]string{"Total Spend (12m)"} {
		t.Fatalf("columns %+v", seg.Columns)
	}
	spends := func(avg, total uint64) (uint64, [MaxSpends - 1]uint64) {
		return avg, [MaxSpends - 1]uint64{total}
	}
	row := func(ticket, card string, tier Tier, avg, total uint64) Row {
		r := Row{Ticket: ticket, Card: card, Tier: tier}
		r.Spend, r.Spends = spends(avg, total)
		return r
	}
	rows := []Row{
		row("T1", "a", King, 5000, 0),     // the average is enough
		row("T2", "b", King, 3648, 12000), // neither
		row("T3", "c", King, 100, 50000),  // the total is enough
		row("T4", "d", Ace, 4999, 39999),  // Ace's total is a rand short
		row("T5", "e", Queen, 4999, 0),    // Queen: the total rule names no Queen, so asks nothing
		row("T6", "f", NoTier, 5000, 0),   // a plain amount holds for a row with no tier
	}
	r := newRigAt(t, sh, memRows{"fri": rows}, seedOf(83), time.Date(2024, 12, 13, 19, 0, 0, 0, time.UTC))
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	if f.BelowSpend != 2 || f.Entries != 4 {
		t.Fatalf("below spend %d, entries %d; want 2, 4", f.BelowSpend, f.Entries)
	}
	for _, c := range []struct {
		row  Row
		want string
	}{
		{rows[1], "average spend R3\u202f648 below R5\u202f000 and total spend R12\u202f000 below R50\u202f000 for King"},
		{rows[3], "average spend R4\u202f999 below R5\u202f000 and total spend R39\u202f999 below R40\u202f000 for Ace"},
		{rows[4], ""},
		{rows[0], ""},
		{rows[2], ""},
	} {
		if got := seg.Qualify.Unqualified(c.row, "2024-12-13", "ZAR"); got != c.want {
			t.Errorf("%s: %q, want %q", c.row.Card, got, c.want)
		}
	}
	r.do(Command{Op: OpDraw})
	r.replayed()
}

// A plain min holds for every tier under spend: too; the name of a
// rule defaults to its column.
func TestQualifySpendPlainMin(t *testing.T) {
	sh, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: Avg, min: 10}}, {spend: {column: Tot, min: 20}}]}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	q := sh.Segments[0].Qualify
	if got := q.Unqualified(Row{Tier: Ace, Spend: 9, Spends: [MaxSpends - 1]uint64{19}}, "2024-12-13", "ZAR"); got != "Avg R9 below R10 and Tot R19 below R20" {
		t.Errorf("words %q", got)
	}
	sh, err = Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: c, entries: c.csv, qualify: {spend: {min: 250}}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	q = sh.Segments[0].Qualify
	if got := q.Unqualified(Row{Tier: Jack, Spend: 249}, "2024-12-13", "ZAR"); got != "spend R249 below R250" {
		t.Errorf("words %q", got)
	}
}

func TestQualifyAnyParse(t *testing.T) {
	for _, c := range []struct{ seg, want string }{
		{"  - {id: c, entries: c.csv, qualify: {any: []}}\n", "segment c: qualify any is empty: give the spend rules of which one must pass"},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: A, min: 1}}, {spend: {column: ' a ', min: 2}}]}}\n", `segment c: qualify any: column "a" is named twice`},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {min: 1}}, {spend: {column: B, min: 2}}]}}\n", "segment c: qualify any spend 1 needs column: the header of its spend"},
		{"  - {id: c, entries: c.csv, qualify: {any: [{visit: {}}]}}\n", `unknown qualify any key "visit" (valid: spend)`},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: A, min: 1, max: 2}}]}}\n", `unknown qualify spend key "max"`},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: A}}]}}\n", "qualify spend needs min"},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: A, min: 0}}]}}\n", "segment c: qualify spend min must be at least 1"},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: A, min: R5 000}}]}}\n", `segment c: qualify spend min "R5 000" is not a whole amount (e.g. 5000) nor a tier map (e.g. {king: 250})`},
		{"  - {id: c, entries: c.csv, qualify: {spend: {min: 1}, any: [{spend: {column: A, min: 1}}]}}\n", "segment c: qualify: spend and any both give a spend rule; put every spend rule under any"},
		{"  - {id: c, entries: c.csv, columns: {spend: X}, qualify: {any: [{spend: {column: A, min: 1}}]}}\n", `columns spend says "X"`},
		{"  - {id: c, entries: c.csv, qualify: {any: [{spend: {column: A, min: 1}}, {spend: {column: B, min: 1}}, {spend: {column: C, min: 1}}, {spend: {column: D, min: 1}}, {spend: {column: E, min: 1}}]}}\n", "segment c: qualify any has 5 spend rules; at most 4"},
	} {
		_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+c.seg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.TrimSpace(c.seg), err, c.want)
		}
	}
}
