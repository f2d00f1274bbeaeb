package e2e

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/verify"

	"github.com/xuri/excelize/v2"
)

// FuzzVerifyExport: an export with one of its files replaced, as an
// auditor may be handed it. verify never panics, and reports a problem
// unless the file is what the export wrote: any other bytes, in the
// journal, a bin or the report, are found out; the CSV lists, the
// workbook and record.json are read by what they say, so other bytes
// pass only where they say the same (a list saved again with CRLF line
// ends, the record without its last newline, a workbook with bytes after
// its end).
func FuzzVerifyExport(f *testing.F) {
	fx := rig.ExportFixture(f)
	db, ss := rig.PlayExportShow(f, fx, false)
	out := filepath.Join(f.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		f.Fatal(err)
	}
	var names []string
	orig := map[string][]byte{}
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		b, err := os.ReadFile(p)
		names, orig[rel] = append(names, rel), b
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	slices.Sort(names)
	for i, name := range names {
		b := orig[name]
		f.Add(uint8(i), b)
		if len(b) > 0 {
			f.Add(uint8(i), b[:len(b)-1])
			f.Add(uint8(i), append(slices.Clone(b), "\n(none)"...))
			f.Add(uint8(i), bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")))
			f.Add(uint8(i), bytes.Replace(b, []byte("C0"), []byte("C1"), 1))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		name := names[int(which)%len(names)]
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(out)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := verify.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		switch same := bytes.Equal(b, orig[name]); {
		case same && len(r.Problems) > 0:
			t.Fatalf("the export as written: %q", r.Problems)
		case !same && len(r.Problems) == 0 && !sameMeaning(name, b, orig[name]):
			t.Fatalf("%s changed (%d bytes, was %d) and verify found nothing", name, len(b), len(orig[name]))
		}
	})
}

// sameMeaning reports whether a and b, two texts of the export's file
// name, say the same: as CSV records for a list, as JSON for the record;
// any other file says what its bytes are.
func sameMeaning(name string, a, b []byte) bool {
	switch {
	case strings.HasSuffix(name, ".csv") && !strings.HasPrefix(name, "bins"):
		read := func(b []byte) ([][]string, error) {
			r := csv.NewReader(bytes.NewReader(b))
			r.FieldsPerRecord = -1 // a rehearsal's banner is one cell
			return r.ReadAll()
		}
		ra, err1 := read(a)
		rb, err2 := read(b)
		return err1 == nil && err2 == nil && reflect.DeepEqual(ra, rb)
	case name == "record.json":
		var ja, jb any
		return json.Unmarshal(a, &ja) == nil && json.Unmarshal(b, &jb) == nil && reflect.DeepEqual(ja, jb)
	case name == "winners.xlsx":
		return reflect.DeepEqual(bookCells(a), bookCells(b)) && bookCells(a) != nil
	}
	return false
}

// bookCells are a workbook's cells, sheet by sheet; nil for bytes that
// are no workbook.
func bookCells(b []byte) map[string][][]string {
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	defer f.Close()
	out := map[string][][]string{}
	for _, s := range f.GetSheetList() {
		if out[s], err = f.GetRows(s); err != nil {
			return nil
		}
	}
	return out
}
