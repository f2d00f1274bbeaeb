package e2e

import (
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
)

// BenchmarkExportLongName: an export whose winner's name is 100 000
// characters long (an old record's people.json may hold one: names are
// limited to 200 characters only at import) takes about as long as one
// whose name is 10 000 characters, in proportion: ratio-100k/10k is the
// time for the longer name over the time for the shorter, at most 10 when
// the export is linear in the name and 100 when it is quadratic; and
// ratio-100k/short the time for the longer name over that for a name of 16
// characters. Before fit was made linear the first was 79 and the export
// took 43 s; it is now about 1, the name's cost lost in the rest.
func BenchmarkExportLongName(b *testing.B) {
	f := rig.ExportFixture(b)
	db, ss := rig.PlayExportShow(b, f, true)
	x, err := export.SetOf(db, ss.ID, func(int) {})
	if err != nil {
		b.Fatal(err)
	}
	winner := ss.Eng.State().Seg("sat-cash").Picks[0].Participant
	who := x.People()["sat-cash"]
	person := who[winner]
	write := func(n int) time.Duration {
		p := person
		p.Name = strings.Repeat("Nomvula ", n/8)
		who[winner] = p
		dir := b.TempDir()
		start := time.Now()
		if err := x.Write(dir, func(string, int, int) {}); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	var short, mid, long time.Duration
	for b.Loop() {
		short += write(16)
		mid += write(10_000)
		long += write(100_000)
	}
	who[winner] = person
	b.ReportMetric(float64(long)/float64(mid), "ratio-100k/10k")
	b.ReportMetric(float64(long)/float64(short), "ratio-100k/short")
	b.ReportMetric(float64(long)/float64(b.N)/1e6, "ms-100k")
}
