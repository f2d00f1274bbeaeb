package main_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest"
)

// BenchmarkCheckCardARow times drawshow check (the process) of entry
// files of a card a row, 16 digits each, at 1 000 000, 2 000 000 and
// 5 000 000 rows, each against reading the same file with encoding/csv
// alone (ReuseRecord), all in one loop so that the ratios hold on a
// shared machine; writing the files is not timed. A card a row is check's
// hardest file: as many cards to number as rows (issue 42). It reports
// csv-ratio (at 5M), csv-ratio-1M and csv-ratio-2M beside their aim,
// growth (check of 5M over check of 1M; 5 is linear) beside csv-growth
// (the same of encoding/csv: how linear the machine itself was), and the
// peak RSS of check of 5M beside its limit.
func BenchmarkCheckCardARow(b *testing.B) {
	dir := b.TempDir()
	type size struct {
		rows       int
		csv, show  string
		yard, ours time.Duration
	}
	sizes := []*size{{rows: 1_000_000}, {rows: 2_000_000}, {rows: hugeRows}}
	for _, s := range sizes {
		s.csv = filepath.Join(dir, fmt.Sprintf("entries-%d.csv", s.rows))
		if err := datatest.WriteEntryCSV(s.csv, s.rows, s.rows); err != nil {
			b.Fatal(err)
		}
		s.show = filepath.Join(dir, fmt.Sprintf("show-%d.yaml", s.rows))
		if err := os.WriteFile(s.show, datatest.ShowYAML(s.csv, 3), 0o644); err != nil {
			b.Fatal(err)
		}
		readCSV(b, s.csv, s.rows) // in the page cache, as for a show's second check
	}
	r := newRSSRig(b, sizes[0].csv, 0, 0)
	var peak int64
	for b.Loop() {
		for _, s := range sizes {
			t0 := time.Now()
			readCSV(b, s.csv, s.rows)
			t1 := time.Now()
			kb, out := r.exec("check", s.show)
			s.yard, s.ours = s.yard+t1.Sub(t0), s.ours+time.Since(t1)
			if !strings.Contains(out, fmt.Sprintf(" %d ", s.rows)) {
				b.Fatalf("check printed no %d rows:\n%s", s.rows, out)
			}
			if s.rows == hugeRows {
				peak = max(peak, kb)
			}
		}
	}
	ratio := func(s *size) float64 { return float64(s.ours) / float64(s.yard) }
	b.ReportMetric(ratio(sizes[2]), "csv-ratio")
	b.ReportMetric(maxCheckCSVRatio, "csv-ratio-aim")
	b.ReportMetric(ratio(sizes[0]), "csv-ratio-1M")
	b.ReportMetric(ratio(sizes[1]), "csv-ratio-2M")
	b.ReportMetric(float64(sizes[2].ours)/float64(sizes[0].ours), "growth")
	b.ReportMetric(maxCheckGrowth, "growth-aim")
	b.ReportMetric(float64(sizes[2].yard)/float64(sizes[0].yard), "csv-growth")
	b.ReportMetric(mb(peak), "peak_MB")
	b.ReportMetric(maxHugeCheckPeakMB, "limit_MB")
}
