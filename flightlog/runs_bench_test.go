package flightlog

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkNameCrashes reads a flight log at its largest (the file and
// its DefaultKeep rotations, each DefaultMaxSize) for the runs that ended
// without stopping, as every start of a show does. The yardstick is
// reading the same files' bytes and counting their lines; crash_x is how
// many yardsticks one look for crashes costs, and ms its time on this
// machine.
func BenchmarkNameCrashes(b *testing.B) {
	db := filepath.Join(b.TempDir(), "c.db")
	fill(b, db)
	files, err := Files(db)
	if err != nil || len(files) != DefaultKeep+1 {
		b.Fatalf("the log's files %q (%v), want %d", files, err, DefaultKeep+1)
	}
	yard := func() {
		n := 0
		for _, f := range files {
			bs, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			n += bytes.Count(bs, []byte("\n"))
		}
		if n == 0 {
			b.Fatal("no lines")
		}
	}
	var crash, y time.Duration
	for b.Loop() {
		t0 := time.Now()
		runs, err := Crashed(db)
		if err != nil || len(runs) == 0 {
			b.Fatalf("crashed runs %d (%v), want the filler's", len(runs), err)
		}
		t1 := time.Now()
		yard()
		crash, y = crash+t1.Sub(t0), y+time.Since(t1)
	}
	b.ReportMetric(float64(crash)/float64(y), "crash_x")
	b.ReportMetric(float64(crash.Milliseconds())/float64(b.N), "ms")
}

// fill writes runs of a show's records into db's log until it has
// rotated past every file it keeps; the last run has no stop record.
func fill(b *testing.B, db string) {
	for {
		l := OpenRun(db, "bench", Fields{"command": "run"}, nil)
		for i := range 2000 {
			l.Info("action", Fields{"line": i, "op": "claim", "segment": "saturday-cash", "pick": i % 5, "seq": 1000 + i})
		}
		files, _ := Files(db)
		if len(files) == DefaultKeep+1 {
			l.Close() // no stop record: a crash
			return
		}
		l.Stop(0, "run stopped", nil)
	}
}
