package main_test

// BenchmarkHeadlessPeakRSS1M measures the peak memory (resident set) of a
// whole headless show over a 1 000 000-entry bin, run as the operator runs
// it: drawshow, built into a temporary folder, as a child process. The
// requirement is under 200 MB.

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

const (
	benchRows         = 1_000_000
	benchParticipants = 200_000
)

// benchCSV is the 1M-row entry file, written once per process.
var benchCSV = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "drawshow-bench-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "entries.csv")
	return path, writeEntryCSV(path, benchRows, benchParticipants)
})

// The show: one per-row draw of three winners, reached through a claim, a
// forfeit, a no-show, a decline and a proxy, then closed.
const (
	benchShow = `promotion: Benchmark Night
property: Gold Reef City
segments:
  - id: bench
    title: One million tickets
    at: "2024-11-30T21:30"
    entries: %q
    columns: {ticket: Ticket No}
    tickets: per-row
    winners: 3
    prizes: ["R5 000"]
`
	benchActions = `draw
claim
draw
forfeit
draw
wait 90s
draw
decline
draw
proxy Sibusiso Mthembu id=8001015009087
close
`
	benchSeed = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
)

func BenchmarkHeadlessPeakRSS1M(b *testing.B) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("go is not on PATH: cannot build drawshow")
	}
	tmp := b.TempDir()
	bin := filepath.Join(tmp, "drawshow")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	csvPath, err := benchCSV()
	if err != nil {
		b.Fatal(err)
	}
	showPath := filepath.Join(tmp, "show.yaml")
	actions := filepath.Join(tmp, "actions.txt")
	if err := os.WriteFile(showPath, fmt.Appendf(nil, benchShow, csvPath), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(actions, []byte(benchActions), 0o644); err != nil {
		b.Fatal(err)
	}
	run := func(db string) (peakKB int64, out string) {
		cmd := exec.Command(bin, "run", showPath, "--db", db, "--headless", "--actions", actions,
			"--rehearsal", "--seed", benchSeed, "--clock", "2024-11-30T21:25")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("drawshow run: %v\n%s", err, stderr.String())
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			b.Skip("peak RSS is not reported on this system")
		}
		return ru.Maxrss, stdout.String() // Maxrss is in KB on Linux
	}

	var peak, resumePeak int64
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		db := filepath.Join(tmp, fmt.Sprintf("campaign-%d.db", i))
		b.StartTimer()

		kb, out := run(db)

		b.StopTimer()
		if !strings.Contains(out, `"show-closed"`) {
			b.Fatalf("the show did not close; it printed:\n%s", out)
		}
		peak = max(peak, kb)
		// A restart on the same database (after a crash) rebuilds the
		// frozen bin from the record: it must stay under the limit too.
		rkb, _ := run(db)
		resumePeak = max(resumePeak, rkb)
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(db + suffix)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(peak)/1024, "peak_MB")
	b.ReportMetric(float64(resumePeak)/1024, "resume_peak_MB")
}

// writeEntryCSV is a copy of the generator in data/bench_test.go (test
// files of two packages cannot share code): keep the two the same.
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
