package e2e

import (
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"

	"drawshow/data/datatest"
	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/show"
)

// TestCheckBinHeldPerRow: the bin check builds holds one entry a row and
// no room left from growing. What those entries weigh on the heap is the
// runtime's to count: BenchmarkCheckBinHeldPerRow reports it.
func TestCheckBinHeldPerRow(t *testing.T) {
	t.Parallel()
	const rows, people = 100_000, 20_000
	c := checkBin(t, entryFile(t, rows, people))
	if c.Bin.Rows != rows || c.People != people || len(c.Bin.Entries) != rows || cap(c.Bin.Entries) > rows*101/100 {
		t.Fatalf("%d rows, %d people, %d entries (room for %d)", c.Bin.Rows, c.People, len(c.Bin.Entries), cap(c.Bin.Entries))
	}
}

// BenchmarkCheckBinHeldPerRow: the bin check builds holds an entry, a
// ticket of its own and a share of its card's one string a row (40 + 8
// + 3, and 4 for the participant's number: about 55 bytes, under 64),
// not the reader's row (64 bytes more) nor room left from growing.
// Counted on the heap after a collection.
func BenchmarkCheckBinHeldPerRow(b *testing.B) {
	const rows, people = 100_000, 20_000
	path := entryFile(b, rows, people)
	var held float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		c := checkBin(b, path)
		runtime.GC()
		runtime.ReadMemStats(&after)
		held += float64(after.HeapAlloc-before.HeapAlloc) / rows
		runtime.KeepAlive(c)
	}
	b.ReportMetric(held/float64(b.N), "bytes-held/row")
}

// entryFile writes an entry file of rows rows of people cards.
func entryFile(tb testing.TB, rows, people int) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "entries.csv")
	if err := datatest.WriteEntryCSV(path, rows, people); err != nil {
		tb.Fatal(err)
	}
	return path
}

// checkBin checks the entry file at path as a draw of a ticket a row.
func checkBin(tb testing.TB, path string) *entries.SegmentCheck {
	tb.Helper()
	seg := &show.Segment{ID: "bench", Tickets: show.PerRow, Entries: path, Columns: show.Columns{Ticket: "Ticket No"}}
	c, err := entries.Check(seg, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// TestRowsOneStringACard: the rows a freeze reads from the record give
// each card as one string, however many tickets it has.
func TestRowsOneStringACard(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	seg := &ss.Eng.Show.Segments[0]
	if _, err := db.ImportEntries(ss.ID, seg, "entries.csv"); err != nil {
		t.Fatal(err)
	}
	at := map[string]*byte{}
	n := 0
	err := db.Rows(ss.ID, seg, func(r show.Row) error {
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
