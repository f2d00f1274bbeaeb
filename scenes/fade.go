package scenes

import (
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// crossfade is what the frames of a crossfade drew over the backdrop.
//
// Both scenes lie over the same backdrop, so a crossfade's frame differs
// from the backdrop only where either scene drew: once its first frame
// is painted whole, the next ones put back the backdrop where the last
// one drew, draw the new scene, and fade the old one in over the boxes
// either drew alone, not over every pixel of the screen (software GL
// pays for each). The frame is the whole one's to the last bit
// (TestFadeMatchesWholeFrame).
type crossfade struct {
	at       time.Time         // the fade the boxes are of
	leaving  still             // the scene fading out, keyed by when it began to
	old      []image.Rectangle // what it drew over the backdrop, on its still
	drawn    marked            // what the last frame drew over the backdrop: the new scene, the overlays
	backdrop still             // the backdrop alone
	parts    int               // frames drawn a part at a time (for tests)
}

// drawAll paints the whole frame: the scene on stage over the backdrop,
// the scene before it fading out, and the overlays. Through a crossfade,
// and for the clean frame after it, only what either scene drew is
// painted again once the fade's first frame is on the screen.
func (s *Stage) drawAll(screen *Canvas, now time.Time) {
	f := &s.fade
	fading := s.fading(now)
	part := f.at == s.fadeAt && f.drawn.drewOn(screen) && (fading || s.ghost)
	var old *Canvas
	if fading {
		old = f.leaving.hold(screen, s.fadeAt, func(c *Canvas) {
			s.drawBackdrop(c)
			var m marked
			defer func() { f.old = m.boxes }()
			defer m.gather(c)()
			s.prev.Draw(s, c, s.fadeAt.Sub(s.prevAt))
		})
	}
	if part {
		f.parts++
		screen.copyPx(f.backdrop.hold(screen, true, s.drawBackdrop), slices.Concat(f.old, f.drawn.boxes)...)
	} else {
		s.drawBackdrop(screen)
	}
	f.at = s.fadeAt
	stop := f.drawn.gather(screen)
	s.scene.Draw(s, screen, now.Sub(s.since))
	if fading {
		// only where either scene drew: elsewhere both are the backdrop,
		// which fading one into the other would only round
		a := 1 - now.Sub(s.fadeAt).Seconds()/fadeTime.Seconds()
		screen.fadePx(old, a, disjoint(slices.Concat(f.old, f.drawn.boxes)))
	}
	s.drawOverlays(screen, now)
	stop()
	// a frame with the old scene fading out is followed by a clean one
	s.ghost = fading
}

// fadePx draws the boxes rs of src (a canvas of the same size, opaque)
// over this one at alpha a. The boxes must not overlap: a pixel faded in
// twice would be the old scene's more than once.
func (c *Canvas) fadePx(src *Canvas, a float64, rs []image.Rectangle) {
	c.drawBoxes(src, rs, float32(a), ebiten.Blend{}) // the zero Blend: over
}

// disjoint is the pixels of rs as boxes that do not overlap: the bands
// between the boxes' edges, top to bottom, each cut where the boxes it
// crosses begin and end, and a band's box joined to the one above it when
// they are as wide.
func disjoint(rs []image.Rectangle) []image.Rectangle {
	var ys []int
	for _, r := range rs {
		if !r.Empty() {
			ys = append(ys, r.Min.Y, r.Max.Y)
		}
	}
	slices.Sort(ys)
	ys = slices.Compact(ys)
	var out []image.Rectangle
	var above []image.Rectangle // the last band's boxes, still open
	var spans [][2]int
	for i := 0; i+1 < len(ys); i++ {
		y0, y1 := ys[i], ys[i+1]
		spans = spans[:0]
		for _, r := range rs {
			if r.Min.Y <= y0 && r.Max.Y >= y1 && !r.Empty() {
				spans = append(spans, [2]int{r.Min.X, r.Max.X})
			}
		}
		slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
		var band []image.Rectangle
		for _, sp := range spans {
			if n := len(band); n > 0 && sp[0] <= band[n-1].Max.X {
				band[n-1].Max.X = max(band[n-1].Max.X, sp[1])
				continue
			}
			band = append(band, image.Rect(sp[0], y0, sp[1], y1))
		}
		// a box as wide as one of the band above, and touching it, grows
		// down; the others above are done
		var next []image.Rectangle
		for _, r := range band {
			if j := slices.IndexFunc(above, func(a image.Rectangle) bool { return a.Min.X == r.Min.X && a.Max.X == r.Max.X && a.Max.Y == y0 }); j >= 0 {
				r.Min.Y = above[j].Min.Y
				above = slices.Delete(above, j, j+1)
			}
			next = append(next, r)
		}
		out = append(out, above...)
		above = next
	}
	return append(out, above...)
}

// prepare readies, one a frame while the picture stands still (the
// opening, an intro), the stills that the transitions to come draw on:
// each made, and the backdrop drawn, before the first crossfade, reel and
// reveal rather than in them, where each would cost a frame more. It
// reports whether it did anything.
func (s *Stage) prepare(screen *Canvas) bool {
	for _, st := range []*still{&s.fade.leaving, &s.cast.reel.still, &s.cast.reveal.still} {
		if st.ready(screen) {
			st.c.Clear() // ebiten makes the texture at its first draw
			return true
		}
	}
	if b := &s.fade.backdrop; b.ready(screen) || b.key == nil {
		b.hold(screen, true, s.drawBackdrop)
		return true
	}
	return false
}
