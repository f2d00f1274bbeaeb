package entries

import (
	"bufio"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// writeBenchCSV writes an entry file of n rows as a casino export looks:
// one row per ticket, 200 000 participants, a name, a tier and a balance.
func writeBenchCSV(tb testing.TB, path string, n int) int64 {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	names := []string{"Sipho Dlamini", "Zoë van der Merwe", "Émile Botha", "Nomvula Khumalo", "Pieter du Plessis", "Thandiwe Ngcobo 🎰"}
	tiers := []string{"Ace", "King", "Queen", "Jack", "Ten"}
	fmt.Fprintln(w, "Ticket No,Card,Name,Tier,Points")
	for i := range n {
		p := i % 200_000
		fmt.Fprintf(w, "T%08d,60012345%08d,%s,%s,%d\n", i, p, names[p%len(names)], tiers[p%len(tiers)], p*37%250_000)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	st, _ := f.Stat()
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return st.Size()
}

func BenchmarkReadEntries1M(b *testing.B) {
	const rows = 1_000_000
	path := filepath.Join(b.TempDir(), "entries.csv")
	b.SetBytes(writeBenchCSV(b, path, rows))
	need := Need{Ticket: true, Tier: true}
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if _, err := Read(path, "", Columns{}, need, func(Row) error { n++; return nil }); err != nil || n != rows {
			b.Fatalf("%d rows, %v", n, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/rows, "ns/row")

	// The heap the reader holds at its last row: mostly the duplicate check.
	var before, at runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	_, err := Read(path, "", Columns{}, need, func(Row) error {
		if n++; n == rows {
			runtime.GC()
			runtime.ReadMemStats(&at)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(at.HeapAlloc-before.HeapAlloc)/(1<<20), "MB-held")
}

// readEntries reads a whole entry file.
func readEntries(t *testing.T, path, sheetName string, cols Columns, need Need) ([]Row, Stats, error) {
	t.Helper()
	var rows []Row
	st, err := Read(path, sheetName, cols, need, func(r Row) error {
		rows = append(rows, r)
		return nil
	})
	return rows, st, err
}

// cellErrors returns err's problems, or fails the test if err is not a
// *FileError.
func cellErrors(t *testing.T, err error) []CellError {
	t.Helper()
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want a *FileError", err)
	}
	return fe.Errs
}

func entry(line int, ticket, card, name string, tier show.Tier, points uint64) Row {
	return Row{Line: line, Row: show.Row{Ticket: ticket, Card: card, Tier: tier, Points: points}, Name: name}
}

func TestReadEntriesFormats(t *testing.T) {
	t.Parallel()
	perRow := Need{Ticket: true, Tier: true}
	want := []Row{
		entry(2, "T-0001", "6001234567890123", "Sipho Dlamini", show.Ace, 1200),
		entry(3, "T-0002", "6001234567890124", "Zoë van der Merwe", show.King, 0),
		entry(4, "T-0003", "6001234567890125", "Dlamini, Nomvula", show.Ten, 1234567),
		entry(5, "T-0004", "6001234567890126", "Émile Botha 🎰", show.Queen, 5),
	}
	csvRows := [][]string{
		{"Ticket No", "Card", "Name", "Tier", "Points"},
		{"T-0001", "6001234567890123", "Sipho Dlamini", "ACE", "1200"},
		{"T-0002", "6001234567890124", "Zoë van der Merwe", "king", "0"},
		{"T-0003", "6001234567890125", "Dlamini, Nomvula", "10", "1 234 567"},
		{"T-0004", "6001234567890126", "Émile Botha 🎰", " Queen ", "5.00"},
	}
	join := func(sep, eol string, bom bool) string {
		var b strings.Builder
		if bom {
			b.WriteString("\uFEFF")
		}
		for _, r := range csvRows {
			for i, c := range r {
				if i > 0 {
					b.WriteString(sep)
				}
				if strings.ContainsAny(c, ",;\t") {
					c = `"` + c + `"`
				}
				b.WriteString(c)
			}
			b.WriteString(eol)
		}
		return b.String()
	}
	tests := []struct {
		name string
		path func(t *testing.T) string
	}{
		{"comma", func(t *testing.T) string { return filetest.File(t, "e.csv", join(",", "\n", false)) }},
		{"semicolon BOM CRLF", func(t *testing.T) string { return filetest.File(t, "e.csv", join(";", "\r\n", true)) }},
		{"tab txt", func(t *testing.T) string { return filetest.File(t, "e.txt", join("\t", "\r\n", false)) }},
		{"upper-case extension", func(t *testing.T) string { return filetest.File(t, "E.CSV", join(",", "\n", true)) }},
		{"xlsx", func(t *testing.T) string {
			return filetest.XLSX(t, "e.xlsx", filetest.Sheet{Name: "Entries", Rows: [][]any{
				{"Ticket No", "Card", "Name", "Tier", "Points"},
				{"T-0001", int64(6001234567890123), "Sipho Dlamini", "ACE", 1200},
				{"T-0002", filetest.RawNumber("6.001234567890124E+15"), "Zoë van der Merwe", "king", 0},
				{"T-0003", "6001234567890125", "Dlamini, Nomvula", 10, 1234567.0},
				{"T-0004", int64(6001234567890126), "Émile Botha 🎰", " Queen ", "5.00"},
			}})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, st, err := readEntries(t, tt.path(t), "", Columns{}, perRow)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rows, want) {
				t.Errorf("rows:\n%+v\nwant:\n%+v", rows, want)
			}
			if st.Rows != 4 {
				t.Errorf("Stats.Rows = %d, want 4", st.Rows)
			}
		})
	}
}

func TestReadEntriesColumns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		header string
		row    string // "a,b,c,ace,7" when empty
		cols   Columns
		need   Need
		want   Row
		errs   []string // substrings of the one error on the header row
	}{
		{name: "aliases", header: "Receipt_No,Member No.,Patron  Name,Rewards-Tier,PTS",
			need: Need{Ticket: true, Tier: true, Points: true},
			want: entry(2, "a", "B", "c", show.Ace, 7)},
		{name: "case and spaces", header: " TICKET NUMBER , card number,FULL NAME,Card Tier,Point Balance",
			want: entry(2, "a", "B", "c", show.Ace, 7)},
		{name: "named", header: "Lotto,Kaart,Naam,Vlak,Punte",
			cols: Columns{Ticket: "lotto", Card: "KAART", Name: " Naam ", Tier: "Vlak", Points: "Punte"},
			need: Need{Ticket: true, Tier: true, Points: true},
			want: entry(2, "a", "B", "c", show.Ace, 7)},
		{name: "named wins over alias", header: "Ticket,Card,Name,Tier,Member No",
			cols: Columns{Card: "Member No"}, need: Need{Ticket: true},
			want: Row{Line: 2, Row: show.Row{Ticket: "a", Card: "7", Tier: show.Ace}, Name: "c", Extra: map[string]string{"Card": "b"}}},
		{name: "optional columns absent", header: "Card,Something", row: "a,b",
			want: Row{Line: 2, Row: show.Row{Card: "A"}, Extra: map[string]string{"Something": "b"}}}, // a card's letters are upper case
		{name: "extra columns", header: "Ticket,Card,Email,,Cell",
			want: Row{Line: 2, Row: show.Row{Ticket: "a", Card: "B"}, Extra: map[string]string{"Email": "c", "Cell": "7"}}},
		{name: "renamed ticket column", header: "Ticket#,Card,Name,Tier,Points", need: Need{Ticket: true},
			errs: []string{`row 1: no ticket column (looked for a header like Ticket, Ticket No, Ticket Number, Ticket ID, Receipt, Receipt No)`,
				`the headers are "Ticket#", "Card", "Name", "Tier", "Points"`,
				"set columns: {ticket: ...} in the show file"}},
		{name: "two missing, one error", header: "Kaart,Name,Level", need: Need{Ticket: true, Points: true},
			errs: []string{"no ticket column", "no card column", "no points column", "columns: {ticket: ..., card: ..., points: ...}"}},
		{name: "named column missing", header: "Ticket,Card,Name", cols: Columns{Name: "Player"},
			errs: []string{`no column "Player", which the show file names as the name column`, "columns: {name: ...}"}},
		{name: "ambiguous", header: "Ticket,Card,Member No,Name", need: Need{Ticket: true},
			errs: []string{`"Card", "Member No" could each be the card column`, "columns: {card: ...}"}},
		{name: "same header twice", header: "Card,Name,Name",
			errs: []string{`"Name", "Name" could each be the name column`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row := cmp.Or(tt.row, "a,b,c,ace,7")
			path := filetest.File(t, "entries/saturday.csv", tt.header+"\n"+row+"\n")
			rows, _, err := readEntries(t, path, "", tt.cols, tt.need)
			if tt.errs == nil {
				if err != nil {
					t.Fatal(err)
				}
				if len(rows) != 1 || !reflect.DeepEqual(rows[0], tt.want) {
					t.Errorf("rows = %+v, want %+v", rows, tt.want)
				}
				return
			}
			errs := cellErrors(t, err)
			if len(errs) != 1 || errs[0].Row != 1 {
				t.Fatalf("errs = %+v, want one on row 1", errs)
			}
			if !strings.HasPrefix(err.Error(), path+" row 1: ") || strings.Contains(err.Error(), "\n") {
				t.Errorf("message: %s", err)
			}
			for _, w := range tt.errs {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestReadEntriesRowErrors(t *testing.T) {
	t.Parallel()
	const header = "Ticket No;Card;Name;Tier;Points\n"
	tiers := "(valid: ace, king, queen, jack, ten)"
	tests := []struct {
		name string
		rows string
		need Need
		want []CellError
	}{
		{"empty card", "T1;;Sipho;ace;1\nT2; ;Zoë;ace;1\n", Need{Ticket: true}, []CellError{
			{Row: 2, Column: "Card", Value: "", Msg: "the card number is empty"},
			{Row: 3, Column: "Card", Value: "", Msg: "the card number is empty"},
		}},
		// the Rewards system's export ends on a TOTAL row: in a rehearsal it
		// won the first R10 000 with 51 % of the tickets. Those at the end
		// are dropped (TestTrailingSummaryRowsDropped); one with a member
		// after it is refused, and so is a row with no card and no ticket
		{"summary rows", "T1;100;Sipho;ace;1\n;TOTAL;1900 members;;20870\n;Sub-total;;;5\n;Grand Total;;;9\n;count: 3;;;3\n;;5 members;;3\nT9;900;Zoë;ace;1\n", Need{}, []CellError{
			{Row: 3, Column: "Card", Value: "TOTAL", Msg: `"TOTAL" is a summary row (a total or a count), not a member: take it out of the file`},
			{Row: 4, Column: "Card", Value: "Sub-total", Msg: `"Sub-total" is a summary row (a total or a count), not a member: take it out of the file`},
			{Row: 5, Column: "Card", Value: "Grand Total", Msg: `"Grand Total" is a summary row (a total or a count), not a member: take it out of the file`},
			{Row: 6, Column: "Card", Value: "count: 3", Msg: `"count: 3" is a summary row (a total or a count), not a member: take it out of the file`},
			{Row: 7, Column: "Card", Value: "", Msg: "the card number is empty"},
		}},
		{"empty ticket", "T1;100;Sipho;ace;1\n;200;Zoë;ace;1\n", Need{Ticket: true}, []CellError{
			{Row: 3, Column: "Ticket No", Value: "", Msg: "the ticket number is empty"},
		}},
		{"empty ticket not needed", ";100;Sipho;ace;1\n;200;Zoë;ace;1\n", Need{}, nil},
		{"duplicate ticket", "T1;100;a;ace;1\nT2;100;a;ace;1\nT1;200;b;ace;1\nT3;300;c;ace;1\nT1;400;d;ace;1\n", Need{Ticket: true}, []CellError{
			{Row: 4, Column: "Ticket No", Value: "T1", Msg: `ticket "T1" is already on row 2`},
			{Row: 6, Column: "Ticket No", Value: "T1", Msg: `ticket "T1" is already on row 2`},
		}},
		{"tickets differ in case", "T1;100;a;ace;1\nt1;100;a;ace;1\n", Need{Ticket: true}, nil},
		{"duplicate card with one row per participant", "T1;100;a;ace;1\nT2;200;b;ace;1\nT3;100;a;ace;1\n", Need{Points: true}, []CellError{
			{Row: 4, Column: "Card", Value: "100", Msg: `card "100" is already on row 2; with tickets: points each participant has one row`},
		}},
		{"unknown tier", "T1;100;a;gold;1\nT2;200;b;Diamond Ace;1\nT3;300;c;;1\n", Need{Ticket: true}, []CellError{
			{Row: 2, Column: "Tier", Value: "gold", Msg: `unknown tier "gold" ` + tiers},
			{Row: 3, Column: "Tier", Value: "Diamond Ace", Msg: `unknown tier "Diamond Ace" ` + tiers},
		}},
		{"empty tier needed", "T1;100;a;;1\n", Need{Ticket: true, Tier: true}, []CellError{
			{Row: 2, Column: "Tier", Value: "", Msg: "the tier is empty " + tiers},
		}},
		{"points", "T1;100;a;ace;12.5\nT2;200;b;ace;-40\nT3;300;c;ace;lots\nT4;400;d;ace;99999999999999999999\nT5;500;e;ace;\nT6;600;f;ace;1,5\n", Need{Ticket: true}, []CellError{
			{Row: 2, Column: "Points", Value: "12.5", Msg: `points "12.5" is not a whole number`},
			{Row: 3, Column: "Points", Value: "-40", Msg: `points "-40" is negative`},
			{Row: 4, Column: "Points", Value: "lots", Msg: `points "lots" is not a whole number of points`},
			{Row: 5, Column: "Points", Value: "99999999999999999999", Msg: `points "99999999999999999999" is too large`},
			{Row: 7, Column: "Points", Value: "1,5", Msg: `points "1,5" is not a whole number`},
		}},
		{"empty points needed", "T1;100;a;ace;\n", Need{Points: true}, []CellError{
			{Row: 2, Column: "Points", Value: "", Msg: "the points are empty"},
		}},
		{"card rounded by Excel", "T1;6,00123E+15;a;ace;1\nT2;6.00123E+15;b;ace;1\n", Need{Ticket: true}, []CellError{
			{Row: 2, Column: "Card", Value: "6,00123E+15", Msg: `card "6,00123E+15" is a number Excel has rounded; format the column as Text in Excel, correct the numbers and export again`},
			{Row: 3, Column: "Card", Value: "6.00123E+15", Msg: `card "6.00123E+15" is a number Excel has rounded; format the column as Text in Excel, correct the numbers and export again`},
		}},
		{"value beyond the header", "T1;100;Dlamini;Sipho;ace;1\n", Need{Ticket: true}, []CellError{
			{Row: 2, Column: "Tier", Value: "Sipho", Msg: `unknown tier "Sipho" ` + tiers},
			{Row: 2, Column: "Points", Value: "ace", Msg: `points "ace" is not a whole number of points`},
			{Row: 2, Column: "F", Value: "1", Msg: `value "1" has no header above it: give the column a header, or put quotes around a value that holds the delimiter`},
		}},
		{"several in one row, in column order", " ; ;x;gold;-1\n", Need{Ticket: true}, []CellError{
			{Row: 2, Column: "Ticket No", Value: "", Msg: "the ticket number is empty"},
			{Row: 2, Column: "Card", Value: "", Msg: "the card number is empty"},
			{Row: 2, Column: "Tier", Value: "gold", Msg: `unknown tier "gold" ` + tiers},
			{Row: 2, Column: "Points", Value: "-1", Msg: `points "-1" is negative`},
		}},
		{"duplicate sorted among others", "T1;100;a;ace;1\nT2;200;a;gold;1\nT1;300;a;ace;1\nT4;;a;ace;1\n", Need{Ticket: true}, []CellError{
			{Row: 3, Column: "Tier", Value: "gold", Msg: `unknown tier "gold" ` + tiers},
			{Row: 4, Column: "Ticket No", Value: "T1", Msg: `ticket "T1" is already on row 2`},
			{Row: 5, Column: "Card", Value: "", Msg: "the card number is empty"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, "saturday.csv", header+tt.rows)
			_, st, err := readEntries(t, path, "", Columns{}, tt.need)
			if tt.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if got := cellErrors(t, err); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", fmtErrs(got), fmtErrs(tt.want))
			}
			if want := strings.Count(tt.rows, "\n"); st.Rows != want {
				t.Errorf("Stats.Rows = %d, want %d", st.Rows, want)
			}
		})
	}
}

func fmtErrs(errs []CellError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "  %+v\n", e)
	}
	return b.String()
}

func TestFileErrorMessage(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "saturday.csv", "Ticket,Card,Tier\nT1,100,gold\nT1,,ace\n")
	_, _, err := readEntries(t, path, "", Columns{}, Need{Ticket: true})
	want := path + ` row 2, column "Tier": unknown tier "gold" (valid: ace, king, queen, jack, ten)` + "\n" +
		path + ` row 3, column "Ticket": ticket "T1" is already on row 2` + "\n" +
		path + ` row 3, column "Card": the card number is empty`
	if err == nil || err.Error() != want {
		t.Errorf("got:\n%v\nwant:\n%s", err, want)
	}

	e := &FileError{File: "entries/saturday.csv", Total: 2, Errs: []CellError{{Row: 12, Column: "Tier", Value: "gold", Msg: `unknown tier "gold"`}}}
	if got, want := e.Error(), "entries/saturday.csv row 12, column \"Tier\": unknown tier \"gold\"\n… and 1 more error (2 in all)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestReadEntriesErrorCap(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("Ticket,Card,Tier\n")
	for i := range 120 {
		fmt.Fprintf(&b, "T%d,%d,gold\n", i, 100+i)
	}
	b.WriteString("T0,999,ace\n") // a duplicate of row 2, found after the rest
	path := filetest.File(t, "big.csv", b.String())
	calls := 0
	_, err := Read(path, "", Columns{}, Need{Ticket: true}, func(Row) error { calls++; return nil })
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v", err)
	}
	if calls != 0 {
		t.Errorf("fn called %d times after the first problem", calls)
	}
	if fe.Total != 121 || len(fe.Errs) != 50 {
		t.Errorf("Total %d, listed %d; want 121 and 50", fe.Total, len(fe.Errs))
	}
	for i, e := range fe.Errs {
		if e.Row != i+2 {
			t.Fatalf("error %d is on row %d, want %d", i, e.Row, i+2)
		}
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 51 || lines[50] != "… and 71 more errors (121 in all)" {
		t.Errorf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
}

func TestReadEntriesEmpty(t *testing.T) {
	t.Parallel()
	for _, content := range []string{"", "\uFEFF", "\r\n\r\n"} {
		path := filetest.File(t, "e.csv", content)
		if _, _, err := readEntries(t, path, "", Columns{}, Need{}); err == nil || err.Error() != path+": the file is empty: it needs a header row naming its columns" {
			t.Errorf("%q: err = %v", content, err)
		}
	}
	path := filetest.File(t, "e.csv", "Ticket,Card,Name\r\n\r\n,,\r\n")
	rows, st, err := readEntries(t, path, "", Columns{}, Need{Ticket: true})
	if err == nil || err.Error() != path+": no entries: the file has a header and no rows" || len(rows) != 0 || st.Rows != 0 {
		t.Errorf("header only: rows %v, stats %+v, err %v", rows, st, err)
	}
	path = filetest.File(t, "e.csv", "Name\r\nSipho\r\n")
	if _, _, err := readEntries(t, path, "", Columns{}, Need{}); err == nil || err.Error() != path+` row 1: no card column `+
		`(looked for a header like Card, Card No, Card Number, Rewards Card, Member, Member No, Member Number, Membership Number); `+
		`the headers are "Name"; rename the column in the file, or set columns: {card: ...} in the show file to the header this file uses` {
		t.Errorf("no card column: %v", err)
	}
}

func TestReadEntriesFn(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "e.csv", "Ticket,Card\nT1,1\nT2,2\nT3,3\nT4,\nT5,5\n")
	stop := errors.New("stop")
	var seen []string
	_, err := Read(path, "", Columns{}, Need{Ticket: true}, func(r Row) error {
		seen = append(seen, r.Ticket)
		if r.Ticket == "T2" {
			return stop
		}
		return nil
	})
	if err != stop || !reflect.DeepEqual(seen, []string{"T1", "T2"}) {
		t.Errorf("err %v, seen %v", err, seen)
	}

	seen = nil
	_, err = Read(path, "", Columns{}, Need{Ticket: true}, func(r Row) error {
		seen = append(seen, r.Ticket)
		return nil
	})
	if errs := cellErrors(t, err); len(errs) != 1 || errs[0].Row != 5 {
		t.Errorf("errs %+v", errs)
	}
	if !reflect.DeepEqual(seen, []string{"T1", "T2", "T3"}) {
		t.Errorf("fn had %v; want the rows before the problem only", seen)
	}
}

func TestReadEntriesXLSXSheets(t *testing.T) {
	t.Parallel()
	path := filetest.XLSX(t, "show.xlsx",
		filetest.Sheet{Name: "Friday", Rows: [][]any{{"Card", "Tier"}, {100, "ace"}}},
		filetest.Sheet{Name: "Saturday", Rows: [][]any{{"Card", "Tier"}, {200, "king"}, {300, "gold"}}},
	)
	rows, _, err := readEntries(t, path, "", Columns{}, Need{})
	if err != nil || len(rows) != 1 || rows[0].Card != "100" {
		t.Errorf("first sheet: %+v, %v", rows, err)
	}
	_, _, err = readEntries(t, path, "Saturday", Columns{}, Need{})
	if errs := cellErrors(t, err); len(errs) != 1 || errs[0] != (CellError{Row: 3, Column: "Tier", Value: "gold", Msg: `unknown tier "gold" (valid: ace, king, queen, jack, ten)`}) {
		t.Errorf("Saturday: %+v", errs)
	}
	_, _, err = readEntries(t, path, "Sunday", Columns{}, Need{})
	if err == nil || !strings.Contains(err.Error(), `no sheet "Sunday" (sheets: "Friday", "Saturday")`) {
		t.Errorf("Sunday: %v", err)
	}
}

func TestParsePoints(t *testing.T) {
	t.Parallel()
	ok := map[string]uint64{
		"0":                          0,
		"7":                          7,
		"007":                        7,
		"1234":                       1234,
		"1234.0":                     1234,
		"1234.00":                    1234,
		"1 234":                      1234,
		"1 234 567":                  1234567,
		"1\u00a0234\u00a0567":        1234567,
		"1\u202f234":                 1234,
		"12,345":                     12345,
		"1,234,567.00":               1234567,
		"1'234'567":                  1234567,
		"1 234,00":                   1234,
		"1234,0":                     1234,
		"18446744073709551615":       math.MaxUint64,
		"018446744073709551615":      math.MaxUint64,
		"18,446,744,073,709,551,615": math.MaxUint64,
	}
	for in, want := range ok {
		if got, err := parsePoints(in); err != nil || got != want {
			t.Errorf("parsePoints(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	bad := map[string]error{
		"":                           errNotPts,
		"-5":                         errNegative,
		"-0":                         errNegative,
		"-1 234.00":                  errNegative,
		"12.5":                       errFraction,
		"1,5":                        errFraction,
		"1234.50":                    errFraction,
		"1.234":                      errFraction,
		"18446744073709551616":       errTooLarge,
		"99999999999999999999999999": errTooLarge,
		"+5":                         errNotPts,
		"5 pts":                      errNotPts,
		"1e3":                        errNotPts,
		"1 23":                       errNotPts,
		"12 3456":                    errNotPts,
		"1234 567":                   errNotPts,
		"1,234 567":                  errNotPts,
		"1,234,5":                    errNotPts,
		",123":                       errNotPts,
		"1,":                         errNotPts,
		"1.":                         errNotPts,
		".5":                         errNotPts,
		"1..0":                       errNotPts,
		"1.0.0":                      errNotPts,
		"١٢٣":                        errNotPts,
		"１２３":                        errNotPts,
		"1_000":                      errNotPts,
		"0x10":                       errNotPts,
		"--5":                        errNotPts,
		"−5":                         errNotPts,
	}
	for in, want := range bad {
		if got, err := parsePoints(in); err != want {
			t.Errorf("parsePoints(%q) = %d, %v; want %v", in, got, err, want)
		}
	}
}

// The needs of the finale kinds' entry files, as NeedOf gives them.
var (
	bonusNeed     = Need{Ticket: true, Tier: true, Device: true, Area: Required, Spend: Required}
	finalistsNeed = Need{One: true, Property: Optional}
)

func TestReadEntriesFinaleColumns(t *testing.T) {
	t.Parallel()
	row := func(ticket, card, name string, tier show.Tier, area string, spend uint64, property string) Row {
		return Row{Line: 2, Row: show.Row{Ticket: ticket, Card: card, Tier: tier, Area: area, Spend: spend, Property: property}, Name: name}
	}
	tests := []struct {
		name    string
		content string
		cols    Columns
		need    Need
		want    Row
		errs    []string // substrings of the one error on the header row
	}{
		{name: "bonus list", content: "Machine No,Area,Card,Name,Tier,Total Spend\nM-0412,Main Floor,6001,Sipho Dlamini,Queen,1 500.00\n",
			need: bonusNeed, want: row("M-0412", "6001", "Sipho Dlamini", show.Queen, "Main Floor", 1500, "")},
		{name: "bonus at a table seat", content: "Table,Zone,Member No,Tier,Qualifying Spend\nBJ04-3,Salon Prive,6002,ace,600\n",
			need: bonusNeed, want: row("BJ04-3", "6002", "", show.Ace, "Salon Prive", 600, "")},
		{name: "bonus by ticket header", content: "Ticket,Floor,Card,Tier,Spend\nA7,Barneys,6003,king,200\n",
			need: bonusNeed, want: row("A7", "6003", "", show.King, "Barneys", 200, "")},
		{name: "bonus columns named", content: "Slot,Where,Card,Tier,Bet\nS1,Smoking,6004,ten,100\n",
			cols: Columns{Device: "Slot", Area: "where", Spend: "Bet"},
			need: bonusNeed, want: row("S1", "6004", "", show.Ten, "Smoking", 100, "")},
		{name: "spend optional and absent", content: "Device ID,Section,Card\nD1,Main,6005\n",
			need: Need{Ticket: true, Device: true, Area: Required, Spend: Optional}, want: row("D1", "6005", "", show.NoTier, "Main", 0, "")},
		{name: "finalists", content: "Card,Name,Casino\n6006,Thabo Mokoena,Montecasino\n",
			need: finalistsNeed, want: row("", "6006", "Thabo Mokoena", show.NoTier, "", 0, "Montecasino")},
		{name: "finalists without property", content: "Card,Full Name\n6007,Zoë Botha\n",
			need: finalistsNeed, want: row("", "6007", "Zoë Botha", show.NoTier, "", 0, "")},
		{name: "a plain draw keeps them as extra columns", content: "Ticket,Card,Area,Spend,Site\nT1,6008,Main,R5,GRC\n",
			need: Need{Ticket: true},
			want: Row{Line: 2, Row: show.Row{Ticket: "T1", Card: "6008"}, Extra: map[string]string{"Area": "Main", "Spend": "R5", "Site": "GRC"}}},
		{name: "a plain draw reads a column the show file names", content: "Ticket,Card,Floor\nT1,6009,Prive\n",
			cols: Columns{Area: "Floor"}, need: Need{Ticket: true},
			want: row("T1", "6009", "", show.NoTier, "Prive", 0, "")},
		{name: "bonus without area", content: "Device,Card,Tier,Spend\nD1,6001,ace,100\n", need: bonusNeed,
			errs: []string{"no area column (looked for a header like Area, Zone, Floor, Section)", "columns: {area: ...}"}},
		{name: "bonus without device", content: "Area,Card,Tier,Spend\nMain,6001,ace,100\n", need: bonusNeed,
			errs: []string{"no device column (looked for a header like Device, Device ID, Machine, Machine No, Asset, Asset No, Table, Position, Ticket", "columns: {device: ...}"}},
		{name: "bonus with table and position", content: "Table,Position,Area,Card,Tier,Spend\nBJ04,3,Main,6001,ace,100\n", need: bonusNeed,
			errs: []string{`"Table", "Position" could each be the device column`, "columns: {device: ...}"}},
		{name: "bonus without spend under a minimum", content: "Device,Area,Card,Tier\nD1,Main,6001,ace\n", need: bonusNeed,
			errs: []string{"no spend column (looked for a header like Spend, Total Spend, Qualifying Spend)"}},
		{name: "finalists without names", content: "Card,Property\n6001,Montecasino\n", need: finalistsNeed,
			errs: []string{"no name column", "columns: {name: ...}"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, "finale.csv", tt.content)
			rows, _, err := readEntries(t, path, "", tt.cols, tt.need)
			if tt.errs == nil {
				if err != nil {
					t.Fatal(err)
				}
				if len(rows) != 1 || !reflect.DeepEqual(rows[0], tt.want) {
					t.Errorf("rows = %+v, want %+v", rows, tt.want)
				}
				return
			}
			if errs := cellErrors(t, err); len(errs) != 1 || errs[0].Row != 1 {
				t.Fatalf("errs = %+v, want one on row 1", errs)
			}
			for _, w := range tt.errs {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestReadEntriesFinaleRowErrors(t *testing.T) {
	t.Parallel()
	amount := amountForms
	tests := []struct {
		name, content string
		need          Need
		want          []CellError
	}{
		// R1 500, 12.50 and 1,234.00 are amounts the Rewards system writes
		{"spend", "Device;Area;Card;Tier;Spend\nD1;Main;1;ace;R1 500\nD2;Main;2;ace;-5\nD3;Main;3;ace;12.50\nD4;Main;4;ace;\nD5;Main;5;ace;1,234.00\nD6;Main;6;ace;1,500\nD7;Main;7;ace;R1 5OO\n", bonusNeed, []CellError{
			{Row: 3, Column: "Spend", Value: "-5", Msg: `spend "-5" is negative; ` + amount},
			{Row: 5, Column: "Spend", Value: "", Msg: "the spend is empty"},
			{Row: 7, Column: "Spend", Value: "1,500", Msg: `spend "1,500" could be 1500 or 1.500; ` + amount},
			{Row: 8, Column: "Spend", Value: "R1 5OO", Msg: `spend "R1 5OO" is not an amount; ` + amount},
		}},
		{"area and device", "Machine;Floor;Card;Tier;Spend\nM1;;1;ace;10\n;Main;2;ace;10\nM1;Main;3;ace;10\n", bonusNeed, []CellError{
			{Row: 2, Column: "Floor", Value: "", Msg: "the area is empty: the host finds a winner's device by its area"},
			{Row: 3, Column: "Machine", Value: "", Msg: "the device number is empty"},
			{Row: 4, Column: "Machine", Value: "M1", Msg: `device "M1" is already on row 2; one active player a device (give each seat at a table its own id, e.g. BJ04-3)`},
		}},
		{"device rounded by Excel", "Asset No;Area;Card;Tier;Spend\n1.23457E+11;Main;1;ace;10\n", bonusNeed, []CellError{
			{Row: 2, Column: "Asset No", Value: "1.23457E+11", Msg: `device "1.23457E+11" is a number Excel has rounded; format the column as Text in Excel, correct the numbers and export again`},
		}},
		{"finalists", "Card;Name;Property\n1;Thabo Mokoena;Gold Reef City\n2;;Montecasino\n1;Thabo Mokoena;Montecasino\n", finalistsNeed, []CellError{
			{Row: 3, Column: "Name", Value: "", Msg: "the name is empty: a finalist is named on the big screen and in the record"},
			{Row: 4, Column: "Card", Value: "1", Msg: `card "1" is already on row 2; a finalist has one row`},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, "finale.csv", tt.content)
			_, _, err := readEntries(t, path, "", Columns{}, tt.need)
			if got := cellErrors(t, err); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", fmtErrs(got), fmtErrs(tt.want))
			}
			if !strings.Contains(err.Error(), path+" row ") {
				t.Errorf("message does not name the file and row: %v", err)
			}
		})
	}
}

func TestEntryNeed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		seg  show.Segment
		want Need
	}{
		{"draw", show.Segment{Kind: show.KindDraw, Tickets: show.PerRow}, Need{Ticket: true}},
		{"month-end by points", show.Segment{Kind: show.KindMonthEnd, Tickets: show.Points, PointsPerTicket: 300}, Need{Points: true}},
		{"chest capped per tier", show.Segment{Kind: show.KindChest, Tickets: show.Points, PointsPerTicket: 100, Cap: map[show.Tier]uint64{show.Ace: 4}},
			Need{Tier: true, Points: true}},
		{"royal flush finalists", show.Segment{Kind: show.KindRoyalFlush, Tickets: show.One}, Need{One: true, Property: Optional}},
		{"bonus", show.Segment{Kind: show.KindBonus, Tickets: show.PerRow}, Need{Ticket: true, Device: true, Area: Required, Spend: Optional}},
		{"bonus with tiers", show.Segment{Kind: show.KindBonus, Tickets: show.PerRow, Tiers: []show.Tier{show.Queen}},
			Need{Ticket: true, Tier: true, Device: true, Area: Required, Spend: Optional}},
		{"bonus with a minimum spend", show.Segment{Kind: show.KindBonus, Tickets: show.PerRow, Bonus: &show.BonusJackpot{MinSpend: map[show.Tier]uint64{show.Queen: 200}}},
			Need{Ticket: true, Tier: true, Device: true, Area: Required, Spend: Required}},
	}
	for _, tt := range tests {
		if got := NeedOf(&tt.seg); got != tt.want {
			t.Errorf("%s: NeedOf = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// BenchmarkReadVsCSV1M holds reading an entry file (every row checked,
// hashed as it is read, tickets checked for duplicates) to a yardstick
// measured in the same loop: the same file read with encoding/csv alone.
// csv-ratio is the reader's time over the yardstick's.
func BenchmarkReadVsCSV1M(b *testing.B) {
	const rows = 1_000_000
	path := filepath.Join(b.TempDir(), "entries.csv")
	b.SetBytes(writeBenchCSV(b, path, rows))
	need := Need{Ticket: true, Tier: true}
	var ours, yard time.Duration
	for b.Loop() {
		t0 := time.Now()
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		r := csv.NewReader(bufio.NewReaderSize(f, 64<<10))
		r.ReuseRecord = true
		n := -1 // the header
		for {
			if _, err := r.Read(); err != nil {
				break
			}
			n++
		}
		f.Close()
		t1 := time.Now()
		m := 0
		if _, err := Read(path, "", Columns{}, need, func(Row) error { m++; return nil }); err != nil || m != rows || n != rows {
			b.Fatalf("%d and %d rows, %v", n, m, err)
		}
		yard, ours = yard+t1.Sub(t0), ours+time.Since(t1)
	}
	b.ReportMetric(float64(ours)/float64(yard), "csv-ratio")
}
