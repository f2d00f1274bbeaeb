package verify_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/verify"

	"github.com/xuri/excelize/v2"
)

// TestArchiveReadByMeaning: an archive of today's format, as a later
// release would have to read it. Its lists with their columns in another
// order, its record indented otherwise, and what a later format added
// (record.Since) absent, verify; an unknown column, a column or a field
// missing that the format wrote, and a cell that says something else are
// each named, by the draw and the pick where it is one of theirs.
func TestArchiveReadByMeaning(t *testing.T) {
	t.Parallel()
	now, _ := record.FormatNumber(record.RecordFormat)
	later := now + 1 // a format after today's
	var src string
	for _, z := range rig.FormatArchives(t) {
		if strings.HasSuffix(z, "royal-flush-2024-11-30.zip") {
			src = z // the Saturday's: its cash draw and its bins
		}
	}
	for _, c := range []struct {
		name  string
		since map[string]int // what a later format added, for this case
		file  string
		edit  func(t *testing.T, b []byte) []byte
		want  string // "" for none
	}{
		{name: "winners.csv with its columns in another order", file: record.WinnersCSV,
			edit: func(t *testing.T, b []byte) []byte { return editCSV(t, b, reverse) }},
		{name: "record.json without indents", file: record.RecordFile,
			edit: func(t *testing.T, b []byte) []byte {
				var buf bytes.Buffer
				if err := json.Compact(&buf, b); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			}},
		{name: "a column a later format added", since: map[string]int{"winners.csv area": later}, file: record.WinnersCSV,
			edit: func(t *testing.T, b []byte) []byte { return editCSV(t, b, dropColumn("area")) }},
		{name: "a column the format wrote", file: record.WinnersCSV,
			edit: func(t *testing.T, b []byte) []byte { return editCSV(t, b, dropColumn("area")) },
			want: `winners.csv: column "area" is missing`},
		{name: "a column no format wrote", file: record.WinnersCSV,
			edit: func(t *testing.T, b []byte) []byte { return editCSV(t, b, addColumn("bonus")) },
			want: `winners.csv: column "bonus" is not one this drawshow knows`},
		{name: "a field a later format added", since: map[string]int{"record.json draws.picks.paid_as": later}, file: record.RecordFile,
			edit: func(t *testing.T, b []byte) []byte {
				return bytes.ReplaceAll(b, []byte(`,
     "paid_as": "cash"`), nil)
			}},
		{name: "a field the format wrote", file: record.RecordFile,
			edit: func(t *testing.T, b []byte) []byte {
				return bytes.Replace(b, []byte(`,
     "paid_as": "cash"`), nil, 1)
			},
			want: `record.json: draw sat-cash, pick 1, paid_as: null in the export, "cash" in the record`},
		{name: "a file a later format added", since: map[string]int{"collection.csv": later}, file: record.CollectionFile,
			edit: func(*testing.T, []byte) []byte { return nil }},
		{name: "the workbook's pick columns in another order", file: record.WinnersXLSX,
			edit: func(t *testing.T, b []byte) []byte {
				return editBook(t, b, "sat-cash REHEARSAL", record.PickHeaderRow, swapColumns)
			}},
		{name: "a workbook column a later format added", since: map[string]int{"winners.xlsx Area": later}, file: record.WinnersXLSX,
			edit: func(t *testing.T, b []byte) []byte {
				return editBook(t, b, "sat-cash REHEARSAL", record.PickHeaderRow, dropBookColumn("Area"))
			}},
		{name: "a workbook column the format wrote", file: record.WinnersXLSX,
			edit: func(t *testing.T, b []byte) []byte {
				return editBook(t, b, "sat-cash REHEARSAL", record.PickHeaderRow, dropBookColumn("Area"))
			},
			want: `winners.xlsx: sheet sat-cash REHEARSAL row 4: column "Area" is missing`},
		{name: "a prize in the workbook", file: record.WinnersXLSX,
			edit: func(t *testing.T, b []byte) []byte {
				return editBook(t, b, "sat-cash REHEARSAL", record.PickHeaderRow, func(rows [][]string) {
					rows[1][slices.Index(rows[0], "Prize")] = "R50 000"
				})
			},
			want: `winners.xlsx: sheet sat-cash REHEARSAL, pick 1: Prize is "R50 000", the record gives "R5 000"`},
		{name: "a cell of another winner", file: record.WinnersCSV,
			edit: func(t *testing.T, b []byte) []byte {
				return editCSV(t, b, setListCell("sat-cash", "1", "name", "Forged Name"))
			},
			want: `winners.csv: draw sat-cash, pick 1: name is "Forged Name", the record says`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var later []verify.Option
			for k, v := range c.since {
				later = append(later, verify.AddedIn(k, v))
			}
			changed := false
			out := rig.Rewrite(t, src, func(name string, b []byte) []byte {
				if name != c.file {
					return b
				}
				out := c.edit(t, b)
				changed = !bytes.Equal(out, b)
				return out
			}, nil, true)
			if !changed {
				t.Fatalf("the edit changed nothing in %s", c.file)
			}
			verifiedAs(t, out, c.want, later...)
		})
	}
}

