package show

import (
	"strings"
	"testing"
	"time"
)

// Friday Prive's spend rule (4.2) and the Day of Reconciliation's visit
// rule keep rows out of the bin, each counted, and say why.
func TestQualify(t *testing.T) {
	sh, err := Parse("s.yaml", []byte(`promotion: P
property: C
segments:
  - id: eod
    at: "2024-12-16T20:00"
    entries: eod.csv
    qualify:
      spend: {column: Spend, min: {king: 250, queen: 100}}
      last_visit: {column: Last Visit, within_days: 730}
`))
	if err != nil {
		t.Fatal(err)
	}
	seg := &sh.Segments[0]
	if seg.Columns.Spend != "Spend" || seg.Columns.Visit != "Last Visit" {
		t.Fatalf("columns %+v", seg.Columns)
	}
	rows := []Row{
		{Ticket: "T1", Card: "a", Tier: King, Spend: 300, Visit: "2024-01-10"},
		{Ticket: "T2", Card: "b", Tier: King, Spend: 180, Visit: "2024-01-10"},  // below King's 250
		{Ticket: "T3", Card: "c", Tier: Queen, Spend: 100, Visit: "2022-12-16"}, // a day before the 730 days (2024 has 29 February)
		{Ticket: "T4", Card: "d", Tier: Queen, Spend: 120, Visit: "2022-12-17"}, // the first day that counts
		{Ticket: "T5", Card: "e", Tier: Ace, Spend: 0},                          // no visit on record
		{Ticket: "T6", Card: "f", Tier: Ace, Spend: 0, Visit: "2024-12-01"},     // Ace: no spend asked
	}
	r := newRigAt(t, sh, memRows{"eod": rows}, seedOf(81), time.Date(2024, 12, 16, 18, 0, 0, 0, time.UTC))
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	if f.BelowSpend != 1 || f.NoVisit != 2 || f.Entries != 3 {
		t.Fatalf("below spend %d, no visit %d, entries %d; want 1, 2, 3", f.BelowSpend, f.NoVisit, f.Entries)
	}
	for _, c := range []struct {
		row  Row
		want string
	}{
		{rows[1], "spend R180 below R250 for King"},
		{rows[2], "last visit 2022-12-16, before 2022-12-17"},
		{rows[4], "no visit on record"},
		{rows[0], ""},
	} {
		if got := seg.Qualify.Unqualified(c.row, "2024-12-16", "ZAR"); !strings.Contains(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("%s: %q, want %q", c.row.Card, got, c.want)
		}
	}
	r.do(Command{Op: OpDraw})
	r.replayed()
}

func TestQualifyParse(t *testing.T) {
	for _, c := range []struct{ seg, want string }{
		{"  - {id: c, entries: c.csv, qualify: {}}\n", "qualify needs spend, any or last_visit"},
		{"  - {id: c, entries: c.csv, qualify: {spend: {column: S}}}\n", "qualify spend needs min"},
		{"  - {id: c, entries: c.csv, qualify: {spend: {min: {duke: 5}}}}\n", `unknown tier "duke"`},
		{"  - {id: c, entries: c.csv, qualify: {last_visit: {within_days: 0}}}\n", "within_days 0 is out of range"},
		{"  - {id: c, entries: c.csv, columns: {spend: A}, qualify: {spend: {column: B, min: {ace: 1}}}}\n", `columns spend says "A"`},
		{"  - {id: c, entries: c.csv, qualify: {age: 18}}\n", `unknown qualify key "age"`},
	} {
		_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+c.seg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.TrimSpace(c.seg), err, c.want)
		}
	}
}

// NYE Prive 8.2: a visit between 1 January and 30 December 2024: a
// window with its first and last days, both counting.
func TestQualifyVisitWindow(t *testing.T) {
	sh, err := Parse("s.yaml", []byte(`promotion: P
property: C
segments:
  - id: nye
    at: "2024-12-31T22:00"
    entries: nye.csv
    qualify:
      last_visit: {from: 2024-01-01, to: 2024-12-30}
`))
	if err != nil {
		t.Fatal(err)
	}
	seg := &sh.Segments[0]
	if q := seg.Qualify; q.From != "2024-01-01" || q.To != "2024-12-30" || q.WithinDays != 0 {
		t.Fatalf("qualify %+v", q)
	}
	rows := []Row{
		{Ticket: "T1", Card: "a", Visit: "2024-01-01"}, // the first day
		{Ticket: "T2", Card: "b", Visit: "2024-12-30"}, // the last day
		{Ticket: "T3", Card: "c", Visit: "2024-12-31"}, // tonight: after the window
		{Ticket: "T4", Card: "d", Visit: "2023-12-31"}, // before it
		{Ticket: "T5", Card: "e"},                      // none
		{Ticket: "T6", Card: "f", Visit: "2024-06-15"},
	}
	r := newRigAt(t, sh, memRows{"nye": rows}, seedOf(82), time.Date(2024, 12, 31, 20, 0, 0, 0, time.UTC))
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	if f.NoVisit != 3 || f.Entries != 3 {
		t.Fatalf("no visit %d, entries %d; want 3, 3", f.NoVisit, f.Entries)
	}
	for _, c := range []struct {
		row  Row
		want string
	}{
		{rows[2], "last visit 2024-12-31, after 2024-12-30"},
		{rows[3], "last visit 2023-12-31, before 2024-01-01"},
		{rows[4], "no visit on record"},
		{rows[0], ""},
	} {
		if got := seg.Qualify.Unqualified(c.row, "2024-12-31", "ZAR"); !strings.Contains(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("%s: %q, want %q", c.row.Card, got, c.want)
		}
	}
	r.do(Command{Op: OpDraw})
	r.replayed()
	// within_days and to: the days before the draw, up to a day
	sh, err = Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: c, at: \"2024-12-31T22:00\", entries: c.csv, qualify: {last_visit: {within_days: 30, to: 2024-12-30}}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	q := sh.Segments[0].Qualify
	if got := q.Unqualified(Row{Visit: "2024-12-01"}, "2024-12-31", "ZAR"); got != "" {
		t.Errorf("within 30 days and before to: %q", got)
	}
	if got := q.Unqualified(Row{Visit: "2024-11-30"}, "2024-12-31", "ZAR"); !strings.Contains(got, "before 2024-12-01") {
		t.Errorf("31 days before: %q", got)
	}
}

func TestQualifyVisitWindowParse(t *testing.T) {
	for _, c := range []struct{ seg, want string }{
		{"  - {id: c, entries: c.csv, qualify: {last_visit: {}}}\n", "qualify last_visit needs within_days, from or to"},
		{"  - {id: c, entries: c.csv, qualify: {last_visit: {from: 2024-13-01}}}\n", `qualify last_visit from "2024-13-01" is not a date like 2024-01-01`},
		{"  - {id: c, entries: c.csv, qualify: {last_visit: {to: 30/12/2024}}}\n", `qualify last_visit to "30/12/2024" is not a date like 2024-01-01`},
		{"  - {id: c, entries: c.csv, qualify: {last_visit: {from: 2024-12-30, to: 2024-01-01}}}\n", "qualify last_visit from 2024-12-30 is after to 2024-01-01"},
		{"  - {id: c, entries: c.csv, qualify: {last_visit: {from: 2024-01-01, within_days: 30}}}\n", "qualify last_visit: from and within_days both say where the window starts; give one"},
	} {
		_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+c.seg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.TrimSpace(c.seg), err, c.want)
		}
	}
}
