package scenes

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// harness is the one game this test binary runs: ebiten allows one
// RunGame a process, and images can be drawn and read only once its loop
// runs. Its first Update starts the tests in a goroutine; the loop ends
// when they do.
type harness struct {
	m       *testing.M
	started bool
	done    chan int
	code    int
}

func (h *harness) Update() error {
	if !h.started {
		h.started = true
		go func() { h.done <- h.m.Run() }()
	}
	select {
	case h.code = <-h.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (*harness) Draw(*ebiten.Image) {}

func (*harness) Layout(int, int) (int, int) { return 64, 64 }

// TestMain runs the tests inside ebiten's loop (run under xvfb-run -a -s
// "-screen 0 1920x1080x24" when there is no display; make test does).
func TestMain(m *testing.M) {
	ebiten.SetWindowTitle("drawshow scenes tests")
	ebiten.SetWindowSize(64, 64)
	ebiten.SetRunnableOnUnfocused(true)
	h := &harness{m: m, done: make(chan int, 1), code: 1}
	if err := ebiten.RunGame(h); err != nil {
		fmt.Fprintln(os.Stderr, "scenes tests: ebiten:", err)
		os.Exit(1)
	}
	os.Exit(h.code)
}
