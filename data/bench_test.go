package data_test

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
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"drawshow/data"
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
	return path, writeEntryCSV(path, benchRows, benchParticipants)
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

// writeEntryCSV writes an entry file as a casino's Rewards export looks:
// header "Ticket No,Card,Name,Tier,Points", one row per ticket, unique
// 8-digit tickets in random order, about `people` distinct 16-digit cards
// (a few hold many tickets, most hold few), South African names (accents,
// apostrophes, commas and quotes that need CSV quoting), Rewards tiers.
// The content depends only on rows and people.
//
// cmd/drawshow/memory_test.go has a copy of this generator.
func writeEntryCSV(path string, rows, people int) error {
	rng := rand.New(rand.NewPCG(2024, 1130))
	first := []string{"Thabo", "Sipho", "Nomvula", "Lerato", "Pieter", "Johan", "Anél", "Zoë", "Thandiwe", "Bongani",
		"Kagiso", "Naledi", "Refilwe", "Mpho", "Ayanda", "Lindiwe", "Karabo", "François", "Marié", "Siyabonga",
		"Precious", "Themba", "Nosipho", "René", "Chloé", "Priya", "Rajesh", "Fatima", "Ruan", "Annelie"}
	last := []string{"Dlamini", "Nkosi", "Ndlovu", "Khumalo", "Mokoena", "Botha", "van der Merwe", "du Plessis", "Naidoo",
		"Pillay", "Mthembu", "Ngcobo", "Zulu", "Mahlangu", "Molefe", "Coetzée", "Müller", "O'Reilly", "Dlamini-Zuma",
		"Ramaphosa", "Sithole", "Steyn", "Jacobs", "Adams", "Govender", "Le Roux", "Mbeki", "Nel", "Pretorius", "Van Wyk"}
	tiers := []string{"Ace", "King", "Queen", "Jack", "Ten"}

	type person struct {
		card, name, tier string
		points           int
	}
	ps := make([]person, people)
	seen := make(map[uint64]bool, people)
	for i := range ps {
		n := rng.Uint64N(1_000_000_000_000)
		for seen[n] {
			n = rng.Uint64N(1_000_000_000_000)
		}
		seen[n] = true
		name := first[rng.IntN(len(first))] + " " + last[rng.IntN(len(last))]
		switch i % 50 {
		case 7: // "Surname, First" needs quoting
			name = last[rng.IntN(len(last))] + ", " + first[rng.IntN(len(first))]
		case 23: // a nickname in quotes
			name = first[rng.IntN(len(first))] + ` "Jannie" ` + last[rng.IntN(len(last))]
		}
		t := 4 // ten 35%, jack 30%, queen 20%, king 10%, ace 5%
		switch u := rng.IntN(100); {
		case u < 5:
			t = 0
		case u < 15:
			t = 1
		case u < 35:
			t = 2
		case u < 65:
			t = 3
		}
		ps[i] = person{card: fmt.Sprintf("6001%012d", n), name: name, tier: tiers[t], points: rng.IntN(100_000)}
	}
	// Every participant holds one ticket; the rest go mostly to a few.
	owner := make([]int32, rows)
	for r := range owner {
		if r < people {
			owner[r] = int32(r)
		} else {
			u := rng.Float64()
			owner[r] = int32(math.Min(float64(people-1), float64(people)*u*u*u))
		}
	}
	rng.Shuffle(len(owner), func(i, j int) { owner[i], owner[j] = owner[j], owner[i] })
	tickets := rng.Perm(rows)

	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"Ticket No", "Card", "Name", "Tier", "Points"})
	rec := make([]string, 5)
	for r := range rows {
		p := &ps[owner[r]]
		rec[0] = strconv.Itoa(10_000_000 + tickets[r])
		rec[1], rec[2], rec[3], rec[4] = p.card, p.name, p.tier, strconv.Itoa(p.points)
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// benchShow writes a one-segment show file (per-row tickets, five winners)
// naming entries, and parses it.
func benchShow(b *testing.B, entries string) (*show.Show, []byte) {
	b.Helper()
	text := []byte(fmt.Sprintf(`promotion: Benchmark Night
property: Gold Reef City
segments:
  - id: bench
    title: One million tickets
    at: "2024-11-30T21:30"
    entries: %q
    columns: {ticket: Ticket No}
    tickets: per-row
    winners: 5
    prizes: ["R5 000"]
`, entries))
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

func benchOptions() data.Options {
	at := time.Date(2024, 11, 30, 19, 25, 0, 0, time.UTC)
	return data.Options{Rehearsal: true, Seed: benchSeed, Clock: func() time.Time { return at }}
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
		db, err := data.Open(dbPath)
		if err != nil {
			b.Fatal(err)
		}
		ss, err := db.OpenShow(sh, text, benchOptions())
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
	db, err := data.Open(filepath.Join(b.TempDir(), "campaign.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ss, err := db.OpenShow(sh, text, benchOptions())
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
