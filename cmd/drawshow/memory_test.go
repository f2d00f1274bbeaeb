package main_test

// BenchmarkHeadlessPeakRSS1M measures the peak memory (resident set) of a
// whole headless show over a 1 000 000-entry bin, run as the operator runs
// it: drawshow, built into a temporary folder, as a child process. The
// requirement is under 200 MB.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"drawshow/data/datatest"
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
	if err := os.WriteFile(showPath, datatest.ShowYAML(csvPath, 3), 0o644); err != nil {
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
