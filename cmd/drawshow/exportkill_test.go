//go:build unix

package main

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"drawshow/data/verify"
)

// TestExportKilled kills `drawshow export` at random moments over an
// export that exists: each time the folder is the old export or the new
// one, whole, and verifies; the temporary folders the kills leave are
// gone after the next run.
func TestExportKilled(t *testing.T) {
	t.Parallel()
	db, out := closedExport(t)
	names := func() []string {
		var ns []string
		filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(out, p)
				ns = append(ns, rel)
			}
			return nil
		})
		slices.Sort(ns)
		return ns
	}
	want := names()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	export := func(kill time.Duration) {
		cmd := exec.Command(exe, "export", "--db", db, "--out", out)
		cmd.Env = append(os.Environ(), childEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if kill > 0 {
			timer := time.AfterFunc(kill, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			defer timer.Stop()
		}
		cmd.Wait() // killed or done: either way the folder must be whole
	}
	start := time.Now()
	export(0)
	full := time.Since(start)
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 16 {
		kill := time.Duration(rng.Int64N(int64(full)*11/10)) + time.Microsecond
		export(kill)
		if got := names(); !slices.Equal(got, want) {
			t.Fatalf("kill %d after %v: the export folder holds %q, want %q", i, kill, got, want)
		}
		r, err := verify.Dir(out)
		if err != nil || len(r.Problems) > 0 {
			t.Fatalf("kill %d after %v: verify: %v %q", i, kill, err, r.Problems)
		}
	}
	export(0)
	ents, err := os.ReadDir(filepath.Dir(out))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".drawshow-tmp-") {
			t.Errorf("%s is left after a run that finished", e.Name())
		}
	}
}
