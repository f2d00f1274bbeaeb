package data

import (
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"

	"drawshow/data/datatest"
	"drawshow/data/entries"
	"drawshow/show"
)

// TestCheckBinHeldPerRow: the bin check builds holds an entry, a ticket
// of its own and a share of its card's one string a row (40 + 8 + 3,
// and 4 for the participant's number), not the reader's row (64 bytes
// more) nor room left from growing. Counted on the heap after a
// collection: the same on any machine.
func TestCheckBinHeldPerRow(t *testing.T) {
	const rows, people = 100_000, 20_000
	path := filepath.Join(t.TempDir(), "entries.csv")
	if err := datatest.WriteEntryCSV(path, rows, people); err != nil {
		t.Fatal(err)
	}
	seg := &show.Segment{ID: "bench", Tickets: show.PerRow, Entries: path, Columns: show.Columns{Ticket: "Ticket No"}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c, err := entries.Check(seg, nil)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if c.Bin.Rows != rows || c.People != people || len(c.Bin.Entries) != rows || cap(c.Bin.Entries) > rows*101/100 {
		t.Fatalf("%d rows, %d people, %d entries (room for %d)", c.Bin.Rows, c.People, len(c.Bin.Entries), cap(c.Bin.Entries))
	}
	perRow := float64(after.HeapAlloc-before.HeapAlloc) / rows
	t.Logf("the bin holds %.1f bytes a row", perRow)
	if perRow > 64 {
		t.Errorf("the bin holds %.1f bytes a row, want at most 64", perRow)
	}
	runtime.KeepAlive(c)
}

// TestRowsOneStringACard: the rows a freeze reads from the record give
// each card as one string, however many tickets it has.
func TestRowsOneStringACard(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	seg := &ss.Eng.Show.Segments[0]
	if _, err := db.ImportEntries(ss.ID, seg, "entries.csv"); err != nil {
		t.Fatal(err)
	}
	at := map[string]*byte{}
	n := 0
	err := db.Rows(ss.ID, seg.ID, func(r show.Row) error {
		n++
		p := unsafe.StringData(r.Card)
		if q, ok := at[r.Card]; ok && q != p {
			t.Errorf("card %s on row %d is a string of its own", r.Card, n)
		}
		at[r.Card] = p
		return nil
	})
	if err != nil || n != 6 || len(at) != 5 {
		t.Fatalf("%d rows, %d cards, %v", n, len(at), err)
	}
}
