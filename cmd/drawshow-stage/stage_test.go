//go:build unix

package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// statsLine is what --stats prints at exit.
var statsLine = regexp.MustCompile(`(?m)^fps=[0-9.]+ tps=[0-9.]+ frame_p50_ms=[0-9.]+ frame_p99_ms=[0-9.]+ frames=([0-9]+)\b`)

// shotName is how --shots names a screenshot: 001-attract.png.
var shotName = regexp.MustCompile(`^[0-9]{3}-([a-z-]+)\.png$`)

// TestDemoAutoplay is CI's smoke test of the stage: the demo plays itself
// as `make demo` runs it under Xvfb, in a child process (one ebiten.RunGame
// per process: the test binary re-executes itself as drawshow, as the
// crash test does), through the opening and the run sheet to the first
// draw's intro, where --exit-after-scene ends it. It must exit cleanly,
// report frames, and every screenshot must show a real picture. Nothing
// here depends on the machine's speed: autoplay stays in each scene until
// a frame of it is drawn, and the run ends on a scene, not after a time
// (the race-instrumented child may draw less than a frame a second).
func TestDemoAutoplay(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (run under xvfb-run -a -s \"-screen 0 1920x1080x24\"; make test does)")
	}
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	shots := t.TempDir()
	// only a guard against a hang: the run ends on the intro scene
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "demo", "--autoplay", "--exit-after-scene", "intro", "--shots", shots, "--stats")
	// under -race a program sleeps a second before it exits, by default
	cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null",
		"GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	t.Logf("demo ran %v\nstdout:\n%s\nstderr:\n%s", time.Since(start).Round(time.Millisecond), stdout.String(), stderr.String())
	if err != nil {
		t.Fatalf("drawshow demo --autoplay: %v", err)
	}

	m := statsLine.FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("no stats line (fps=… tps=… frame_p50_ms=… frame_p99_ms=… frames=N) in stdout")
	}
	if n, _ := strconv.Atoi(m[1]); n <= 0 {
		t.Errorf("stats: %d frames, want some", n)
	}

	files, err := os.ReadDir(shots)
	if err != nil {
		t.Fatal(err)
	}
	var scenes []string
	for _, f := range files {
		sm := shotName.FindStringSubmatch(f.Name())
		if sm == nil {
			t.Errorf("screenshot %s: not named NNN-scene.png", f.Name())
			continue
		}
		scenes = append(scenes, sm[1])
		if problem := blank(filepath.Join(shots, f.Name())); problem != "" {
			t.Errorf("screenshot %s: %s", f.Name(), problem)
		}
	}
	// each scene once, in the show's order, and the intro last: the run
	// ended there
	if want := []string{"open", "attract", "intro"}; !slices.Equal(scenes, want) {
		t.Errorf("screenshots of %q, want %q", scenes, want)
	}
}

// blank says what is wrong with a screenshot that is no real picture: not
// a 1920×1080 PNG, all black, or fewer than three colours that each cover
// more than 1% of it. "" if it is a picture.
func blank(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return err.Error()
	}
	b := img.Bounds()
	if b != image.Rect(0, 0, 1920, 1080) {
		return "size " + b.Size().String() + ", want 1920x1080"
	}
	counts := map[[3]uint8]int{}
	black := true
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}
			counts[c]++
			if c != ([3]uint8{}) {
				black = false
			}
		}
	}
	if black {
		return "all black"
	}
	big := 0
	for _, n := range counts {
		if n*100 > b.Dx()*b.Dy() {
			big++
		}
	}
	if big < 3 {
		return strconv.Itoa(big) + " colours cover more than 1% each, want at least 3"
	}
	return ""
}
