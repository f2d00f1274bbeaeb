package table

import (
	"encoding/csv"
	"io"
	"strings"
)

// formulaStart holds the characters that make a spreadsheet (Excel,
// LibreOffice Calc, Google Sheets) read a CSV cell as a formula, or as the
// start of one: OWASP's list for CSV injection.
const formulaStart = "=+-@\t\r"

// SafeCell is s as a CSV cell that no spreadsheet takes for a formula: a
// value starting with = + - @, a tab or a carriage return gets a leading
// single quote, as OWASP recommends (=HYPERLINK("…") is written
// '=HYPERLINK("…")); any other value is s itself. It depends on s alone,
// so writing the same record twice gives the same bytes, as verify needs.
func SafeCell(s string) string {
	if s != "" && strings.IndexByte(formulaStart, s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// CSV is a csv.Writer whose every cell goes through SafeCell: the
// writer of the lists a person opens in a spreadsheet (winners.csv,
// collection.csv, finalists.csv), where a name, a proxy's name typed on
// stage or a contact column could otherwise be a live formula. A raw
// one writes its cells as they are: a list for machines (an SMS upload),
// which no spreadsheet reads.
type CSV struct {
	w   *csv.Writer
	rec []string
	raw bool
}

// NewCSV is a safe CSV writer to w.
func NewCSV(w io.Writer) *CSV { return &CSV{w: csv.NewWriter(w)} }

// NewRawCSV is a CSV writer to w of cells as they are.
func NewRawCSV(w io.Writer) *CSV { return &CSV{w: csv.NewWriter(w), raw: true} }

// Write writes one row, each cell made safe unless the writer is raw.
func (s *CSV) Write(rec []string) {
	if s.raw {
		s.w.Write(rec)
		return
	}
	s.rec = s.rec[:0]
	for _, c := range rec {
		s.rec = append(s.rec, SafeCell(c))
	}
	s.w.Write(s.rec)
}

// Flush writes what is buffered and returns the first error of any write.
func (s *CSV) Flush() error {
	s.w.Flush()
	return s.w.Error()
}
