package scenes

import (
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkSceneFrame draws the animated scenes frame after frame, as the
// stage does (the part that moves, over the last frame), at 1920×1080 and
// at 3840×2160, the frames flushed to the GPU (software GL here) by
// reading a pixel back after the last. The yardstick, in the same run and
// at the same size, is a frame painted whole (a fill of the canvas, the
// least a stage that repainted everything would pay): of_whole is the
// scene's frame as a share of it. Presenting the frame is not in either;
// BenchmarkStageFPS (cmd/drawshow-stage) measures the frame rate with it.
// paints/frame is what a frame writes, in full screens (paints.go): a
// count, the same on every run, so that a change that adds overdraw is
// seen in review whatever the machine's pace.
func BenchmarkSceneFrame(b *testing.B) {
	for _, size := range []struct {
		name string
		px   image.Point
	}{{"1080", image.Pt(W, H)}, {"4k", image.Pt(3840, 2160)}} {
		for _, sc := range []struct {
			name string
			to   func(r *rig) (from time.Time, span time.Duration)
		}{
			{"reel", func(r *rig) (time.Time, time.Duration) {
				r.toIntro()
				r.press(ebiten.KeyPageDown)
				r.until("the reel", func() bool { return r.scene() == "reel" && !r.s.work.busy && len(r.seg().Picks) > 0 })
				return r.s.mgr.since.Add(time.Second), 4 * time.Second
			}},
			{"fade", func(r *rig) (time.Time, time.Duration) {
				// the crossfade from the reveal into the countdown
				r.toIntro()
				r.reel(ebiten.KeyPageDown, nil)
				r.press(ebiten.KeyPageDown)
				return r.s.mgr.fadeAt.Add(10 * time.Millisecond), fadeTime - 20*time.Millisecond
			}},
			{"flash", func(r *rig) (time.Time, time.Duration) {
				r.toIntro()
				r.reel(ebiten.KeyPageDown, nil)
				return r.s.mgr.since.Add(fadeTime + 10*time.Millisecond), flashTime - fadeTime - 20*time.Millisecond
			}},
			{"reveal", func(r *rig) (time.Time, time.Duration) {
				r.toIntro()
				r.reel(ebiten.KeyPageDown, nil)
				return r.s.mgr.since.Add(flashTime + 200*time.Millisecond), confettiTime - flashTime - 400*time.Millisecond
			}},
			{"countdown", func(r *rig) (time.Time, time.Duration) {
				r.toIntro()
				r.reel(ebiten.KeyPageDown, nil)
				r.countdown()
				return r.clk.Now(), 60 * time.Second
			}},
			{"attract", func(r *rig) (time.Time, time.Duration) {
				r.faded()
				return r.clk.Now(), 30 * time.Second
			}},
		} {
			b.Run(sc.name+"-"+size.name, func(b *testing.B) {
				d, painted := frameTime(b, size.px, sc.to)
				whole, _ := frameTime(b, size.px, nil) // in the same run, as many frames
				b.ReportMetric(float64(d.Microseconds())/1000, "ms/frame")
				b.ReportMetric(float64(whole.Microseconds())/1000, "whole_ms/frame")
				b.ReportMetric(d.Seconds()/whole.Seconds(), "of_whole")
				b.ReportMetric(painted, "paints/frame")
			})
		}
	}
}

// frameTime is the mean time of b.N frames of the scene to leads to, or of
// a frame filled whole when to is nil, on a screen of size, and the
// scene's mean paints a frame, in full screens.
func frameTime(b *testing.B, size image.Point, to func(r *rig) (time.Time, time.Duration)) (time.Duration, float64) {
	screen := ebiten.NewImage(size.X, size.Y)
	defer screen.Deallocate()
	px := make([]byte, 4)
	dot := screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	var draw func(i int)
	if to == nil {
		draw = func(i int) { screen.Fill(color.RGBA{byte(i), 0, 0, 0xff}) }
	} else {
		r := newRig(b, nil)
		r.press(ebiten.KeyPageDown) // past the open
		r.at("attract")
		from, span := to(r)
		r.s.Draw(screen) // the whole frame, once
		draw = func(i int) {
			// the clock runs on within the moment and starts it again
			r.clk.Set(from.Add(time.Duration(i) * time.Second / 60 % span))
			r.s.Draw(screen)
		}
	}
	draw(0)
	dot.ReadPixels(px)
	paints = &paintCount{}
	defer func() { paints = nil }()
	b.ResetTimer()
	t0 := time.Now()
	for i := range b.N {
		draw(i + 1)
	}
	dot.ReadPixels(px) // every frame is drawn, not only queued
	d := time.Since(t0) / time.Duration(b.N)
	b.StopTimer()
	return d, paints.take() / float64(b.N) / float64(size.X*size.Y)
}

// toIntro freezes the first draw's bin from the attract loop.
func (r *rig) toIntro() {
	r.t.Helper()
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.faded()
}
