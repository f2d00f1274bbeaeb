package scenes

import (
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// crossfade is a crossfade composed once, not repainted: the picture it
// leaves and the one it arrives at are each held in a still, made in a
// frame of its own, and each frame after mixes the two in one pass over
// the screen. Software GL pays for every pixel written: a frame that drew
// the new scene, put back the backdrop and faded the old one over it
// painted two to four screens (TestPaintsPerFrame).
//
//   - The fade's first frame copies the screen, which shows the picture
//     being left (whatever it is: a scene, overlays, another fade), into
//     the leaving still, and paints nothing.
//   - The second draws the new scene over the backdrop, and the overlays
//     over it, into the arriving still, and paints nothing either: the
//     screen still shows the picture left, which is the mix at its start.
//   - Each frame after mixes the two stills, from the one to the other
//     in the fade's time left, writing every pixel once. Both hold the
//     overlays as they were: a notice that comes during the fade shows
//     in the whole frame after it, 350 ms at most later.
//   - The frame after the fade is painted whole.
type crossfade struct {
	at       time.Time         // the fade the boxes are of
	leaving  still             // the picture left, keyed by when the fade began
	arriving still             // the new scene over the backdrop, keyed by when the fade began
	from     time.Time         // when the arriving still was made: the mix starts there
	old      []image.Rectangle // unused since the fade is composed once
	drawn    marked            // what the last frame drew over the backdrop: the scene, the overlays
	backdrop still             // the backdrop alone
	parts    int               // frames mixed from the stills (for tests)
}

// drawAll paints the whole frame: the scene on stage over the backdrop
// and the overlays; through a crossfade, the two stills mixed (see
// crossfade).
func (s *Stage) drawAll(screen *Canvas, now time.Time) {
	f := &s.fade
	if s.blackout {
		// black over all: what lies under it is not drawn, and the frame
		// after it, back from the blackout, is painted whole
		screen.Fill(blackColour)
		f.drawn.on, s.ghost = nil, false
		return
	}
	if s.fading(now) {
		s.ghost = true // the frame after the fade is painted whole
		if !f.leaving.holds(screen, s.fadeAt) {
			f.leaving.ready(screen)
			f.leaving.c.Place(screen, 0, 0)
			f.leaving.key = s.fadeAt
			f.arriving.drop()
			return
		}
		if !f.arriving.holds(screen, s.fadeAt) {
			f.arriving.hold(screen, s.fadeAt, func(c *Canvas) {
				s.backdrop(c)
				s.scene.Draw(s, c, now.Sub(s.since))
				s.drawOverlays(c, now)
			})
			f.from = now
			return
		}
		f.parts++
		a := 1.0 // the leaving picture's share: from 1 when the arriving still was made to 0 at the fade's end
		if left := s.fadeAt.Add(fadeTime).Sub(f.from); left > 0 {
			a = 1 - now.Sub(f.from).Seconds()/left.Seconds()
		}
		screen.mix(f.leaving.c, f.arriving.c, clamp(a, 0, 1))
		f.drawn.on = nil // the next whole frame is painted over everything
		return
	}
	s.ghost = false
	s.backdrop(screen)
	f.at = s.fadeAt
	stop := f.drawn.gather(screen)
	s.scene.Draw(s, screen, now.Sub(s.since))
	s.drawOverlays(screen, now)
	stop()
}

// mixKage writes each pixel as a mix of two images of the destination's
// size: Alpha of the first, the rest of the second.
const mixKage = `//kage:unit pixels

package main

var Alpha float

func Fragment(dst vec4, src vec2, color vec4) vec4 {
	return mix(imageSrc1UnsafeAt(src), imageSrc0UnsafeAt(src), Alpha)
}
`

var mixShader = mustShader("the crossfade", mixKage)

// mix writes every pixel of the canvas as a of from and the rest of to
// (canvases of its size): one pass, whatever either held.
func (c *Canvas) mix(from, to *Canvas, a float64) {
	b := c.img.Bounds()
	op := &ebiten.DrawRectShaderOptions{Blend: ebiten.BlendCopy, Uniforms: map[string]any{"Alpha": float32(a)}}
	op.Images[0], op.Images[1] = from.img, to.img
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	c.img.DrawRectShader(b.Dx(), b.Dy(), mixShader, op)
	c.mark(b)
	c.paintBox(b)
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
	for _, st := range []*still{&s.fade.leaving, &s.fade.arriving, &s.cast.reel.still, &s.cast.reveal.still} {
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
