package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"drawshow/assets/demo"
	"drawshow/flightlog"
)

// BenchmarkFlightLogCost plays the demo by itself twice, as a run on a
// database of its own, with the flight log and without it
// (DRAWSHOW_FLIGHTLOG=off), and reports both frame rates, their ratio and
// the records the log took, averaged over the runs. Aim: no measurable cost (the ratio within
// the run-to-run noise).
func BenchmarkFlightLogCost(b *testing.B) {
	stage, _ := stageAndYardstick(b)
	const play = "30s"
	fps := func(off bool) (float64, int) {
		dir := b.TempDir()
		path, err := demo.WriteTo(dir)
		if err != nil {
			b.Fatal(err)
		}
		db := filepath.Join(dir, "bench.db")
		cmd := exec.Command(stage, "run", path, "--db", db, "--rehearsal", "--autoplay", "--exit-after", play, "--stats", "--no-browser")
		cmd.Env = append(os.Environ(), "DRAWSHOW_AUDIO=null")
		if off {
			cmd.Env = append(cmd.Env, flightlog.Off+"=off")
		}
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("stage: %v\n%s", err, out)
		}
		var f float64
		for _, w := range strings.Fields(string(out)) {
			if v, ok := strings.CutPrefix(w, "fps="); ok {
				f, _ = strconv.ParseFloat(v, 64)
			}
		}
		logged, _ := os.ReadFile(flightlog.Path(db))
		if off != (len(logged) == 0) {
			b.Fatalf("log off %v, yet the log holds %d bytes", off, len(logged))
		}
		return f, strings.Count(string(logged), "\n")
	}
	// the two runs take turns at going first: on a shared machine the
	// load drifts between them
	var with, without, records float64
	n := 0
	for b.Loop() {
		if n%2 == 0 {
			f, r := fps(false)
			with, records = with+f, records+float64(r)
			f, _ = fps(true)
			without += f
		} else {
			f, _ := fps(true)
			without += f
			f, r := fps(false)
			with, records = with+f, records+float64(r)
		}
		n++
	}
	b.ReportMetric(with/float64(n), "fps_log")
	b.ReportMetric(without/float64(n), "fps_off")
	b.ReportMetric(with/without, "ratio")
	b.ReportMetric(records/float64(n), "records")
}
