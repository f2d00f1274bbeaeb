package entries

import (
	"path/filepath"
	"slices"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// The tests of this file read the exports as the Rewards system and Excel
// make them (issue 26): cards in number cells, their leading zeros gone;
// title rows and merged cells above the header; R 1 234,50; a TOTAL row;
// dd/mm/yyyy dates.

// rewardsEntries is an entry file as the Rewards system exports it: text
// cards of 10 digits, the leading zeros kept.
const rewardsEntries = "Ticket No,Card Number,Member Name,Tier\n" +
	"T001,0060010001,Thabo M,King\n" +
	"T002,0060010002,Zoë vd M,Ace\n" +
	"T003,0060010003,Sipho D,Queen\n" +
	"T004,0060010001,Thabo M,King\n" +
	"T005,0060010004,Lerato K,Jack\n"

// TestExclusionsTypedInExcel: the compliance list typed in Excel, its
// cards number cells (the zeros gone), and a list written by a script
// (60010003.0) keep their members out of a bin whose file has the zeros.
func TestExclusionsTypedInExcel(t *testing.T) {
	dir := t.TempDir()
	entriesPath := filepath.Join(dir, "entries.csv")
	filetest.Write(t, entriesPath, rewardsEntries)
	xlsx := filetest.XLSX(t, "exclusions.xlsx", filetest.Sheet{Name: "Excluded", Rows: [][]any{
		{"Card No", "Reason"},
		{60010001, "self-excluded"},
		{60010002, "staff"},
	}})
	ex, _, err := ReadCards(xlsx, "", "")
	if err != nil || !slices.Equal(ex, []string{"60010001", "60010002"}) {
		t.Fatalf("the list reads %q, %v", ex, err)
	}
	csv := filepath.Join(dir, "more.csv")
	filetest.Write(t, csv, "Card\n60010003.0\n")
	more, _, err := ReadCards(csv, "", "")
	if err != nil || !slices.Equal(more, []string{"60010003"}) {
		t.Fatalf("the script's list reads %q, %v", more, err)
	}
	excluded := map[string]bool{}
	for _, c := range append(ex, more...) {
		excluded[c] = true
	}
	seg := &show.Segment{ID: "sat", Tickets: show.PerRow, Entries: entriesPath}
	c, err := Check(seg, excluded)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0060010001", "0060010002", "0060010003"}; !slices.Equal(c.Bin.Excluded, want) {
		t.Errorf("excluded %q, want %q: the entry file's cards, matched whatever Excel did to the list", c.Bin.Excluded, want)
	}
	if len(c.Bin.Entries) != 1 || c.Bin.Entries[0].Participant != "0060010004" {
		t.Errorf("the bin is %v: only 0060010004 is not on a list", c.Bin.Entries)
	}
}