// verifiedAs verifies the archive at path and holds its problems to
// want: none when want is "", else one naming want. It gives them. opts
// have verify read as another release would.
func verifiedAs(t *testing.T, path, want string, opts ...verify.Option) []string {
	t.Helper()
	r, err := export.VerifyArchive(path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(r.Problems, "\n")
	switch {
	case want == "" && all != "":
		t.Fatalf("verify found problems:\n%s", all)
	case want != "" && !strings.Contains(all, want):
		t.Fatalf("verify said:\n%s\nwant a problem naming %q", all, want)
	}
	return r.Problems
}

// editCSV rewrites a list's rows under its rehearsal banner.
func editCSV(t *testing.T, b []byte, edit func(rows [][]string) [][]string) []byte {
	t.Helper()
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) < 2 || rows[0][0] != record.RehearsalBanner {
		t.Fatalf("not a rehearsal's list: %v", err)
	}
	var out bytes.Buffer
	w := csv.NewWriter(&out)
	w.Write(rows[0])
	w.WriteAll(edit(rows[1:]))
	return out.Bytes()
}

func reverse(rows [][]string) [][]string {
	for _, r := range rows {
		slices.Reverse(r)
	}
	return rows
}

func dropColumn(head string) func([][]string) [][]string {
	return func(rows [][]string) [][]string {
		i := slices.Index(rows[0], head)
		for j, r := range rows {
			rows[j] = slices.Delete(r, i, i+1)
		}
		return rows
	}
}

func addColumn(head string) func([][]string) [][]string {
	return func(rows [][]string) [][]string {
		rows[0] = append(rows[0], head)
		for j := 1; j < len(rows); j++ {
			rows[j] = append(rows[j], "1")
		}
		return rows
	}
}

// setListCell sets a column of the row of a draw's pick.
func setListCell(segment, pick, head, v string) func([][]string) [][]string {
	return func(rows [][]string) [][]string {
		seg, k, col := slices.Index(rows[0], "segment"), slices.Index(rows[0], "pick"), slices.Index(rows[0], head)
		for _, r := range rows[1:] {
			if r[seg] == segment && r[k] == pick {
				r[col] = v
			}
		}
		return rows
	}
}

// editBook rewrites a table of a workbook's sheet, from its header row
// down to the first blank row, as text: edit gets the header first.
func editBook(t *testing.T, b []byte, sheet string, header int, edit func(rows [][]string)) []byte {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	end := header
	for end < len(all) && len(all[end]) > 0 {
		end++
	}
	rows := all[header-1 : end]
	width := len(rows[0])
	edit(rows)
	for i, r := range rows {
		cells := make([]any, width) // what a dropped column left blank
		for j, c := range r {
			cells[j] = c
		}
		if err := f.SetSheetRow(sheet, fmt.Sprintf("A%d", header+i), &cells); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := f.Write(&out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func swapColumns(rows [][]string) {
	for _, r := range rows {
		r[0], r[1] = r[1], r[0]
	}
}

func dropBookColumn(head string) func([][]string) {
	return func(rows [][]string) {
		i := slices.Index(rows[0], head)
		for j, r := range rows {
			if i < len(r) {
				rows[j] = slices.Delete(r, i, i+1)
			}
		}
	}
}
