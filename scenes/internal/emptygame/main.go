// Command emptygame is the yardstick of drawshow's stage: an Ebiten
// program that does nothing, full screen like the stage. It prints
// first_frame_ms on its first frame and quits after --frames frames; with
// --square it repaints a 10×10 square every frame for --seconds and prints
// its frame and tick rates, the most any animated scene can reach on this display.
package main

import (
	"flag"
	"fmt"
	"image/color"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

var start = time.Now()

type game struct {
	frames, limit int
	ticks         int // Updates since the first frame
	square        bool
	seconds       time.Duration
	first         time.Time
}

func (g *game) Update() error {
	if !g.first.IsZero() {
		g.ticks++
	}
	if g.square {
		if !g.first.IsZero() && time.Since(g.first) >= g.seconds {
			return ebiten.Termination
		}
		return nil
	}
	if g.frames >= g.limit {
		return ebiten.Termination
	}
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	if g.frames == 0 {
		fmt.Fprintf(os.Stderr, "first_frame_ms=%d\n", time.Since(start).Milliseconds())
		g.first = time.Now()
	}
	g.frames++
	if g.square {
		vector.DrawFilledRect(screen, 0, 0, 10, 10, color.RGBA{byte(g.frames), 0, 0, 0xff}, false)
	}
}

// Layout is the screen's own pixels, as the stage's is.
func (g *game) Layout(w, h int) (int, int) {
	k := ebiten.Monitor().DeviceScaleFactor()
	return int(float64(w) * k), int(float64(h) * k)
}

func main() {
	limit := flag.Int("frames", 1, "quit after this many frames")
	square := flag.Bool("square", false, "repaint a 10×10 square every frame and print the frame rate")
	seconds := flag.Duration("seconds", 10*time.Second, "with --square, run this long")
	flag.Parse()
	ebiten.SetFullscreen(true)
	g := &game{limit: *limit, square: *square, seconds: *seconds}
	if *square {
		ebiten.SetScreenClearedEveryFrame(false)
	}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *square {
		d := time.Since(g.first).Seconds()
		fmt.Printf("fps=%.1f tps=%.1f\n", float64(g.frames-1)/d, float64(g.ticks)/d)
	}
}
