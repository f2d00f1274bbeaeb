package e2e

import (
	"os"
	"path/filepath"
	"time"

	"drawshow/data/record"
	"drawshow/data/store"
)

// ExportBinsOnly writes a show's bin CSVs to dir and nothing else, the way
// an export gets them: the fold that rebuilds each frozen bin from the
// recorded rows, then the files. It is the yardstick of BenchmarkExport1M
// and says how long each part took.
func ExportBinsOnly(db *store.DB, showID, dir string) (fold, write time.Duration, err error) {
	t0 := time.Now()
	eng, err := db.Fold(showID)
	if err != nil {
		return 0, 0, err
	}
	t1 := time.Now()
	if err := os.MkdirAll(filepath.Join(dir, "bins"), 0o755); err != nil {
		return 0, 0, err
	}
	for _, s := range eng.State().Segs {
		if s.Bin == nil {
			continue
		}
		if err := record.WriteBin(filepath.Join(dir, "bins", s.Seg.ID+".csv"), s.Bin.Entries, false); err != nil {
			return 0, 0, err
		}
	}
	return t1.Sub(t0), time.Since(t1), nil
}
