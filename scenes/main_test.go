package scenes

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// harness is the one game this test binary runs: ebiten allows one
// RunGame a process, and images can be drawn and read only once its loop
// runs. Its first Update runs the tests and ends the loop.
//
// The tests run inside that Update, the game loop waiting on them, and not
// beside a loop that goes on: ebiten's text/v2 keeps a frame counter that
// the loop moves before each Update and that every text.Draw reads, so a
// stage drawn beside the loop races with it (go test -race says so). The
// tests' goroutines may draw and read pixels all the same: the rendering
// thread stays free.
type harness struct {
	m    *testing.M
	code int
}

func (h *harness) Update() error {
	h.code = h.m.Run()
	return ebiten.Termination
}

func (*harness) Draw(*ebiten.Image) {}

func (*harness) Layout(int, int) (int, int) { return 64, 64 }

// TestMain runs the tests inside ebiten's loop (run under xvfb-run -a -s
// "-screen 0 1920x1080x24" when there is no display; make test does).
func TestMain(m *testing.M) {
	ebiten.SetWindowTitle("drawshow scenes tests")
	ebiten.SetWindowSize(64, 64)
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetVsyncEnabled(false)
	h := &harness{m: m, code: 1}
	if err := ebiten.RunGame(h); err != nil {
		fmt.Fprintln(os.Stderr, "scenes tests: ebiten:", err)
		os.Exit(1)
	}
	os.Exit(h.code)
}
