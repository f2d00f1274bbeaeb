package e2e

import (
	"errors"
	"path/filepath"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// TestEmptyBinRefused: an entry file with a header and no rows (blank
// rows below it at most), CSV or XLSX, is an error naming the file, for
// entries.Read, for check and for an import, which stores nothing.
func TestEmptyBinRefused(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"csv":          filetest.File(t, "empty.csv", "Ticket,Card,Name\r\n"),
		"csv blank":    filetest.File(t, "blank.csv", "Ticket,Card,Name\r\n\r\n,,\r\n , \r\n"),
		"csv bom":      filetest.File(t, "bom.csv", "\uFEFFTicket;Card\n"),
		"xlsx":         filetest.XLSX(t, "empty.xlsx", filetest.Sheet{Name: "Entries", Rows: [][]any{{"Ticket", "Card", "Name"}}}),
		"xlsx blank":   filetest.XLSX(t, "blank.xlsx", filetest.Sheet{Name: "Entries", Rows: [][]any{nil, {"Ticket", "Card", "Name"}, nil, {" ", nil, ""}}}),
		"xlsx 2nd row": filetest.XLSX(t, "second.xlsx", filetest.Sheet{Name: "Entries", Rows: [][]any{nil, nil, {"Ticket", "Card"}}}),
	}
	for name, path := range files {
		t.Run(name, func(t *testing.T) {
			want := path + ": no entries: the file has a header and no rows"
			calls := 0
			st, err := entries.Read(path, "", entries.Columns{}, entries.Need{Ticket: true}, func(entries.Row) error { calls++; return nil })
			var fe *entries.FileError
			if !errors.As(err, &fe) || err.Error() != want || fe.Total != 1 || calls != 0 || st.Rows != 0 {
				t.Fatalf("entries.Read: %d calls, stats %+v, err %v; want %q", calls, st, err, want)
			}
			// one row a participant
			if _, err := entries.Read(path, "", entries.Columns{}, entries.Need{}, func(entries.Row) error { return nil }); err == nil || err.Error() != want {
				t.Errorf("no tickets: err %v", err)
			}

			seg := &show.Segment{ID: "sat", Tickets: show.PerRow, Entries: path}
			if c, err := entries.Check(seg, nil); err == nil || err.Error() != want {
				t.Errorf("Check: %+v, %v; want %q", c, err, want)
			}

			f := rig.NewFixture(t)
			db, ss := f.Open(t)
			if l, err := db.ImportEntries(ss.ID, seg, filepath.Base(path)); err == nil || err.Error() != want {
				t.Errorf("ImportEntries: %+v, %v; want %q", l, err, want)
			}
			if l, err := db.Imported(ss.ID, seg.ID); l != nil || err != nil {
				t.Errorf("after a refused import: %+v, %v", l, err)
			}
			var n int
			if err := rig.RawSQL(t, db).QueryRow(`SELECT count(*) FROM entries`).Scan(&n); err != nil || n != 0 {
				t.Errorf("%d entries stored, %v", n, err)
			}
		})
	}

	// one row is enough, and one bad row is the bad row's error
	path := filetest.File(t, "one.csv", "Ticket,Card\nT1,C1\n")
	if _, err := entries.Read(path, "", entries.Columns{}, entries.Need{Ticket: true}, func(entries.Row) error { return nil }); err != nil {
		t.Errorf("one row: %v", err)
	}
	path = filetest.File(t, "bad.csv", "Ticket,Card\nT1,\n")
	if _, err := entries.Read(path, "", entries.Columns{}, entries.Need{Ticket: true}, func(entries.Row) error { return nil }); err == nil || err.Error() != path+` row 2, column "Card": the card number is empty` {
		t.Errorf("one bad row: %v", err)
	}
}
