package main_test

// The peak memory (resident set) of drawshow as the operator runs it:
// drawshow, built into a temporary folder, as a child process, its peak
// RSS from rusage. The requirement is under 200 MB (maxPeakMB), for a
// whole headless show over a 1 000 000-entry bin
// (BenchmarkHeadlessPeakRSS1M) and over 2 000 000
// (BenchmarkHeadlessPeakRSS2M), and for check of a 2 000 000-row entry
// file (BenchmarkCheckPeakRSS2M); and for check of 5 000 000 rows, under
// 300 MB (BenchmarkCheck5M, with its time against encoding/csv's and
// against check of 1 000 000 rows). The figures depend on the machine and
// what else runs on it, so make bench reports them, beside the limit;
// no test fails on them. TestShowOver2MRows runs the same check, show
// and restart for what does not depend on the machine: that they finish.

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"drawshow/data/datatest"
)

const (
	benchRows         = 1_000_000
	benchParticipants = 200_000

	// the 2M-row file: as many tickets a card as the 1M one
	bigRows         = 2_000_000
	bigParticipants = 400_000

	// maxPeakMB is the most drawshow may take, check or a show: the
	// benchmarks report it beside their figures.
	maxPeakMB = 200
)

// benchCSV is the 1M-row entry file, written once per process.
var benchCSV = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "drawshow-bench-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "entries.csv")
	return path, datatest.WriteEntryCSV(path, benchRows, benchParticipants)
})

// The actions: the show's three winners (datatest.ShowYAML), reached through a claim, a
// forfeit, a no-show, a decline and a proxy, then closed.
const (
	benchActions = `draw
claim
draw
forfeit
draw
wait 90s
draw
decline paper register p.2, checked by Thandi
draw
proxy Sibusiso Mthembu id=8001015009087
close
`
	benchSeed = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
)

// rssRig is drawshow built into a folder with a show over one entry file
// and the benchmark's actions.
type rssRig struct {
	tb                            testing.TB
	dir, bin, showPath, actions   string
	runs                          int
	peakKB, resumePeak, checkPeak int64
}

// newRSSRig builds drawshow into a temporary folder and writes a show
// over csvPath; with csvPath "" it writes an entry file of rows rows and
// people cards there (the folder is removed after the test).
func newRSSRig(tb testing.TB, csvPath string, rows, people int) *rssRig {
	tb.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		tb.Skip("go is not on PATH: cannot build drawshow")
	}
	r := &rssRig{tb: tb, dir: tb.TempDir()}
	r.bin = filepath.Join(r.dir, "drawshow")
	if out, err := exec.Command(goTool, "build", "-o", r.bin, ".").CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	if csvPath == "" {
		csvPath = filepath.Join(r.dir, "entries.csv")
		if err := datatest.WriteEntryCSV(csvPath, rows, people); err != nil {
			tb.Fatal(err)
		}
	}
	r.showPath = filepath.Join(r.dir, "show.yaml")
	r.actions = filepath.Join(r.dir, "actions.txt")
	if err := os.WriteFile(r.showPath, datatest.ShowYAML(csvPath, 3), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(r.actions, []byte(benchActions), 0o644); err != nil {
		tb.Fatal(err)
	}
	return r
}

// exec runs drawshow with args, as the operator would (the memory
// settings of the environment left out: drawshow sets its own), and
// returns its peak RSS in KB and its standard output.
//
// The peak comes from GNU time, which forks drawshow itself: Linux keeps
// a process's peak RSS across exec, and a child this test started would
// carry the test binary's (hundreds of MB under -race) as its own.
func (r *rssRig) exec(args ...string) (peakKB int64, stdout string) {
	r.tb.Helper()
	gnuTime, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		r.tb.Fatal("GNU time (/usr/bin/time) measures the peak RSS: make deps installs it (Debian's time)")
	}
	rss := filepath.Join(r.dir, "maxrss")
	cmd := exec.Command(gnuTime, append([]string{"-f", "%M", "-o", rss, r.bin}, args...)...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMEMLIMIT=") && !strings.HasPrefix(kv, "GOGC=") && !strings.HasPrefix(kv, "GODEBUG=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		r.tb.Fatalf("drawshow %s: %v\n%s", args[0], err, stderr.String())
	}
	b, err := os.ReadFile(rss)
	if err != nil {
		r.tb.Fatal(err)
	}
	kb, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		r.tb.Fatalf("GNU time wrote %q: %v", b, err)
	}
	return kb, out.String()
}

