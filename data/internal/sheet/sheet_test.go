package sheet

import (
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
)

type tableRow struct {
	Line int
	Rec  []string
}

// readAll reads a table whole.
func readAll(t *testing.T, path, sheetName string) (header []string, rows []tableRow, err error) {
	t.Helper()
	tr, err := Open(path, sheetName)
	if err != nil {
		return nil, nil, err
	}
	defer tr.Close()
	for tr.Next() {
		rows = append(rows, tableRow{tr.Line(), append([]string(nil), tr.Record()...)})
	}
	return tr.Header(), rows, tr.Err()
}

func TestDetectDelimiter(t *testing.T) {
	tests := []struct {
		head string
		want rune
	}{
		{"Ticket,Card,Name\n1,2,3\n", ','},
		{"Ticket;Card;Name\r\n1;2;3\r\n", ';'},
		{"Ticket\tCard\tName\n", '\t'},
		{"Card\n123\n", ','},
		{"", ','},
		{`"Name, full";Card;Tier` + "\n", ';'},
		{`"a;b;c;d",Card,Tier` + "\n", ','},
		{"\n\n  \nTicket;Card\n", ';'},
		{",,,\nTicket;Card\n", ';'},
		{"Ticket;Card,Name;Tier\n", ';'},
		{"Ticket,Card;Name\n", ','}, // a tie goes to comma
		{"\"Ticket\nNo\"\tCard\n", '\t'},
		// a title above the header: it has none, or fewer (issue 39)
		{"Rewards members export 30/11/2024\nTicket;Card Number;Name;Tier\nT1;0060012345;Thabo M;ace\n", ';'},
		{"Members, printed 30/11/2024\nTicket;Card;Name;Tier\nT1;1;A;R 1 234,50\n", ';'},
		{"Members; printed 30/11/2024\nTicket,Card,Name\n", ','},
	}
	for _, tt := range tests {
		if got := detectDelimiter([]byte(tt.head)); got != tt.want {
			t.Errorf("detectDelimiter(%q) = %q, want %q", tt.head, got, tt.want)
		}
	}
}

func TestTableCSV(t *testing.T) {
	want := []tableRow{
		{2, []string{"T1", "100", "Zoë"}},
		{3, []string{"T2", "200", "Émile"}},
	}
	tests := []struct {
		name, content string
		want          []tableRow
	}{
		{"comma", "Ticket,Card,Name\nT1,100,Zoë\nT2,200,Émile\n", want},
		{"semicolon", "Ticket;Card;Name\nT1;100;Zoë\nT2;200;Émile\n", want},
		{"tab", "Ticket\tCard\tName\nT1\t100\tZoë\nT2\t200\tÉmile\n", want},
		{"BOM", "\uFEFFTicket,Card,Name\nT1,100,Zoë\nT2,200,Émile\n", want},
		{"CRLF", "Ticket,Card,Name\r\nT1,100,Zoë\r\nT2,200,Émile\r\n", want},
		{"BOM CRLF semicolon no final newline", "\uFEFFTicket;Card;Name\r\nT1;100;Zoë\r\nT2;200;Émile", want},
		{"quoted", "\"Ticket\",\"Card\",\"Name\"\n\"T1\",\"100\",\"Zoë\"\n\"T2\",200,\"Émile\"\n", want},
		{"space before quote", "Ticket, Card, Name\nT1, \"100\", Zoë\nT2,200,Émile\n",
			[]tableRow{{2, []string{"T1", "100", "Zoë"}}, {3, []string{"T2", "200", "Émile"}}}},
		{"tab keeps empty fields", "Ticket\tCard\tName\nT1\t\tZoë\n",
			[]tableRow{{2, []string{"T1", "", "Zoë"}}}},
		{"delimiters and newlines in quotes", "Ticket,Card,Name\nT1,100,\"Dlamini, Sipho\"\nT2,200,\"Line one\r\nline two\"\nT3,300,\"He said \"\"hi\"\"\"\n",
			[]tableRow{
				{2, []string{"T1", "100", "Dlamini, Sipho"}},
				{3, []string{"T2", "200", "Line one\nline two"}},
				{4, []string{"T3", "300", `He said "hi"`}},
			}},
		{"blank rows skipped, rows counted", "\n\nTicket,Card,Name\n\nT1,100,Zoë\n,,\n  ,  ,\nT2,200,Émile\n",
			[]tableRow{{5, []string{"T1", "100", "Zoë"}}, {8, []string{"T2", "200", "Émile"}}}},
		{"short and long rows", "Ticket,Card,Name\nT1\nT2,200,Émile,extra\n",
			[]tableRow{{2, []string{"T1"}}, {3, []string{"T2", "200", "Émile", "extra"}}}},
		{"unicode", "Ticket;Card;Name\nT1;100;Nomvula Khumalo-Ngcobo\nT2;200;Thandiwe 🎰 Mthembu\nT3;300;Pieter-Dirk Uys\n",
			[]tableRow{
				{2, []string{"T1", "100", "Nomvula Khumalo-Ngcobo"}},
				{3, []string{"T2", "200", "Thandiwe 🎰 Mthembu"}},
				{4, []string{"T3", "300", "Pieter-Dirk Uys"}},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, "entries.csv", tt.content)
			header, rows, err := readAll(t, path, "")
			if err != nil {
				t.Fatal(err)
			}
			if want := []string{"Ticket", "Card", "Name"}; !reflect.DeepEqual(header, want) {
				t.Errorf("header = %q, want %q", header, want)
			}
			if !reflect.DeepEqual(rows, tt.want) {
				t.Errorf("rows = %+v\nwant %+v", rows, tt.want)
			}
		})
	}
}

