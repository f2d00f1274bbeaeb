package show

import (
	"path/filepath"
	"strings"
	"testing"
)

// issue 26: how each file is read is said in the show file: the header's
// row, the format of its dates, and that a list may match no entry.
func TestParseFileOptions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "show.yaml")
	sh, err := Parse(path, []byte(`promotion: Royal Flush
property: Gold Reef City
date_format: DD/MM/YYYY
exclusions: {file: compliance.xlsx, header_row: 3, expect_unmatched: true}
register: register.csv
segments:
  - id: fri
    entries: fri.xlsx
    header_row: 4
    date_format: YYYY/MM/DD
    proxies: {file: proxies.csv, expect_unmatched: true}
  - id: sat
    entries: sat.csv
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(sh.Exclusions) != 1 || sh.Exclusions[0] != filepath.Join(dir, "compliance.xlsx") || sh.Register != filepath.Join(dir, "register.csv") {
		t.Errorf("paths %q %q", sh.Exclusions, sh.Register)
	}
	if o := sh.Opts(sh.Exclusions[0]); o != (FileOptions{HeaderRow: 3, ExpectUnmatched: true}) {
		t.Errorf("exclusions: %+v", o)
	}
	if o := sh.Opts(sh.Register); o != (FileOptions{}) {
		t.Errorf("register: %+v", o)
	}
	fri, sat := &sh.Segments[0], &sh.Segments[1]
	if o := sh.Opts(fri.Proxies); fri.Proxies != filepath.Join(dir, "proxies.csv") || !o.ExpectUnmatched {
		t.Errorf("fri proxies %q: %+v", fri.Proxies, o)
	}
	if fri.HeaderRow != 4 || fri.DateFormat != "YYYY/MM/DD" || sat.HeaderRow != 0 || sat.DateFormat != "DD/MM/YYYY" {
		t.Errorf("fri %d %q, sat %d %q: a segment's own, else the show's", fri.HeaderRow, fri.DateFormat, sat.HeaderRow, sat.DateFormat)
	}
	if sh.DateFormat != "DD/MM/YYYY" {
		t.Errorf("show's date format %q", sh.DateFormat)
	}
}

func TestParseFileOptionsErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"date_format: D/M/Y\n", `date_format "D/M/Y" is not one of DD/MM/YYYY, MM/DD/YYYY, DD-MM-YYYY, MM-DD-YYYY, DD.MM.YYYY, YYYY-MM-DD, YYYY/MM/DD`},
		{"exclusions: {file: x.csv, header_row: 0}\n", "exclusions: header_row 0 is out of range 1..1000"},
		{"exclusions: {header_row: 2}\n", "exclusions: file is required (the list's file, .csv or .xlsx)"},
		{"exclusions: {file: x.csv, headers: 2}\n", `unknown exclusions key "headers" (valid: file, header_row, expect_unmatched)`},
		{"exclusions: [[x.csv]]\n", "exclusions: a file name, or {file, header_row, expect_unmatched}"},
		{"register: [x.csv, y.csv]\n", "register: a file name, or {file, header_row, expect_unmatched}"}, // one register; several exclusions lists
		{"exclusions: [x.csv, {file: x.csv}]\n", "exclusions: x.csv is named twice"},
		{"register: {file: x.csv, expect_unmatched: true}\nproxies: x.csv\n", "x.csv is named twice, once with expect_unmatched: true and once without: give it the same options each time"},
	} {
		text := "promotion: P\nproperty: Q\n" + c.yaml + "segments:\n  - id: a\n    entries: a.csv\n"
		_, err := Parse("show.yaml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.yaml, err, c.want)
		}
	}
	_, err := Parse("show.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n  - id: a\n    entries: a.csv\n    header_row: -1\n    date_format: dd/mm/yyyy\n"))
	if err == nil || !strings.Contains(err.Error(), "segment a: header_row -1 is out of range 1..1000") {
		t.Errorf("segment header_row: %v", err)
	}
	if err != nil && strings.Contains(err.Error(), "date_format") {
		t.Errorf("dd/mm/yyyy is DD/MM/YYYY, whatever its case: %v", err)
	}
}
