package verify

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"

	"drawshow/data/internal/table"
	"drawshow/data/record"
)

// An export is checked by what its files say, not by their bytes: a
// list by its headers and cells, record.json by its fields. So an
// archive written by an earlier release, whose lists had their columns
// in another order or lacked one added since (record.Since), verifies
// with today's drawshow, while a cell or a field that says something
// else than the record is named by its draw and pick.

// DiffSince is DiffJSON of the export's file name (record.json,
// people.json) as an export of r.Format wrote it, passing over the fields
// a later format added (record.Since) and the format's name, which was
// held to one this drawshow reads.
func (r *Report) DiffSince(name string, got []byte, want any, gotName, wantName string) []string {
	ed := r.edition()
	skip := func(path string, x, _ any) bool {
		return path == "format" || x == nil && ed.added(name+" "+path)
	}
	return diffJSON(json.RawMessage(got), want, gotName, wantName, skip)
}

// maxNamed bounds the differences named in one file.
const maxNamed = 10

// list holds an export's list (got) to what the record makes of it;
// ed is the export's record format, rehearsal whether the record is
// a rehearsal's.
func list(r *Report, got []byte, want record.Table, ed edition, rehearsal bool) {
	bad := func(f string, args ...any) { r.bad("%s: %s", want.File, fmt.Sprintf(f, args...)) }
	cr := csv.NewReader(bytes.NewReader(got))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		bad("not a CSV list: %v", err)
		return
	}
	if banner := len(rows) > 0 && len(rows[0]) == 1 && rows[0][0] == record.RehearsalBanner; banner != rehearsal {
		if rehearsal {
			bad("its first line is not the rehearsal banner: a rehearsal's list must say it is one")
		} else {
			bad("it says it is a rehearsal's, but the record is an official show's")
		}
		return
	} else if banner {
		rows = rows[1:]
	}
	if len(rows) == 0 {
		bad("no header")
		return
	}
	heads, body := rows[0], rows[1:]
	at := map[string]int{} // want's column of each of heads
	for i, h := range heads {
		j := slices.Index(want.Heads, h)
		switch {
		case j < 0:
			bad("column %q is not one this drawshow knows (%s has %q)", h, record.RecordFormat, want.Heads)
			return
		case slices.Index(heads, h) != i:
			bad("column %q is there twice", h)
			return
		}
		at[h] = j
	}
	for _, h := range want.Heads {
		if _, ok := at[h]; !ok && !ed.added(want.File+" "+h) {
			bad("column %q is missing", h)
		}
	}
	named := 0
	for i := range max(len(body), len(want.Rows)) {
		if named >= maxNamed {
			return
		}
		switch {
		case i >= len(want.Rows):
			bad("row %d is not the record's: it lists %q", i+2, body[i])
			named++
			continue
		case i >= len(body):
			bad("%s is missing", want.Rows[i].Name)
			named++
			continue
		}
		line := want.Rows[i]
		if len(body[i]) != len(heads) {
			bad("%s: %d cells under %d headers", line.Name, len(body[i]), len(heads))
			named++
			continue
		}
		for c, h := range heads {
			w := line.Cells[at[h]]
			if !want.Raw {
				w = table.SafeCell(w)
			}
			if g := body[i][c]; g != w {
				bad("%s: %s is %q, the record says %q", line.Name, h, g, w)
				named++
			}
		}
	}
}

// fields holds record.json (got) to the record the fold made: field by
// field, passing over what the export's format did not yet write.
func fields(r *Report, got []byte, want *record.Record) {
	if !json.Valid(got) {
		r.bad("%s: not JSON", record.RecordFile)
		return
	}
	d := r.DiffSince(record.RecordFile, got, want, "the export", "the record")
	for i, s := range d {
		if i == maxNamed {
			r.bad("%s: and %d more", record.RecordFile, len(d)-i)
			break
		}
		r.bad("%s: %s", record.RecordFile, s)
	}
}