// Rows after a value with line breaks keep the numbers a spreadsheet shows.
func TestTableCSVRowNumbersAfterMultilineValue(t *testing.T) {
	path := filetest.File(t, "e.csv", "Card,Note\n1,\"a\nb\nc\"\n\n2,x\n3,5\" screen\n")
	tr, err := Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	var lines []int
	for tr.Next() {
		lines = append(lines, tr.Line())
	}
	if want := []int{2, 4}; !reflect.DeepEqual(lines, want) {
		t.Errorf("lines = %v, want %v", lines, want)
	}
	var fe *FileError
	if !errors.As(tr.Err(), &fe) || len(fe.Errs) != 1 || fe.Errs[0].Row != 5 {
		t.Fatalf("err = %v, want a bad quote on row 5", tr.Err())
	}
	if !strings.Contains(fe.Error(), `e.csv row 5: a " inside a value`) {
		t.Errorf("message: %s", fe)
	}
}

func TestTableCSVInvalidUTF8(t *testing.T) {
	// Zoë saved as Windows-1252.
	path := filetest.File(t, "saturday.csv", "Ticket,Card,Name\nT1,100,Sipho\nT2,200,Zo\xeb\n")
	_, rows, err := readAll(t, path, "")
	if len(rows) != 1 {
		t.Errorf("got %d rows before the bad one, want 1", len(rows))
	}
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want *FileError", err)
	}
	want := CellError{Row: 3, Column: "Name", Value: "Zo\xeb", Msg: `"Zo\xeb" is not UTF-8 text: save the file as "CSV UTF-8"`}
	if len(fe.Errs) != 1 || fe.Errs[0] != want {
		t.Errorf("errs = %#v, want %#v", fe.Errs, want)
	}
	if !strings.HasPrefix(err.Error(), path+` row 3, column "Name": "Zo\xeb" is not UTF-8`) {
		t.Errorf("message: %s", err)
	}
}

