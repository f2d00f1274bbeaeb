package data

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// writeBenchCSV writes an entry file of n rows as a casino export looks:
// one row per ticket, 200 000 participants, a name, a tier and a balance.
func writeBenchCSV(tb testing.TB, path string, n int) int64 {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	names := []string{"Sipho Dlamini", "Zoë van der Merwe", "Émile Botha", "Nomvula Khumalo", "Pieter du Plessis", "Thandiwe Ngcobo 🎰"}
	tiers := []string{"Ace", "King", "Queen", "Jack", "Ten"}
	fmt.Fprintln(w, "Ticket No,Card,Name,Tier,Points")
	for i := range n {
		p := i % 200_000
		fmt.Fprintf(w, "T%08d,60012345%08d,%s,%s,%d\n", i, p, names[p%len(names)], tiers[p%len(tiers)], p*37%250_000)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	st, _ := f.Stat()
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return st.Size()
}

func BenchmarkReadEntries1M(b *testing.B) {
	const rows = 1_000_000
	path := filepath.Join(b.TempDir(), "entries.csv")
	b.SetBytes(writeBenchCSV(b, path, rows))
	need := Need{Ticket: true, Tier: true}
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if _, err := ReadEntries(path, "", Columns{}, need, func(EntryRow) error { n++; return nil }); err != nil || n != rows {
			b.Fatalf("%d rows, %v", n, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/rows, "ns/row")

	// The heap the reader holds at its last row: mostly the duplicate check.
	var before, at runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	_, err := ReadEntries(path, "", Columns{}, need, func(EntryRow) error {
		if n++; n == rows {
			runtime.GC()
			runtime.ReadMemStats(&at)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(at.HeapAlloc-before.HeapAlloc)/(1<<20), "MB-held")
}
