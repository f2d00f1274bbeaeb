// Command emptygame is the yardstick of drawshow's start-up: an Ebiten
// program that does nothing, full screen like the stage. It prints
// first_frame_ms on its first frame and quits after --frames frames.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

var start = time.Now()

type game struct {
	frames, limit int
}

func (g *game) Update() error {
	if g.frames >= g.limit {
		return ebiten.Termination
	}
	return nil
}

func (g *game) Draw(*ebiten.Image) {
	if g.frames == 0 {
		fmt.Fprintf(os.Stderr, "first_frame_ms=%d\n", time.Since(start).Milliseconds())
	}
	g.frames++
}

func (g *game) Layout(int, int) (int, int) { return 1920, 1080 }

func main() {
	limit := flag.Int("frames", 1, "quit after this many frames")
	flag.Parse()
	ebiten.SetFullscreen(true)
	if err := ebiten.RunGame(&game{limit: *limit}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