func TestTableFileErrors(t *testing.T) {
	tests := []struct {
		name, file, content, sheet string
		want                       string // the error, after the file's path
	}{
		{"empty", "e.csv", "", "", "the file is empty: it needs a header row naming its columns"},
		{"blank lines only", "e.csv", "\r\n\n  \n,,\n \t \n", "", "the file is empty: it needs a header row naming its columns"},
		{"BOM only", "e.csv", "\uFEFF", "", "the file is empty: it needs a header row naming its columns"},
		{"UTF-16", "e.csv", "\xff\xfeC\x00a\x00r\x00d\x00", "", `the file is UTF-16 text (Excel's "Unicode Text"); save it as "CSV UTF-8" instead`},
		{"extension", "entries.xls", "x", "", `unsupported file type ".xls" (use .csv, .txt or .xlsx)`},
		{"no extension", "entries", "x", "", `unsupported file type "" (use .csv, .txt or .xlsx)`},
		{"sheet of a CSV", "e.csv", "Card\n1\n", "Saturday", `sheet "Saturday" given, but a CSV file has no sheets`},
		{"not a workbook", "e.xlsx", "Card\n1\n", "", "cannot read as an Excel workbook: zip: not a valid zip file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, tt.file, tt.content)
			_, err := Open(path, tt.sheet)
			if want := path + ": " + tt.want; err == nil || err.Error() != want {
				t.Errorf("error %v\nwant %q", err, want)
			}
		})
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.csv"), ""); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestTableXLSX(t *testing.T) {
	path := filetest.XLSX(t, "entries.xlsx",
		filetest.Sheet{Name: "Friday", Rows: [][]any{
			{"Ticket", "Card", "Name"},
			{"F1", 100, "Zoë"},
		}},
		filetest.Sheet{Name: "Saturday", Rows: [][]any{
			nil,
			{"Ticket", "Card", "Name", "Points"},
			{"S1", int64(6001234567890123), "Émile", 1234.0},
			nil,
			{"S2", filetest.RawNumber("6.001234567890123E+15"), "Thandiwe 🎰", filetest.RawNumber("1.2E+7")},
			{"S3", "0060012345", nil, 12.5},
			{"S4", filetest.RawNumber("1.2345678901234567E+19"), nil, filetest.RawNumber("1.5E+0")},
			{"S5", "12E4", "6E+5", filetest.RawNumber("0.5E+1")},
		}},
	)
	tests := []struct {
		sheet  string
		header []string
		rows   []tableRow
	}{
		{"", []string{"Ticket", "Card", "Name"}, []tableRow{{2, []string{"F1", "100", "Zoë"}}}},
		{"saturday", []string{"Ticket", "Card", "Name", "Points"}, []tableRow{
			{3, []string{"S1", "6001234567890123", "Émile", "1234"}},
			{5, []string{"S2", "6001234567890123", "Thandiwe 🎰", "12000000"}},
			{6, []string{"S3", "0060012345", "", "12.5"}},
			{7, []string{"S4", "12345678901234567000", "", "1.5E+0"}},
			// The stream does not tell text from numbers: text in Excel's
			// number form is read as the number.
			{8, []string{"S5", "12E4", "600000", "0.5E+1"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.sheet, func(t *testing.T) {
			header, rows, err := readAll(t, path, tt.sheet)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(header, tt.header) {
				t.Errorf("header = %q, want %q", header, tt.header)
			}
			if !reflect.DeepEqual(rows, tt.rows) {
				t.Errorf("rows = %+v\nwant %+v", rows, tt.rows)
			}
		})
	}

	_, err := Open(path, "Sunday")
	if err == nil || !strings.Contains(err.Error(), `no sheet "Sunday" (sheets: "Friday", "Saturday")`) {
		t.Errorf("unknown sheet: %v", err)
	}
	empty := filetest.XLSX(t, "empty.xlsx", filetest.Sheet{Name: "Entries", Rows: nil})
	if _, err := Open(empty, ""); err == nil || err.Error() != empty+": the file is empty: it needs a header row naming its columns" {
		t.Errorf("empty sheet: %v", err)
	}
}

func TestPlainInteger(t *testing.T) {
	tests := map[string]string{
		"6.001234567890123E+15":  "6001234567890123",
		"6.0012345678901200E+15": "6001234567890120",
		"6.0012345678901201E+15": "6.0012345678901201E+15", // not whole
		"1E+16":                  "10000000000000000",
		"1e+3":                   "1000",
		"1.0E+0":                 "1",
		"1.5E+0":                 "1.5E+0",
		"1.2E-3":                 "1.2E-3",
		"12E4":                   "12E4",
		"12E+4":                  "12E+4",
		"0.5E+1":                 "0.5E+1",
		"1.E+3":                  "1.E+3",
		"1E+":                    "1E+",
		"E+5":                    "E+5",
		"1E+99":                  "1E+99",
		"Zoë":                    "Zoë",
		"":                       "",
		"1234":                   "1234",
	}
	for in, want := range tests {
		if got := plainInteger(in); got != want {
			t.Errorf("plainInteger(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAheadGivesEveryBatch: Ahead sees every row, blank ones left out,
// in order and once, each before Next gives it, over several batches.
func TestAheadGivesEveryBatch(t *testing.T) {
	var b strings.Builder
	b.WriteString("Ticket,Card\n")
	const n = 3*aheadRows + 17
	for i := range n {
		fmt.Fprintf(&b, "T%d,%d\n", i, 1000+i)
		if i%100 == 0 {
			b.WriteString(",\n") // blank: neither seen nor given
		}
	}
	path := filepath.Join(t.TempDir(), "e.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	var seen []string
	tr.Ahead = func(rows iter.Seq[[]string]) {
		for rec := range rows {
			seen = append(seen, rec[0])
		}
	}
	var given []string
	for tr.Next() {
		given = append(given, tr.Record()[0])
		if len(seen) < len(given) || seen[len(given)-1] != tr.Record()[0] {
			t.Fatalf("row %d given before Ahead saw it (seen %d rows)", tr.Line(), len(seen))
		}
	}
	if err := tr.Err(); err != nil {
		t.Fatal(err)
	}
	if len(given) != n || !reflect.DeepEqual(seen, given) {
		t.Fatalf("Ahead saw %d rows, Next gave %d of %d, or in another order", len(seen), len(given), n)
	}
}
