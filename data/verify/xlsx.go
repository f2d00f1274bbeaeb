package verify

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"drawshow/data/internal/table"
	"drawshow/data/record"
)

// book reads two workbooks back, the export's (got) and the record's
// (want), and names where they say different things: a workbook's bytes
// hold its own timestamps, its cells are the record. Its tables (their
// headers are record.BookHeads) are read by their columns' names, as the
// CSV lists are, so their columns may stand in another order or lack one
// a later format added; every other row is read cell by cell.
func book(got, want []byte, ed edition) []string {
	g, err := excelize.OpenReader(bytes.NewReader(got))
	if err != nil {
		return []string{fmt.Sprintf("not a workbook excelize can read: %v", err)}
	}
	defer g.Close()
	w, err := excelize.OpenReader(bytes.NewReader(want))
	if err != nil {
		return []string{fmt.Sprintf("the record's workbook: %v", err)}
	}
	defer w.Close()
	var out []string
	gs, ws := g.GetSheetList(), w.GetSheetList()
	for _, s := range gs {
		if !slices.Contains(ws, s) {
			out = append(out, fmt.Sprintf("sheet %s is not one the record gives (%q)", s, ws))
		}
	}
	for _, sheet := range ws {
		if !slices.Contains(gs, sheet) {
			if !ed.added(record.WinnersXLSX + " sheet " + strings.TrimSuffix(sheet, table.RehearsalSuffix)) {
				out = append(out, fmt.Sprintf("sheet %s is missing", sheet))
			}
			continue
		}
		gr, err1 := g.GetRows(sheet)
		wr, err2 := w.GetRows(sheet)
		if err1 != nil || err2 != nil {
			return append(out, fmt.Sprintf("sheet %s: %v %v", sheet, err1, err2))
		}
		out = append(out, sheetDiff(sheet, gr, wr, ed)...)
		if len(out) >= maxNamed {
			return out[:maxNamed]
		}
	}
	return out
}

// sheetDiff names the differences between a sheet's rows as the export
// has them (gr) and as the record gives them (wr).
func sheetDiff(sheet string, gr, wr [][]string, ed edition) []string {
	var out []string
	var at []int       // in a table: the export's column of each of the record's, -1 for none
	var heads []string // the table's, as the record gives them
	for i := range max(len(gr), len(wr)) {
		a, b := row(gr, i), row(wr, i)
		if isHead(b) {
			var bad []string
			at, bad = columnsOf(a, b, ed)
			heads = b
			for _, s := range bad {
				out = append(out, fmt.Sprintf("sheet %s row %d: %s", sheet, i+1, s))
			}
			if len(bad) > 0 {
				return out // its rows cannot be read by column
			}
			continue
		}
		if len(b) == 0 {
			at = nil // a table ends at a blank row
		}
		if at == nil {
			for j := range max(len(a), len(b)) {
				if x, y := cell(a, j), cell(b, j); x != y {
					name, _ := excelize.CoordinatesToCellName(j+1, i+1)
					out = append(out, fmt.Sprintf("sheet %s cell %s is %q, the record gives %q", sheet, name, x, y))
				}
			}
			continue
		}
		used := map[int]bool{}
		for k, j := range at {
			if j < 0 {
				continue
			}
			used[j] = true
			if x, y := cell(a, j), cell(b, k); x != y {
				out = append(out, fmt.Sprintf("sheet %s, %s: %s is %q, the record gives %q", sheet, rowOf(heads, b, i), heads[k], x, y))
			}
		}
		for j := range a {
			if !used[j] && a[j] != "" {
				out = append(out, fmt.Sprintf("sheet %s, %s: %q stands under no column", sheet, rowOf(heads, b, i), a[j]))
			}
		}
	}
	return out
}

// isHead reports whether the record's row r heads one of the workbook's
// tables.
func isHead(r []string) bool {
	return len(r) > 0 && slices.ContainsFunc(record.BookHeads(), func(h []string) bool { return slices.Equal(h, r) })
}

// columnsOf maps the record's header want onto the export's header got:
// the export's column of each of want's, -1 for a column a later format
// added. A column the export has and the record does not, one there
// twice, or one the format wrote and the export lacks, is named.
func columnsOf(got, want []string, ed edition) ([]int, []string) {
	var bad []string
	for j, h := range got {
		switch {
		case !slices.Contains(want, h):
			bad = append(bad, fmt.Sprintf("column %q is not one this drawshow knows (%q)", h, want))
		case slices.Index(got, h) != j:
			bad = append(bad, fmt.Sprintf("column %q is there twice", h))
		}
	}
	at := make([]int, len(want))
	for k, h := range want {
		at[k] = slices.Index(got, h)
		if at[k] < 0 && !ed.added(record.WinnersXLSX+" "+h) {
			bad = append(bad, fmt.Sprintf("column %q is missing", h))
		}
	}
	return at, bad
}

// rowOf names a table's row r (at index i) by its draw and pick where it
// has them, else by its row.
func rowOf(heads, r []string, i int) string {
	seg, pick := slices.Index(heads, "Segment"), slices.Index(heads, "Pick")
	switch {
	case seg >= 0 && pick >= 0:
		return fmt.Sprintf("draw %s, pick %s", cell(r, seg), cell(r, pick))
	case seg >= 0:
		return "draw " + cell(r, seg)
	case pick >= 0:
		return "pick " + cell(r, pick)
	}
	return fmt.Sprintf("row %d", i+1)
}

func row(rows [][]string, i int) []string {
	if i < len(rows) {
		return rows[i]
	}
	return nil
}

func cell(r []string, j int) string {
	if j < len(r) {
		return r[j]
	}
	return ""
}
