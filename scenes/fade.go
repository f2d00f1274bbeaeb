package scenes

import (
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
//   - The frame after the fade is the arriving still copied, while the
//     look it was drawn for holds; else it is painted whole.
type crossfade struct {
	leaving  still     // the picture left, keyed by when the fade began
	arriving still     // the new scene over the backdrop, keyed by when the fade began
	from     time.Time // when the arriving still was made: the mix starts there
	drawn    marked    // what the screen shows over the backdrop: the last whole frame, the repaints since
	arrived  marked    // what the arriving still holds over the backdrop (damage.go)
	left     marked    // what the leaving still holds over it
	// arrivedLook is the look the arriving still was drawn for: while
	// the stage's is the same, the frame after the fade copies it
	arrivedLook look
	backdrop    still // the backdrop alone
	parts       int   // frames mixed from the stills (for tests)
}

// drawAll paints the whole frame: the scene on stage over the backdrop
// and the overlays; through a crossfade, the two stills mixed (see
// crossfade).
func (s *Stage) drawAll(screen *Canvas, now time.Time) {
	f := &s.mgr.fade
	if s.air.blackout {
		// black over all: what lies under it is not drawn, and the frame
		// after it, back from the blackout, is painted whole
		screen.Fill(blackColour)
		f.drawn.forget()
		s.cache.ghost = false
		return
	}
	if s.fading(now) {
		s.cache.ghost = true // the frame after the fade is painted whole
		if !f.leaving.holds(screen, s.mgr.fadeAt) {
			f.leaving.ready(screen)
			f.leaving.c.Place(screen, 0, 0)
			f.leaving.key = s.mgr.fadeAt
			f.left.boxes, f.left.on = append(f.left.boxes[:0], f.drawn.boxes...), nil
			if f.drawn.drewOn(screen) {
				f.left.on = f.leaving.c.img // what the leaving picture holds over the backdrop
			}
			f.arriving.drop()
			return
		}
		if !f.arriving.holds(screen, s.mgr.fadeAt) {
			f.arriving.hold(screen, s.mgr.fadeAt, func(c *Canvas) {
				defer s.overBackdrop(c, &f.arrived)()
				s.mgr.scene.Draw(s, c, now.Sub(s.mgr.since))
				s.drawOverlays(c, now)
			})
			f.from, f.arrivedLook = now, s.cache.shown
			return
		}
		f.parts++
		a := 1.0 // the leaving picture's share: from 1 when the arriving still was made to 0 at the fade's end
		if left := s.mgr.fadeAt.Add(fadeTime).Sub(f.from); left > 0 {
			a = 1 - now.Sub(f.from).Seconds()/left.Seconds()
		}
		screen.mix(f.leaving.c, f.arriving.c, clamp(a, 0, 1))
		// the mix is the backdrop where both pictures are: the next whole
		// frame puts it back where either drew over it
		f.drawn.forget()
		if f.left.drewOn(f.leaving.c) && f.arrived.drewOn(f.arriving.c) {
			f.drawn.boxes, f.drawn.on = append(append(f.drawn.boxes, f.left.boxes...), f.arrived.boxes...), screen.img
			f.drawn.ground = nil
		}
		return
	}
	if s.cache.ghost && f.arriving.holds(screen, s.mgr.fadeAt) && f.arrivedLook == s.cache.shown && !s.moving(now) {
		// the frame after the fade shows what the arriving still holds,
		// drawn for the same look: copied, a screen, not the backdrop put
		// back where either picture drew and the scene drawn again
		s.cache.ghost = false
		screen.Place(f.arriving.c, 0, 0)
		f.drawn.boxes, f.drawn.on, f.drawn.ground = append(f.drawn.boxes[:0], f.arrived.boxes...), screen.img, nil
		if r, ok := s.mgr.scene.(repainter); ok {
			// what moves has moved since the still was drawn
			defer f.drawn.more(screen)()
			r.repaint(s, screen, now)
		}
		return
	}
	s.cache.ghost = false
	var key any
	var g *Canvas
	if gr, ok := s.mgr.scene.(grounded); ok && textRegions == nil {
		key, g = gr.ground(s, screen, now)
	}
	defer s.overGround(screen, &f.drawn, key, g)()
	s.cache.laid = key
	defer func() { s.cache.laid = nil }()
	s.mgr.scene.Draw(s, screen, now.Sub(s.mgr.since))
	s.drawOverlays(screen, now)
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

// prepare readies, one a frame while the picture stands still (the
// opening, an intro), the stills that the transitions to come draw on:
// the backdrop drawn, then each made, before the first crossfade, reel
// and reveal rather than in them, where each would cost a frame more.
// Those drawn over the backdrop (the arriving picture, what is behind the
// reveal's flash) are made holding it, so that their first picture puts
// back no more of it than the next (damage.go). It reports whether it did
// anything.
func (s *Stage) prepare(screen *Canvas) bool {
	b := &s.mgr.fade.backdrop
	if b.ready(screen) || b.key == nil {
		b.hold(screen, true, s.drawBackdrop)
		return true
	}
	for _, st := range []struct {
		*still
		over *marked // what it holds over the backdrop, if it is drawn over it
	}{{&s.mgr.fade.leaving, nil}, {&s.mgr.fade.arriving, &s.mgr.fade.arrived}, {&s.mgr.cast.reel.still, nil}, {&s.mgr.cast.reveal.still, &s.mgr.cast.reveal.over}} {
		if !st.ready(screen) {
			continue
		}
		if st.over == nil {
			st.c.Clear() // ebiten makes the texture at its first draw
			return true
		}
		st.c.Place(b.c, 0, 0)
		st.over.boxes, st.over.on = st.over.boxes[:0], st.c.img
		return true
	}
	return false
}
