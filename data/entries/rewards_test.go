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

// TestOneCardTwoSpellings: two cards of one file that a list would match
// as one (the same number but for leading zeros) are refused, both rows
// named: the file was pasted together from two exports.
func TestOneCardTwoSpellings(t *testing.T) {
	path := filetest.File(t, "entries.csv", rewardsEntries+
		"T006,60010002,Zoë vd M,Ace\n"+
		"T007,060010003,Sipho D,Queen\n")
	_, err := Read(path, "", Columns{}, Need{Ticket: true}, func(Row) error { return nil })
	want := []CellError{
		{Row: 7, Column: "Card Number", Value: "60010002",
			Msg: `card "60010002" and card "0060010002" on row 3 are one number but for leading zeros: a list's card would match both; correct the file (format the column as Text in Excel so that the zeros stay)`},
		{Row: 8, Column: "Card Number", Value: "060010003",
			Msg: `card "060010003" and card "0060010003" on row 4 are one number but for leading zeros: a list's card would match both; correct the file (format the column as Text in Excel so that the zeros stay)`},
	}
	if errs := cellErrors(t, err); !slices.Equal(errs, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", fmtErrs(errs), fmtErrs(want))
	}
	// a points file: one row a participant
	path = filetest.File(t, "points.csv", "Card,Points\n0060010001,300\n60010001,600\n")
	_, err = Read(path, "", Columns{}, Need{Points: true}, func(Row) error { return nil })
	if errs := cellErrors(t, err); len(errs) != 1 || errs[0].Row != 3 {
		t.Errorf("points file: %v", err)
	}
	// the lists alike
	for _, read := range []func(string) error{
		func(p string) error { _, _, err := ReadCards(p, "", ""); return err },
		func(p string) error { _, _, err := ReadProxies(p, ""); return err },
	} {
		path = filetest.File(t, "list.csv", "Card,Nominee\n0060010001,Jane\n60010001,Jane\n")
		if errs := cellErrors(t, read(path)); len(errs) != 1 || errs[0].Row != 3 || errs[0].Value != "60010001" {
			t.Errorf("list: %v", errs)
		}
	}
}
