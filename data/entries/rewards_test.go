package entries

import (
	"path/filepath"
	"slices"
	"strings"
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
	t.Parallel()
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
	t.Parallel()
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

// rewardsWorkbook is the Friday entries as the Rewards system's workbook
// gives them once a manager has opened and saved it in Excel: a merged
// title and the export's date above the columns, a blank row, the cards
// number cells, and a TOTAL row.
func rewardsWorkbook(t *testing.T) string {
	return filetest.XLSX(t, "friday.xlsx", filetest.Sheet{Name: "Entries", Merge: []string{"A1:E1", "A2:E2"}, Rows: [][]any{
		{"Gold Reef City — Royal Flush entries, Friday 29/11/2024"},
		{"Exported 30/11/2024 08:00 by the Rewards system"},
		{},
		{"Ticket No", "Card Number", "Member Name", "Tier", "Spend"},
		{"T001", 60010001, "Thabo M", "King", "R 1 234,50"},
		{"T002", 60010002, "Zoë vd M", "Ace", "R 5 000,00"},
		{"T003", 60010001, "Thabo M", "King", "R 1 234,50"},
	}})
}

// TestHeaderBelowTitleRows: the header is the first row that holds the
// columns the file needs, below a merged title, a date and a blank row;
// rows keep the numbers Excel shows.
func TestHeaderBelowTitleRows(t *testing.T) {
	t.Parallel()
	path := rewardsWorkbook(t)
	var got []Row
	st, err := Read(path, "", Columns{}, Need{Ticket: true, Tier: true}, func(r Row) error { got = append(got, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows != 3 || len(got) != 3 || got[0].Line != 5 || got[0].Card != "60010001" || got[2].Line != 7 || got[1].Tier != show.Ace {
		t.Fatalf("%d rows: %+v", st.Rows, got)
	}
	csv := filetest.File(t, "friday.csv", "Gold Reef City — Royal Flush entries;;;\nExported 30/11/2024;;;\n;;;\nTicket No;Card Number;Member Name;Tier\nT001;0060010001;Thabo M;King\n")
	got = nil
	if _, err := Read(csv, "", Columns{}, Need{Ticket: true}, func(r Row) error { got = append(got, r); return nil }); err != nil || len(got) != 1 || got[0].Line != 5 {
		t.Fatalf("csv: %+v, %v", got, err)
	}
	// a file that holds no such row is refused on its first row, as before
	bad := filetest.File(t, "bad.csv", "Report\nPlayer,Reason\n100,staff\n")
	_, err = Read(bad, "", Columns{}, Need{}, func(Row) error { return nil })
	if errs := cellErrors(t, err); len(errs) != 1 || errs[0].Row != 1 || !strings.Contains(errs[0].Msg, `no card column`) || !strings.Contains(errs[0].Msg, `the headers are "Report"`) {
		t.Errorf("no header: %v", err)
	}
}

// TestHeaderRow: header_row names the header when finding it is not
// enough (a title row that holds a column's name).
func TestHeaderRow(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "entries.csv", "Card,Ticket,Points\nCard,Ticket No,Tier\nC1,T1,King\n")
	need := Need{Ticket: true, HeaderRow: 2}
	var got []Row
	if _, err := Read(path, "", Columns{}, need, func(r Row) error { got = append(got, r); return nil }); err != nil || len(got) != 1 || got[0].Line != 3 || got[0].Tier != show.King {
		t.Fatalf("%+v, %v", got, err)
	}
	for n, want := range map[int]string{
		1: `no column "Nope", which the show file names as the card column; the headers are "Card", "Ticket", "Points"; rename the column in the file, or set columns: {card: ...} in the show file to the header this file uses (the show file's header_row 1 names this row)`,
		9: "the show file's header_row is 9, and the file ends before that row",
	} {
		need.HeaderRow = n
		_, err := Read(path, "", Columns{Card: "Nope"}, need, func(Row) error { return nil })
		if errs := cellErrors(t, err); len(errs) != 1 || errs[0].Row != n || errs[0].Msg != want {
			t.Errorf("header_row %d: %v", n, err)
		}
	}
	blankRow := filetest.File(t, "blank.csv", "Title\n\nCard\nC1\n")
	_, err := Read(blankRow, "", Columns{}, Need{HeaderRow: 2}, func(Row) error { return nil })
	if errs := cellErrors(t, err); len(errs) != 1 || errs[0].Msg != "the show file's header_row is 2, and row 2 is blank" {
		t.Errorf("a blank header_row: %v", err)
	}
	// the lists alike
	list := filetest.File(t, "exclusions.csv", "Compliance list, printed 30/11/2024\nCard No\n60010001\n")
	if cards, _, err := ReadCards(list, "", ""); err != nil || !slices.Equal(cards, []string{"60010001"}) {
		t.Errorf("a list below its title: %q, %v", cards, err)
	}
	if cards, _, _, err := readCards(list, "", "", 2, options{}); err != nil || !slices.Equal(cards, []string{"60010001"}) {
		t.Errorf("a list with header_row: %q, %v", cards, err)
	}
}

// TestTrailingSummaryRowsDropped: the TOTAL and count rows the Rewards
// system ends its export on, and a row with no card or ticket below them,
// are not entries: they are dropped, each named for check to say so.
func TestTrailingSummaryRowsDropped(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "entries.csv", rewardsEntries+
		",TOTAL,1900 members,,\n"+
		",,,,\n"+ // blank: skipped as ever
		",,5 members,,\n"+
		",Count: 5,,,\n")
	var got []Row
	st, err := Read(path, "", Columns{}, Need{Ticket: true}, func(r Row) error { got = append(got, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := []Dropped{{Row: 7, Value: "TOTAL"}, {Row: 9, Value: "5 members"}, {Row: 10, Value: "Count: 5"}}
	if len(got) != 5 || st.Rows != 5 || !slices.Equal(st.Dropped, want) {
		t.Errorf("%d rows (%d read), dropped %+v; want 5, %+v", len(got), st.Rows, st.Dropped, want)
	}
	c, err := Check(&show.Segment{ID: "fri", Tickets: show.PerRow, Entries: path}, nil)
	if err != nil || !slices.Equal(c.Dropped, want) || c.Bin.Rows != 5 {
		t.Errorf("check: %+v, %v", c, err)
	}
	// the workbook alike: TOTAL at the foot of the sheet
	xlsx := filetest.XLSX(t, "fri.xlsx", filetest.Sheet{Name: "Entries", Rows: [][]any{
		{"Ticket No", "Card Number", "Member Name"},
		{"T1", 60010001, "Thabo M"},
		{nil, "TOTAL", "1 member"},
	}})
	st, err = Read(xlsx, "", Columns{}, Need{Ticket: true}, func(Row) error { return nil })
	if err != nil || st.Rows != 1 || !slices.Equal(st.Dropped, []Dropped{{Row: 3, Value: "TOTAL"}}) {
		t.Errorf("workbook: %+v, %v", st, err)
	}
	// a file of a TOTAL row alone has no entries
	only := filetest.File(t, "only.csv", "Card,Name\nTOTAL,0 members\n")
	if _, err := Read(only, "", Columns{}, Need{}, func(Row) error { return nil }); err == nil || !strings.Contains(err.Error(), msgNoEntries) {
		t.Errorf("a TOTAL alone: %v", err)
	}
}

// TestParseAmount: spends as the Rewards system and Excel write them, to
// the cent; what could be read two ways is refused, and every refusal
// names the accepted forms, in one wording.
func TestParseAmount(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]uint64{
		"R 1 234,50": 123450, "R1 234.50": 123450, "1234.5": 123450, "1234": 123400, "1 234": 123400,
		"R600": 60000, "4999.99": 499999, "R 5 000,00": 500000, "1,234.50": 123450, "1.234,50": 123450,
		"1,234,567": 123456700, "1.234.567,5": 123456750, "ZAR 1 500": 150000, "R\u00a01\u00a0234,50": 123450,
		"1\u202f234.50": 123450, "0,5": 50, "1 234 567.89": 123456789, "1'234.50": 123450, "r 12": 1200, "0": 0,
	} {
		if whole, cents, err := parseAmount(in); err != nil || whole*100+cents != want {
			t.Errorf("parseAmount(%q) = %d.%02d, %v; want %d cents", in, whole, cents, err, want)
		}
	}
	for in, why := range map[string]string{
		"1,234":                        "could be 1234 or 1.234",
		"1.234":                        "could be 1234 or 1.234",
		"R 1,234":                      "could be 1234 or 1.234",
		"12.345":                       "could be 12345 or 12.345",
		"1234.567":                     "has more than two decimals",
		"1,23,4":                       "is not an amount",
		"-5":                           "is negative",
		"R -5":                         "is negative",
		"abc":                          "is not an amount",
		"1234.":                        "is not an amount",
		"1 23":                         "is not an amount",
		"R":                            "is not an amount",
		"1,234.5,6":                    "is not an amount",
		"1.5E+3":                       "is not an amount",
		"R 99 999 999 999 999 999 999": "is too large",
	} {
		_, _, err := parseAmount(in)
		if err == nil || err.Error() != why+"; "+amountForms {
			t.Errorf("parseAmount(%q): %v; want %q", in, err, why)
		}
	}
	// in a file: the Friday workbook's R 1 234,50
	var got []uint64
	_, err := Read(rewardsWorkbook(t), "", Columns{}, Need{Ticket: true, Spend: Required}, func(r Row) error { got = append(got, r.Spend); return nil })
	if err != nil || !slices.Equal(got, []uint64{1234, 5000, 1234}) {
		t.Errorf("spends %v, %v: whole rands, the cents below the least a rule can ask", got, err)
	}
}

// TestVisitDates: the Rewards system writes a last visit dd/mm/yyyy. A
// date only one reading makes a date needs no format; one both readings
// do is refused naming file, row, column and value, until the show file
// declares date_format.
func TestVisitDates(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "nye.csv", "Card,Last Visit\n1,29/11/2024 08:00\n2,03/04/2024\n3,2024-12-01\n")
	need := Need{Visit: Required}
	_, err := Read(path, "", Columns{}, need, func(Row) error { return nil })
	want := []CellError{{Row: 3, Column: "Last Visit", Value: "03/04/2024",
		Msg: `last visit "03/04/2024" is 3 April or 4 March 2024: the show file must say which, date_format: DD/MM/YYYY or MM/DD/YYYY`}}
	if errs := cellErrors(t, err); !slices.Equal(errs, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", fmtErrs(errs), fmtErrs(want))
	}
	need.DateFormat = "DD/MM/YYYY"
	var got []string
	if _, err := Read(path, "", Columns{}, need, func(r Row) error { got = append(got, r.Visit); return nil }); err != nil ||
		!slices.Equal(got, []string{"2024-11-29", "2024-04-03", "2024-12-01"}) {
		t.Errorf("declared: %q, %v", got, err)
	}
	if n := NeedOf(&show.Segment{Tickets: show.PerRow, DateFormat: "DD/MM/YYYY", HeaderRow: 3}); n.DateFormat != "DD/MM/YYYY" || n.HeaderRow != 3 {
		t.Errorf("NeedOf: %+v", n)
	}
}

// TestRAPSTotalRowDropped: RAPS's active-player list ends on a TOTAL row
// with the word in the Device column and the card, tier and area empty.
// It is a summary row, dropped and named, not a player whose card, tier
// and area are missing (issue 39).
func TestRAPSTotalRowDropped(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "raps.csv", "Device,Area,Card,Name,Tier,Spend\n"+
		"SL-01,Main,0060012345,Thabo M,ace,900\n"+
		"SL-02,Salon,0060012346,Naledi K,king,1200\n"+
		"TOTAL,,,,,2100\n")
	seg := &show.Segment{ID: "raps", Kind: show.KindBonus, Tickets: show.PerRow, Entries: path}
	c, err := Check(seg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Dropped{{Row: 4, Value: "TOTAL"}}; !slices.Equal(c.Dropped, want) || c.Bin.Rows != 2 {
		t.Errorf("check: dropped %+v and %d rows, want %+v and 2", c.Dropped, c.Bin.Rows, want)
	}
	// a TOTAL in the middle is still refused, as the summary it is
	mid := filetest.File(t, "mid.csv", "Device,Area,Card,Name,Tier,Spend\nSL-01,Main,0060012345,Thabo M,ace,900\nTOTAL,,,,,900\nSL-02,Salon,0060012346,Naledi K,king,1200\n")
	if _, err := Check(&show.Segment{ID: "raps", Kind: show.KindBonus, Tickets: show.PerRow, Entries: mid}, nil); err == nil || !strings.Contains(err.Error(), `"TOTAL" is a summary row`) {
		t.Errorf("a TOTAL in the middle: %v", err)
	}
}

// TestNumberTypedCardsWarned: a Rewards export whose card column Excel
// kept as numbers has lost the leading zeros of some cards (35437525
// beside 10-digit cards): check warns, naming the count and the first
// row (issue 39). A file of one length, or of mixed card schemes, is not
// warned of.
func TestNumberTypedCardsWarned(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "entries.csv", "Ticket,Card,Name\n"+
		"T1,6001000123,Ann\nT2,6001000124,Ben\nT3,35437525,Cas\nT4,6001000126,Dee\nT5,66768262,Eve\n")
	c, err := Check(&show.Segment{ID: "fri", Tickets: show.PerRow, Entries: path}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], "2 card(s) have fewer digits than the file's 10-digit cards (35437525 on row 4)") {
		t.Errorf("warnings %q", c.Warnings)
	}
	even := filetest.File(t, "even.csv", "Ticket,Card,Name\nT1,0060010001,Ann\nT2,0060010002,Ben\nT3,A12345,Cas\n")
	if c, err := Check(&show.Segment{ID: "fri", Tickets: show.PerRow, Entries: even}, nil); err != nil || len(c.Warnings) != 0 {
		t.Errorf("one length: %q, %v", c.Warnings, err)
	}
}

// TestCardLengthPutsTheZerosBack: with the show file's card_length, a
// card whose leading zeros a number cell dropped is read, stored and
// exported as the member's real card (issue 39); a card with a letter,
// or of the full length, is read as written, and check no longer warns.
func TestCardLengthPutsTheZerosBack(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "entries.csv", "Ticket,Card,Name\nT1,6001000123,Ann\nT2,35437525,Ben\nT3,A1234,Cas\nT4,0066768262,Dee\n")
	seg := &show.Segment{ID: "fri", Tickets: show.PerRow, Entries: path, CardLength: 10}
	var cards []string
	if _, err := Read(path, "", Columns{}, NeedOf(seg), func(r Row) error { cards = append(cards, r.Card); return nil }); err != nil {
		t.Fatal(err)
	}
	if want := []string{"6001000123", "0035437525", "A1234", "0066768262"}; !slices.Equal(cards, want) {
		t.Errorf("cards %q, want %q", cards, want)
	}
	c, err := Check(seg, nil)
	if err != nil || len(c.Warnings) != 0 {
		t.Errorf("check: %q, %v; want no warning once the zeros are back", c.Warnings, err)
	}
	if _, err := show.Parse("s.yaml", []byte("promotion: P\nproperty: C\ncard_length: 3\nsegments:\n  - {id: a, entries: a.csv}\n")); err == nil || !strings.Contains(err.Error(), "card_length 3 is out of range 4..24") {
		t.Errorf("card_length 3: %v", err)
	}
	sh, err := show.Parse("s.yaml", []byte("promotion: P\nproperty: C\ncard_length: 10\nsegments:\n  - {id: a, entries: a.csv}\n"))
	if err != nil || sh.CardLength != 10 || sh.Segments[0].CardLength != 10 {
		t.Fatalf("card_length 10: %v", err)
	}
}