// check runs drawshow check on the show.
func (r *rssRig) check() {
	r.tb.Helper()
	kb, out := r.exec("check", r.showPath)
	if !strings.Contains(out, "bench") {
		r.tb.Fatalf("check printed no segment:\n%s", out)
	}
	r.checkPeak = max(r.checkPeak, kb)
}

// run runs the whole show headless on db: a new database, or for a
// restart after a crash, one it ran on, from which it rebuilds the frozen
// bin.
func (r *rssRig) run(db string) (peakKB int64, stdout string) {
	r.tb.Helper()
	return r.exec("run", r.showPath, "--db", db, "--headless", "--actions", r.actions,
		"--rehearsal", "--seed", benchSeed, "--clock", "2024-11-30T21:30")
}

// show runs the whole show on a new database; then, outside the timing
// when b is not nil, again on the same database, as a restart after a
// crash does, which must stay under the limit too.
func (r *rssRig) show(b *testing.B) {
	r.tb.Helper()
	r.runs++
	db := filepath.Join(r.dir, fmt.Sprintf("campaign-%d.db", r.runs))
	kb, out := r.run(db)
	if !strings.Contains(out, `"show-closed"`) {
		r.tb.Fatalf("the show did not close; it printed:\n%s", out)
	}
	r.peakKB = max(r.peakKB, kb)
	if b != nil {
		b.StopTimer()
		defer b.StartTimer()
	}
	rkb, _ := r.run(db)
	r.resumePeak = max(r.resumePeak, rkb)
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(db + suffix)
	}
}

func mb(kb int64) float64 { return float64(kb) / 1024 }

func BenchmarkHeadlessPeakRSS1M(b *testing.B) {
	csvPath, err := benchCSV()
	if err != nil {
		b.Fatal(err)
	}
	benchShow(b, newRSSRig(b, csvPath, 0, 0))
}

func BenchmarkHeadlessPeakRSS2M(b *testing.B) {
	benchShow(b, newRSSRig(b, "", bigRows, bigParticipants))
}

// benchShow times whole headless shows (the restart after each is not
// timed) and reports their peak RSS.
func benchShow(b *testing.B, r *rssRig) {
	for b.Loop() {
		r.show(b)
	}
	b.ReportMetric(mb(r.peakKB), "peak_MB")
	b.ReportMetric(mb(r.resumePeak), "resume_peak_MB")
	b.ReportMetric(maxPeakMB, "limit_MB")
}

func BenchmarkCheckPeakRSS2M(b *testing.B) {
	r := newRSSRig(b, "", bigRows, bigParticipants)
	for b.Loop() {
		r.check()
	}
	b.ReportMetric(mb(r.checkPeak), "peak_MB")
	b.ReportMetric(maxPeakMB, "limit_MB")
}

// The Scale aims of check (issue 28): 5 000 000 rows (1 000 000 cards)
// checked within 3 × the time encoding/csv alone takes to read the file,
// in under 300 MB, and the time growing linearly from 1 000 000 rows
// (as many tickets a card).
const (
	hugeRows, hugeParticipants = 5_000_000, 1_000_000
	maxCheckCSVRatio           = 3
	maxHugeCheckPeakMB         = 300
	maxCheckGrowth             = 5.5
)

