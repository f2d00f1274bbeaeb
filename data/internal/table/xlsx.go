package table

import (
	"os"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
)

// RehearsalSuffix ends the name of every sheet of a rehearsal's workbook.
const RehearsalSuffix = " REHEARSAL"

// Sheet writes a workbook's rows one after the other, keeping the first
// error.
type Sheet struct {
	F    *excelize.File
	Name string
	Row  int // the last row written, from 1
	Err  error
}

// Put writes the next row, in style unless style is 0.
func (s *Sheet) Put(style int, cells ...any) {
	s.Row++
	if s.Err != nil {
		return
	}
	cell, _ := excelize.CoordinatesToCellName(1, s.Row)
	if s.Err = s.F.SetSheetRow(s.Name, cell, &cells); s.Err != nil || style == 0 {
		return
	}
	last, _ := excelize.CoordinatesToCellName(max(len(cells), 1), s.Row)
	s.Err = s.F.SetCellStyle(s.Name, cell, last, style)
}

// PutList writes a list's table: cols' headers in the style header, then
// a row for each of rows.
func PutList[R any](s *Sheet, header int, cols Columns[R], rows []R) {
	s.Put(header, Anys(cols.Heads())...)
	for _, r := range rows {
		s.Put(0, cols.Cells(r)...)
	}
}

// Widths sets the widths of the first columns, in characters.
func (s *Sheet) Widths(ws ...float64) {
	for i, w := range ws {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if s.Err == nil {
			s.Err = s.F.SetColWidth(s.Name, col, col, w)
		}
	}
}

// Styles are a workbook's styles: a title, the status banner, a table's
// header and a key (a bold first cell).
type Styles struct{ Title, Banner, Header, Key int }

// NewStyles adds the styles to f; a rehearsal's banner is white on red.
func NewStyles(f *excelize.File, rehearsal bool) (Styles, error) {
	var st Styles
	bannerFill, bannerFont := "E2EFDA", "375623"
	if rehearsal {
		bannerFill, bannerFont = "C00000", "FFFFFF"
	}
	for _, s := range []struct {
		id    *int
		style *excelize.Style
	}{
		{&st.Title, &excelize.Style{Font: &excelize.Font{Bold: true, Size: 14}}},
		{&st.Banner, &excelize.Style{Font: &excelize.Font{Bold: true, Size: 12, Color: bannerFont},
			Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{bannerFill}}}},
		{&st.Header, &excelize.Style{Font: &excelize.Font{Bold: true},
			Fill:   excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}},
			Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}}},
		{&st.Key, &excelize.Style{Font: &excelize.Font{Bold: true}}},
	} {
		id, err := f.NewStyle(s.style)
		if err != nil {
			return st, err
		}
		*s.id = id
	}
	return st, nil
}

// Escape keeps & out of the header and footer codes.
func Escape(s string) string { return strings.ReplaceAll(s, "&", "&&") }

// Anys is ss as a row's cells.
func Anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// Stamp is a time as the exports write it: UTC, to the second; empty
// when zero.
func Stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Save writes the workbook to path as a list is written, 0644: excelize's
// SaveAs creates its file with every permission bit the umask leaves
// (0755), which marks a workbook as a program.
func Save(f *excelize.File, path string) error {
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteTo(out); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
