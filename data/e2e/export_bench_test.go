package e2e_test

// Benchmarks of the export (make bench), over the 1 000 000-row entry file
// of bench_test.go:
//
//   - BenchmarkWriteBin1M: a show's bin CSV alone, as an export gets it:
//     the fold that rebuilds the frozen bin from the database's rows, then
//     the 1 000 000-line file (fold_ms and write_ms say which part took what);
//   - BenchmarkExport1M: the whole export of that show (record.json, the bin,
//     winners.csv and .xlsx, report.pdf, collection.csv), which must stay
//     within 2× of the bin alone; x_bin reports the ratio against the bin
//     alone timed between its iterations.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"drawshow/data/datatest"
	"drawshow/data/e2e"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// benchClosedShow is a campaign database holding one closed show whose one
// segment froze the 1 000 000-entry bin and drew five winners, made once
// per process.
var benchClosedShow = sync.OnceValues(func() (*closedShow, error) {
	csvPath, err := benchCSV()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "drawshow-export-bench-")
	if err != nil {
		return nil, err
	}
	text := datatest.ShowYAML(csvPath, 5)
	showPath := filepath.Join(dir, "show.yaml")
	if err := os.WriteFile(showPath, text, 0o644); err != nil {
		return nil, err
	}
	sh, err := show.Parse(showPath, text)
	if err != nil {
		return nil, err
	}
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		return nil, err
	}
	at := time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC) // the draw's time, 21:30 local: no early draw
	ss, err := session.Open(db, sh, text, session.Options{Rehearsal: true, Seed: benchSeed, Clock: func() time.Time { return at }, Wall: func() time.Time { return at }})
	if err != nil {
		return nil, err
	}
	for _, op := range []show.Op{show.OpDraw, show.OpClaim, show.OpDraw, show.OpDecline, show.OpDraw, show.OpProxy,
		show.OpDraw, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose} {
		at = at.Add(20 * time.Second)
		c := show.Command{Op: op, Text: map[show.Op]string{show.OpProxy: "Lindiwe Dube", show.OpDecline: "paper register p.3, checked by Thandi"}[op]}
		if _, err := ss.Do(c, nil); err != nil {
			return nil, fmt.Errorf("%s: %v", op, err)
		}
	}
	return &closedShow{db: db, id: ss.ID, dir: dir}, nil
})

type closedShow struct {
	db      *store.DB
	id, dir string
}

func closedBenchShow(b *testing.B) *closedShow {
	b.Helper()
	cs, err := benchClosedShow()
	if err != nil {
		b.Fatal(err)
	}
	return cs
}

func BenchmarkWriteBin1M(b *testing.B) {
	cs := closedBenchShow(b)
	var fold, write time.Duration
	n := 0
	for b.Loop() {
		b.StopTimer()
		out, err := os.MkdirTemp(cs.dir, "bins-")
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()

		f, w, err := e2e.ExportBinsOnly(cs.db, cs.id, out)

		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		fold, write, n = fold+f, write+w, n+1
		if st, err := os.Stat(filepath.Join(out, "bins", "bench.csv")); err != nil || st.Size() < 20_000_000 {
			b.Fatalf("bins/bench.csv: %v", err)
		}
		os.RemoveAll(out)
		b.StartTimer()
	}
	b.ReportMetric(float64(fold.Milliseconds())/float64(n), "fold_ms")
	b.ReportMetric(float64(write.Milliseconds())/float64(n), "write_ms")
}

func BenchmarkExport1M(b *testing.B) {
	cs := closedBenchShow(b)
	var took, bins time.Duration
	for b.Loop() {
		b.StopTimer()
		out, err := os.MkdirTemp(cs.dir, "export-")
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		b.StartTimer()

		rec, err := export.Write(cs.db, cs.id, out)

		b.StopTimer()
		took += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		if len(rec.Draws) != 1 || rec.Draws[0].Entries != benchRows || rec.Draws[0].Winners != 5 || rec.Seed == "" {
			b.Fatalf("record: %d draws, %+v", len(rec.Draws), rec.Draws)
		}
		for _, f := range []string{record.RecordFile, record.WinnersCSV, record.WinnersXLSX, record.ReportPDF, record.CollectionFile, "bins/bench.csv"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				b.Fatal(err)
			}
		}
		os.RemoveAll(out)
		// the yardstick, between the export's runs
		if out, err = os.MkdirTemp(cs.dir, "bins-"); err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		if _, _, err := e2e.ExportBinsOnly(cs.db, cs.id, out); err != nil {
			b.Fatal(err)
		}
		bins += time.Since(t0)
		os.RemoveAll(out)
		b.StartTimer()
	}
	b.ReportMetric(took.Seconds()/bins.Seconds(), "x_bin")
}

// BenchmarkVerify1M: verify of that show, from its export's folder
// (dir_ms: read the bin, re-derive the five picks) and from the database
// (db_ms: the hash chain, the fold that rebuilds the bin from the rows,
// the re-derivation of the closed show, the jackpot ledger).
func BenchmarkVerify1M(b *testing.B) {
	cs := closedBenchShow(b)
	out, err := os.MkdirTemp(cs.dir, "verify-")
	if err != nil {
		b.Fatal(err)
	}
	defer os.RemoveAll(out)
	if _, err := export.Write(cs.db, cs.id, out); err != nil {
		b.Fatal(err)
	}
	var files []string
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	sum, err := exec.LookPath("sha256sum")
	if err != nil {
		b.Fatal("sha256sum, the yardstick, is not installed")
	}
	var dir, db, sums time.Duration
	n := 0
	for b.Loop() {
		t0 := time.Now()
		r, err := verify.Dir(out)
		if err != nil || len(r.Problems) > 0 || r.Picks != 5 {
			b.Fatalf("verify DIR: %+v, %v", r, err)
		}
		t1 := time.Now()
		cr, err := verifydb.Check(cs.db)
		if err != nil || len(cr.Problems) > 0 {
			b.Fatalf("verify --db: %+v, %v", cr, err)
		}
		t2 := time.Now()
		// the yardstick: sha256sum of the same files, as an auditor's
		// first check of a folder would be
		if out, err := exec.Command(sum, files...).CombinedOutput(); err != nil {
			b.Fatalf("sha256sum: %v\n%s", err, out)
		}
		dir, db, sums, n = dir+t1.Sub(t0), db+t2.Sub(t1), sums+time.Since(t2), n+1
	}
	b.ReportMetric(float64(dir.Milliseconds())/float64(n), "dir_ms")
	b.ReportMetric(float64(sums.Milliseconds())/float64(n), "sha256sum_ms")
	b.ReportMetric(dir.Seconds()/sums.Seconds(), "x_sha256sum")
	b.ReportMetric(float64(db.Milliseconds())/float64(n), "db_ms")
}
