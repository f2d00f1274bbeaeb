package e2e_test

// Benchmarks behind the README's performance table (make bench):
//
//   - BenchmarkImport1M: a 1 000 000-row entry file imported with full
//     validation into a fresh campaign database, through the show's own path;
//   - BenchmarkSQLiteShellImport1M: the same file through the sqlite3 shell's
//     .import into a bare table (the yardstick: the import must stay within
//     1.5× of it);
//   - BenchmarkPickCommit1M: one draw (pick + announce) over a frozen
//     1 000 000-entry bin, durably committed (must fit well inside 16 ms).

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"drawshow/data/datatest"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

const (
	benchRows         = 1_000_000
	benchParticipants = 200_000
)

// benchSeed is the rehearsal seed of every benchmark show.
var benchSeed = bytes.Repeat([]byte{0x5a}, 32)

// benchCSV is the 1M-row entry file, written once per process.
var benchCSV = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "drawshow-bench-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "entries.csv")
	return path, datatest.WriteEntryCSV(path, benchRows, benchParticipants)
})

// entryCSV returns the shared entry file and its size. The file (52 MB)
// outlives the process: make bench points TMPDIR at .bench/ and removes it
// afterwards; a plain `go test -bench` leaves a drawshow-bench-* folder in
// the temporary folder.
func entryCSV(b *testing.B) (string, int64) {
	b.Helper()
	path, err := benchCSV()
	if err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return path, st.Size()
}

// benchShow writes a one-segment show file (per-row tickets, five winners)
// naming entries, and parses it.
func benchShow(b *testing.B, entries string) (*show.Show, []byte) {
	b.Helper()
	text := datatest.ShowYAML(entries, 5)
	path := filepath.Join(filepath.Dir(entries), "show.yaml")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		b.Fatal(err)
	}
	sh, err := show.Parse(path, text)
	if err != nil {
		b.Fatal(err)
	}
	return sh, text
}

func benchOptions() session.Options {
	at := time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC) // the draw's time, 21:30 local: not early
	return session.Options{Rehearsal: true, Seed: benchSeed, Clock: func() time.Time { return at }, Wall: func() time.Time { return at }}
}

func reportRows(b *testing.B, rows int) {
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

func BenchmarkImport1M(b *testing.B) {
	csvPath, size := entryCSV(b)
	sh, text := benchShow(b, csvPath)
	tmp := b.TempDir()
	b.SetBytes(size)
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		dbPath := filepath.Join(tmp, fmt.Sprintf("campaign-%d.db", i))
		db, err := store.Open(dbPath)
		if err != nil {
			b.Fatal(err)
		}
		ss, err := session.Open(db, sh, text, benchOptions())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()

		l, err := db.ImportEntries(ss.ID, &sh.Segments[0], "entries.csv")

		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		if l.Rows != benchRows {
			b.Fatalf("imported %d rows, want %d", l.Rows, benchRows)
		}
		db.Close()
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(dbPath + suffix)
		}
		b.StartTimer()
	}
	reportRows(b, benchRows)
}

func BenchmarkSQLiteShellImport1M(b *testing.B) {
	shell, err := exec.LookPath("sqlite3")
	if err != nil {
		b.Skip("the sqlite3 shell is not installed (apt-get install sqlite3, or make deps): nothing to compare the import with")
	}
	csvPath, size := entryCSV(b)
	tmp := b.TempDir()
	// The same durability as data.Open: WAL, synchronous=FULL; .import runs
	// in one transaction.
	script := fmt.Sprintf(`PRAGMA journal_mode=WAL;
PRAGMA synchronous=FULL;
CREATE TABLE entries(ticket TEXT, card TEXT, name TEXT, tier TEXT, points INTEGER);
.import --csv --skip 1 "%s" entries
`, csvPath)
	b.SetBytes(size)
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		dbPath := filepath.Join(tmp, fmt.Sprintf("bare-%d.db", i))
		cmd := exec.Command(shell, "-bail", "-batch", dbPath)
		cmd.Stdin = strings.NewReader(script)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		b.StartTimer()

		err := cmd.Run()

		b.StopTimer()
		if err != nil || strings.TrimSpace(out.String()) != "wal" {
			b.Fatalf("sqlite3 .import: %v\n%s", err, out.String())
		}
		if i == 1 {
			n, err := exec.Command(shell, dbPath, "SELECT count(*) FROM entries").Output()
			if err != nil || strings.TrimSpace(string(n)) != strconv.Itoa(benchRows) {
				b.Fatalf("sqlite3 imported %q rows (%v), want %d", n, err, benchRows)
			}
		}
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(dbPath + suffix)
		}
		b.StartTimer()
	}
	reportRows(b, benchRows)
}

// BenchmarkPickCommit1M times one draw at a frozen 1 000 000-entry bin: the
// pick, its announcement and their durable commit, as ss.Do makes them for
// the stage. Between draws (untimed) the host records a forfeit, so each
// draw is a redraw over a pool one participant smaller.
func BenchmarkPickCommit1M(b *testing.B) {
	csvPath, _ := entryCSV(b)
	sh, text := benchShow(b, csvPath)
	db, err := store.Open(filepath.Join(b.TempDir(), "campaign.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ss, err := session.Open(db, sh, text, benchOptions())
	if err != nil {
		b.Fatal(err)
	}
	// The first draw imports the file and freezes the bin.
	if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		b.Fatal(err)
	}
	if seg := ss.Eng.State().CurSeg(); seg.Bin == nil || len(seg.Bin.Entries) != benchRows {
		b.Fatalf("the bin is not frozen with %d entries", benchRows)
	}
	forfeit := func() {
		if _, err := ss.Do(show.Command{Op: show.OpForfeit}, nil); err != nil {
			b.Fatal(err)
		}
	}
	forfeit()
	var took []time.Duration
	for b.Loop() {
		t0 := time.Now()
		evs, err := ss.Do(show.Command{Op: show.OpDraw}, nil)
		took = append(took, time.Since(t0))

		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		if len(evs) != 2 || evs[0].Kind != show.PickDrawn || evs[1].Kind != show.PickAnnounced {
			b.Fatalf("draw gave %d events, want pick-drawn and pick-announced", len(evs))
		}
		forfeit()
		b.StartTimer()
	}
	reportLatency(b, took)
}

// reportLatency reports the median, 99th percentile and worst of the
// timed draws: a frame budget is about the worst case, not the mean.
func reportLatency(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	ms := func(q float64) float64 {
		return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.5), "p50_ms")
	b.ReportMetric(ms(0.99), "p99_ms")
	b.ReportMetric(ms(1), "max_ms")
}
