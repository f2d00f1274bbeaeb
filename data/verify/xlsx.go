package verify

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/xuri/excelize/v2"
)

// cells reads two workbooks back and names the cells that differ; a
// workbook's bytes hold its own timestamps, its cells are the record.
func cells(got, want []byte) []string {
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
	if gs, ws := g.GetSheetList(), w.GetSheetList(); !slices.Equal(gs, ws) {
		return []string{fmt.Sprintf("sheets %q, the record gives %q", gs, ws)}
	}
	for _, sheet := range w.GetSheetList() {
		gr, err1 := g.GetRows(sheet)
		wr, err2 := w.GetRows(sheet)
		if err1 != nil || err2 != nil {
			return append(out, fmt.Sprintf("sheet %s: %v %v", sheet, err1, err2))
		}
		for i := 0; i < max(len(gr), len(wr)); i++ {
			a, b := row(gr, i), row(wr, i)
			for j := 0; j < max(len(a), len(b)); j++ {
				x, y := cell(a, j), cell(b, j)
				if x == y {
					continue
				}
				name, _ := excelize.CoordinatesToCellName(j+1, i+1)
				out = append(out, fmt.Sprintf("sheet %s cell %s is %q, the record gives %q", sheet, name, x, y))
				if len(out) >= 10 {
					return out
				}
			}
		}
	}
	return out
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