// BenchmarkCheck5M times drawshow check (the process, as the operator
// runs it) of a 5 000 000-row entry file against reading the same file
// with encoding/csv alone, and check of a 1 000 000-row file against
// reading that one, all in the same loop, so that the ratios hold on a
// shared machine; writing the files is not timed. It reports csv-ratio
// (check over encoding/csv at 5M), csv-ratio-1M, growth (check of 5M
// over check of 1M; 5 is linear), csv-growth (the same of encoding/csv,
// how linear the machine itself was) and the peak RSS of check of 5M,
// each beside its aim.
func BenchmarkCheck5M(b *testing.B) {
	r := newRSSRig(b, "", hugeRows, hugeParticipants)
	small := filepath.Join(r.dir, "entries-1m.csv")
	if err := datatest.WriteEntryCSV(small, benchRows, benchParticipants); err != nil {
		b.Fatal(err)
	}
	smallShow := filepath.Join(r.dir, "show-1m.yaml")
	if err := os.WriteFile(smallShow, datatest.ShowYAML(small, 3), 0o644); err != nil {
		b.Fatal(err)
	}
	big := filepath.Join(r.dir, "entries.csv")
	readCSV(b, big, hugeRows) // both files in the page cache, as for a show's second check
	readCSV(b, small, benchRows)
	var csvBig, checkBig, csvSmall, checkSmall time.Duration
	var peak int64
	timed := func(f func()) time.Duration {
		t0 := time.Now()
		f()
		return time.Since(t0)
	}
	for b.Loop() {
		csvBig += timed(func() { readCSV(b, big, hugeRows) })
		checkBig += timed(func() {
			kb, out := r.exec("check", r.showPath)
			if !strings.Contains(out, "5000000") {
				b.Fatalf("check printed no 5 000 000 rows:\n%s", out)
			}
			peak = max(peak, kb)
		})
		csvSmall += timed(func() { readCSV(b, small, benchRows) })
		checkSmall += timed(func() {
			if _, out := r.exec("check", smallShow); !strings.Contains(out, "1000000") {
				b.Fatalf("check printed no 1 000 000 rows:\n%s", out)
			}
		})
	}
	b.ReportMetric(float64(checkBig)/float64(csvBig), "csv-ratio")
	b.ReportMetric(maxCheckCSVRatio, "csv-ratio-aim")
	b.ReportMetric(float64(checkSmall)/float64(csvSmall), "csv-ratio-1M")
	b.ReportMetric(float64(checkBig)/float64(checkSmall), "growth")
	b.ReportMetric(maxCheckGrowth, "growth-aim")
	b.ReportMetric(float64(csvBig)/float64(csvSmall), "csv-growth")
	b.ReportMetric(mb(peak), "peak_MB")
	b.ReportMetric(maxHugeCheckPeakMB, "limit_MB")
}

// readCSV reads the file at path with encoding/csv alone, record after
// record, as the yardstick of check; it must have rows rows below its
// header.
func readCSV(tb testing.TB, path string, rows int) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReaderSize(f, 64<<10))
	r.ReuseRecord = true
	n := -1 // the header
	for {
		if _, err := r.Read(); err != nil {
			break
		}
		n++
	}
	if n != rows {
		tb.Fatalf("%s: %d rows, want %d", path, n, rows)
	}
}

// TestShowOver2MRows: check of a 2 000 000-row entry file, a whole
// headless show over it and its restart on the show's database each
// finish, the show closed. Their peak RSS is logged, not held to
// maxPeakMB: it depends on the machine and its load (158-175 MB beside
// other work on two cores), and make bench reports it
// (BenchmarkCheckPeakRSS2M, BenchmarkHeadlessPeakRSS2M). Skipped with
// -short (a minute).
func TestShowOver2MRows(t *testing.T) {
	if testing.Short() {
		t.Skip("a minute: builds drawshow and runs it over 2 000 000 rows")
	}
	r := newRSSRig(t, "", bigRows, bigParticipants)
	r.check()
	r.show(nil)
	t.Logf("peak RSS: check %.0f MB, headless show %.0f MB, its restart %.0f MB (the limit %d MB)",
		mb(r.checkPeak), mb(r.peakKB), mb(r.resumePeak), maxPeakMB)
}
