package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"drawshow/scenes"
)

// stageAndYardstick builds drawshow-stage and the empty Ebiten program
// the stage's benchmarks measure it against, on the display there is.
func stageAndYardstick(b *testing.B) (stage, empty string) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no display: run under xvfb-run (make bench does)")
	}
	dir := b.TempDir()
	stage, empty = filepath.Join(dir, "drawshow-stage"), filepath.Join(dir, "emptygame")
	for _, c := range [][]string{{"build", "-o", stage, "."}, {"build", "-o", empty, "drawshow/scenes/internal/emptygame"}} {
		if out, err := exec.Command("go", c...).CombinedOutput(); err != nil {
			b.Fatalf("go %s: %v\n%s", strings.Join(c, " "), err, out)
		}
	}
	return stage, empty
}

// BenchmarkFirstFrame times, from exec to the first frame drawn, the demo
// on the stage and an empty Ebiten program on the same display: the stage
// must show its first frame within 1.5× the empty program's start-up.
func BenchmarkFirstFrame(b *testing.B) {
	show, empty := stageAndYardstick(b)
	var stage, bare []time.Duration
	for b.Loop() {
		stage = append(stage, firstFrame(b, show, "demo", "--stats", "--exit-after", "2s", "--no-browser"))
		bare = append(bare, firstFrame(b, empty))
	}
	s, e := median(stage), median(bare)
	b.ReportMetric(float64(s.Milliseconds()), "stage_ms")
	b.ReportMetric(float64(e.Milliseconds()), "empty_ms")
	b.ReportMetric(s.Seconds()/e.Seconds(), "ratio")
}

// BenchmarkStageFPS plays the demo by itself and reports its frame rate,
// over the run and in each scene, beside the yardstick: an Ebiten program
// that repaints a 10×10 square each frame, the most any animated scene can
// reach on this display. Each scene's figure is also given as its ratio to
// the yardstick measured at the same size just before and just after the
// demo (SCENE_ratio, to their mean), the figure that holds from one load
// of the machine to another; yardstick_steady is the slower of the two
// over the faster. It plays
// at 1920×1080 on the display there is, then at 3840×2160 on an Xvfb of
// its own (the _4k figures).
func BenchmarkStageFPS(b *testing.B) {
	show, empty := stageAndYardstick(b)
	uhd := xvfb(b, "3840x2160x24")
	for b.Loop() {
		for _, at := range []struct{ suffix, display string }{{"", os.Getenv("DISPLAY")}, {"_4k", uhd}} {
			stageFPS(b, show, empty, at.display, at.suffix)
		}
	}
}

// stageFPS is one run of the demo on display, between two runs of the
// yardstick: each scene's ratio is to their mean, so that a change in the
// machine's pace while the demo plays weighs on both sides alike. Its
// figures' names end in suffix.
func stageFPS(b *testing.B, show, empty, display, suffix string) {
	env := append(os.Environ(), "DRAWSHOW_AUDIO=null", "DISPLAY="+display)
	before := yardstick(b, empty, env)
	fpsOf := map[string]float64{}
	// 90 s: every animated scene several times over (a reveal lasts 3 s,
	// and one visit's figure swings with the machine's load)
	cmd := exec.Command(show, "demo", "--autoplay", "--exit-after", "90s", "--stats")
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("demo: %v\n%s", err, out)
	}
	for _, f := range strings.Fields(string(out)) {
		k, v, ok := strings.Cut(f, "=")
		x, perr := strconv.ParseFloat(v, 64)
		if !ok || perr != nil {
			continue
		}
		switch k {
		case "fps", "tps", "frame_p99_ms":
			b.ReportMetric(x, k+suffix)
		default:
			if scenes.IsScene(k) && fpsOf[k] == 0 { // a scene's frame rate (the first: --stats prints them once)
				fpsOf[k] = x
				b.ReportMetric(x, k+suffix)
			}
		}
	}
	after := yardstick(b, empty, env)
	fps := (before["fps"] + after["fps"]) / 2
	// the ticks ebiten runs at that frame rate, for the stage's tps to be read against
	b.ReportMetric((before["tps"]+after["tps"])/2, "yardstick_tps"+suffix)
	b.ReportMetric(fps, "yardstick_fps"+suffix)
	b.ReportMetric(min(before["fps"], after["fps"])/max(before["fps"], after["fps"]), "yardstick_steady"+suffix)
	for k, x := range fpsOf {
		if fps > 0 {
			b.ReportMetric(x/fps, k+"_ratio"+suffix)
		}
	}
}

// yardstick runs the yardstick for 15 s and returns its figures by name
// (fps, tps).
func yardstick(b *testing.B, empty string, env []string) map[string]float64 {
	y := exec.Command(empty, "--square", "--seconds", "15s")
	y.Env = env
	yo, err := y.Output()
	if err != nil {
		b.Fatalf("yardstick: %v", err)
	}
	fig := map[string]float64{}
	for _, f := range strings.Fields(string(yo)) {
		k, v, _ := strings.Cut(f, "=")
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			fig[k] = x
		}
	}
	return fig
}

// xvfb starts an X server of the given screen for the benchmark's length
// and returns its display.
func xvfb(b *testing.B, screen string) string {
	r, w, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		b.Skipf("Xvfb: %v", err)
	}
	w.Close()
	b.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		b.Fatalf("Xvfb %s: no display: %v", screen, err)
	}
	return ":" + strings.TrimSpace(line)
}

// firstFrame starts a program and waits for its first_frame_ms line.
func firstFrame(b *testing.B, bin string, args ...string) time.Duration {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DRAWSHOW_AUDIO=null")
	errs, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	sc := bufio.NewScanner(errs)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "first_frame_ms=") {
			return time.Since(t0)
		}
	}
	b.Fatalf("%s %v: no first frame", bin, args)
	return 0
}

func median(ds []time.Duration) time.Duration {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ds[len(ds)/2]
}
