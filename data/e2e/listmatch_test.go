package e2e

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/internal/filetest"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// listMatchShow names every list: the show's exclusions, register and
// proxies, and a segment's own register.
const listMatchShow = `promotion: Royal Flush
property: Gold Reef City
exclusions: EXCLUSIONS
register: register.csv
proxies: proxies.csv
segments:
  - id: fri
    entries: fri.csv
    register: fri-register.csv
  - id: sat
    entries: sat.csv
`

func listMatchFixture(t *testing.T, exclusions string) (string, *show.Show, []byte) {
	t.Helper()
	dir := t.TempDir()
	rig.Write(t, filepath.Join(dir, "fri.csv"), "Ticket,Card,Name\nT1,0060010001,Thabo M\nT2,0060010002,Zoë vd M\n")
	rig.Write(t, filepath.Join(dir, "sat.csv"), "Ticket,Card,Name\nS1,0060010003,Sipho D\nS2,0060010004,Lerato K\n")
	// the compliance list typed in Excel: numbers, the zeros gone
	xlsx := filetest.XLSX(t, "compliance.xlsx", filetest.Sheet{Name: "List", Merge: []string{"A1:B1"}, Rows: [][]any{
		{"Compliance list, 30/11/2024"}, {"Card No", "Reason"}, {60010001, "self-excluded"}, {60010004, "staff"}, {70000001, "left"},
	}})
	b, err := os.ReadFile(xlsx)
	if err != nil {
		t.Fatal(err)
	}
	rig.Write(t, filepath.Join(dir, "compliance.xlsx"), string(b))
	rig.Write(t, filepath.Join(dir, "none.csv"), "Card\n99990001\n99990002\n")
	rig.Write(t, filepath.Join(dir, "register.csv"), "Card\n60010002\n")
	rig.Write(t, filepath.Join(dir, "proxies.csv"), "Card,Nominee\n0060010003,Jane Doe\n")
	rig.Write(t, filepath.Join(dir, "fri-register.csv"), "Card\n0060010003\n") // Sipho is in sat, not fri
	text := strings.Replace(listMatchShow, "EXCLUSIONS", exclusions, 1)
	path := filepath.Join(dir, "show.yaml")
	rig.Write(t, path, text)
	sh, err := show.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return dir, sh, []byte(text)
}

// TestListMatches: check counts each list's cards that matched an entry
// of the bins it applies to, matched whatever Excel did to them.
func TestListMatches(t *testing.T) {
	t.Parallel()
	_, sh, _ := listMatchFixture(t, "compliance.xlsx")
	c := session.CheckShow(sh)
	if len(c.Problems) > 0 {
		t.Fatal(c.Problems)
	}
	var got []string
	for _, m := range c.Matches {
		got = append(got, fmt.Sprintf("%s %s %d/%d rows %d unmatched %v", m.Name, m.File, m.Matched, m.Cards, m.Rows, m.Unmatched()))
	}
	want := []string{
		"exclusions compliance.xlsx 2/3 rows 4 unmatched false",
		"register register.csv 1/1 rows 4 unmatched false",
		"proxies proxies.csv 1/1 rows 4 unmatched false",
		"segment fri register fri-register.csv 0/1 rows 2 unmatched true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("matches:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOfficialShowRefusesUnmatchedList: an official show does not open
// with a list that keeps nobody out, unless the show file expects it; a
// rehearsal does.
func TestOfficialShowRefusesUnmatchedList(t *testing.T) {
	t.Parallel()
	clock := time.Date(2024, 11, 29, 18, 0, 0, 0, time.UTC)
	opt := session.Options{NoWitness: true, Clock: func() time.Time { return clock }, Wall: func() time.Time { return clock }}
	for _, c := range []struct {
		exclusions string
		rehearsal  bool
		refused    []string
	}{
		{"none.csv", false, []string{"exclusions none.csv: none of its 2 card(s) matched an entry of 4 row(s)", "segment fri register fri-register.csv: none of its 1 card(s) matched an entry of 2 row(s)"}},
		{"none.csv", true, nil},
		{"{file: none.csv, expect_unmatched: true}", false, []string{"segment fri register fri-register.csv"}},
	} {
		_, sh, text := listMatchFixture(t, c.exclusions)
		db, err := store.Open(filepath.Join(t.TempDir(), "campaign.db"))
		if err != nil {
			t.Fatal(err)
		}
		o := opt
		o.Rehearsal = c.rehearsal
		_, err = session.Open(db, sh, text, o)
		db.Close()
		var un *session.UnmatchedLists
		switch {
		case c.refused == nil && err != nil:
			t.Errorf("%s (rehearsal %v): %v", c.exclusions, c.rehearsal, err)
		case c.refused != nil && !errors.As(err, &un):
			t.Errorf("%s: opened (%v), want it refused", c.exclusions, err)
		case c.refused != nil:
			for _, w := range c.refused {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%s: %v\nwant it to say %q", c.exclusions, err, w)
				}
			}
			if !strings.Contains(err.Error(), "expect_unmatched: true") || len(un.Lists) != len(c.refused) {
				t.Errorf("%s: %v", c.exclusions, err)
			}
		}
	}
}
