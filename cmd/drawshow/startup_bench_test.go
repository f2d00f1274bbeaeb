package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// BenchmarkCheckStartup runs `drawshow check` on a small show, exec to
// exit, beside the yardstick: an empty Go program, started the same way.
// drawshow loads no graphics library, so it starts as a plain program
// does; the aim is 20 ms to exit.
func BenchmarkCheckStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "drawshow")
	empty := filepath.Join(dir, "empty")
	src := filepath.Join(dir, "empty.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range [][]string{{"build", "-o", bin, "."}, {"build", "-o", empty, src}} {
		if out, err := exec.Command("go", c...).CombinedOutput(); err != nil {
			b.Fatalf("go %v: %v\n%s", c, err, out)
		}
	}
	timed := func(name string, args ...string) time.Duration {
		t0 := time.Now()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			b.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return time.Since(t0)
	}
	var check, bare []time.Duration
	for b.Loop() {
		check = append(check, timed(bin, "check", exampleShow))
		bare = append(bare, timed(empty))
	}
	c, e := medianOf(check), medianOf(bare)
	b.ReportMetric(float64(c.Microseconds())/1000, "check_ms")
	b.ReportMetric(float64(e.Microseconds())/1000, "empty_ms")
	b.ReportMetric(c.Seconds()/e.Seconds(), "ratio")
}

func medianOf(ds []time.Duration) time.Duration {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ds[len(ds)/2]
}
