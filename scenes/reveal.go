package scenes

import (
	"image"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// revealScene is the winner, as the reel lands: masked name and card,
// ticket, tier and prize, under confetti.
type revealScene struct {
	conf  confetti
	still still  // of the frame as last painted whole: what is behind the flash, or all but the confetti
	over  marked // what the still holds over the backdrop (damage.go)
	// clear is whether a frame painted since the flash ended has put back
	// the band under it: until one has, the flash's last frame is on screen
	clear bool
	// front is what the last frame laid over what is behind (the flash,
	// the winner, the confetti): what the next repaint puts back, rather
	// than the whole band
	front    marked
	flashBox image.Rectangle // the flash's box among front's
}

// layers are parts of the reveal: behind is the context and the trust
// line, front the flash and the winner over it.
type layers int

const (
	behind layers = 1 << iota
	front
	all = behind | front
)

func (*revealScene) Name() string { return "reveal" }

func (*revealScene) Enter(*Stage) {}

// The reveal cuts in: its flash is the transition, and a crossfade under
// it would cost software GL a frame's every pixel twice more for as long.
func (*revealScene) cut() {}

func (*revealScene) Act(s *Stage, a Action) {
	if a == Next {
		s.to(&s.mgr.cast.countdown)
	}
}

func (*revealScene) reply(s *Stage, r reply) Scene { return s.onward(r) }

// Update goes on to the countdown once the reveal has had its time.
// Autoplay presses nothing here: a host lets the winner's moment run.
func (*revealScene) Update(s *Stage, now time.Time) {
	if s.onFor(now) >= revealTime {
		s.to(&s.mgr.cast.countdown)
	}
}

// The reveal's first moment: a flash behind the name as it scales in,
// gone as the name settles. Its frames are the reveal's dearest (its
// light rewrites up to half the screen each frame): a tail of faint glow
// after the name stood still cost software GL frames for little the
// audience could see.
const (
	scaleTime = 600 * time.Millisecond
	flashTime = scaleTime
)

func (sc *revealScene) Draw(s *Stage, dst *Canvas, in time.Duration) {
	sc.clear = in >= flashTime
	sc.still.drop() // the frame is painted anew
	sc.drawStill(s, dst, in, behind, nil)
	var under *Canvas
	if r, ok := flashAt(in); ok {
		// the flash laid over a still of what is behind, as a repaint lays
		// it (the two frames the same to the last bit), what is behind
		// drawn into the still in the flash's box alone: the whole of it
		// drawn twice, on the screen and in the still, made this frame
		// 2.3 screens; the first repaint makes the rest
		box := dst.flashBounds(dst.W/2, flashY, r, flashClip(dst))
		sc.still.ready(dst)
		defer sc.over.more(sc.still.c)()
		part := sc.still.c.subPx(box)
		s.backdrop(part)
		sc.drawStill(s, part, in, behind, nil)
		under = sc.still.c
	}
	sc.drawFront(s, dst, in, under)
}

// under is the still of the layers ls at in, the overlays over them.
func (sc *revealScene) under(s *Stage, dst *Canvas, in time.Duration, ls layers, now time.Time) *Canvas {
	if ls == all && in >= flashTime && !s.air.blackout && sc.still.holds(dst, behind) {
		// the winner drawn onto the still behind, a tenth of the pixels of
		// a still made anew: the overlays (the header's top, the foot) lie
		// clear of the winner, so the two are the same to the last bit
		defer sc.over.more(sc.still.c)()
		sc.drawStill(s, sc.still.c, in, front, nil)
		sc.still.key = all
		return sc.still.c
	}
	return sc.still.hold(dst, ls, func(c *Canvas) {
		defer s.overBackdrop(c, &sc.over)()
		sc.drawStill(s, c, in, ls, nil)
		s.drawOverlays(c, now)
	})
}

// drawFront is the flash, the winner and the confetti at in, their pixels
// marked for the next repaint to put back; the flash over under, when
// given (a still of what is behind), else over what dst holds.
func (sc *revealScene) drawFront(s *Stage, dst *Canvas, in time.Duration, under *Canvas) {
	defer sc.front.gather(dst)()
	sc.flashBox = image.Rectangle{}
	sc.drawStill(s, dst, in, front, under)
	drawPieces(dst, in, s.theme)
	sc.conf.painted(dst, in)
}

// flashAt is the flash's radius at in, and whether it shows.
func flashAt(in time.Duration) (r float64, ok bool) {
	if in >= flashTime {
		return 0, false
	}
	u := in.Seconds() / flashTime.Seconds()
	return 140 + 480*(1-math.Pow(1-u, 2)), true
}

// flashClip is the band the flash shows in, in dst's pixels: under the
// header, above the notices.
func flashClip(dst *Canvas) image.Rectangle {
	return image.Rect(0, int(math.Floor(confettiTop*dst.K)), int(math.Ceil(dst.W*dst.K)), int(math.Ceil(confettiBot*dst.K)))
}

// drawStill is the reveal but for its confetti, or the layers of it asked
// for. The trust line is drawn with the context: nothing of the flash or
// the winner reaches it. The flash is laid over under when given.
func (sc *revealScene) drawStill(s *Stage, dst *Canvas, in time.Duration, ls layers, under *Canvas) {
	seg := s.view.st.CurSeg()
	width := dst.W - 2*margin
	if ls&behind != 0 {
		s.drawContext(dst, seg, dst.W/2, 150, width)
		if seg.Frozen != nil {
			s.drawTrust(dst, seg)
		}
	}
	if ls&front == 0 {
		return
	}
	if r, ok := flashAt(in); ok {
		// a burst of light behind the name, widening and fading: rings of
		// light, brightest at the heart (flash.go)
		sc.flashBox = dst.flash(under, dst.W/2, flashY, r, 1-in.Seconds()/flashTime.Seconds(), flashClip(dst))
	}
	sc.drawWinner(s, dst, 240, in)
	if w := seg.DrawWitness; w != nil {
		t, line := s.theme, drawWitnessLine(*w)
		Text(dst, line, t.Fit(t.Regular, sizeSupport, line, width), dst.W/2, 800, Center, t.Good)
	}
}

// repaint paints, over a still of what does not move: while the flash and
// the name's scaling run (the first flashTime, and the one frame after it
// that puts the band back), the band under the header anew, the flash and
// the winner over it; then the confetti's pieces alone while they fall,
// until they are clear.
func (sc *revealScene) repaint(s *Stage, dst *Canvas, now time.Time) {
	in := s.onFor(now)
	if in >= confettiTime+time.Second/2 {
		return
	}
	still := func(ls layers) *Canvas { return sc.under(s, dst, in, ls, now) }
	if in < flashTime || !sc.clear {
		sc.clear = in >= flashTime
		// what the last frame laid over what is behind is put back (the
		// flash puts back what it covers itself), then the flash and the
		// name scaling in over it
		b := still(behind)
		if !sc.front.drewOn(dst) {
			dst.Copy(b, 0, confettiTop, dst.W, confettiBot)
		} else {
			// the last flash lies inside this one, which puts back what it
			// covers: so does what lies wholly in it (the confetti, the
			// winner's lines as it widens)
			var whole [3]image.Rectangle
			r, flashing := flashAt(in)
			if flashing {
				whole = dst.flashWhole(dst.W/2, flashY, r, flashClip(dst))
			}
			back := sc.front.boxes[:0]
			for _, m := range sc.front.boxes {
				covered := flashing && (m == sc.flashBox || slices.ContainsFunc(whole[:], m.In))
				if !covered {
					back = append(back, m)
				}
			}
			dst.copyPx(b, back...)
		}
		sc.drawFront(s, dst, in, b)
		return
	}
	sc.conf.repaint(dst, still(all), in, s.theme)
}

// drawWinner is the winner's card: masked name and card, ticket, tier, prize.
func (*revealScene) drawWinner(s *Stage, dst *Canvas, y float64, in time.Duration) {
	t := s.theme
	seg := s.view.st.CurSeg()
	p := seg.Last()
	if p == nil {
		return
	}
	who := s.view.people[p.Participant]
	width := dst.W - 2*margin
	name := s.maskName(p.Participant)
	if f := t.Fit(t.Bold, sizeMain, name, width); in < scaleTime {
		// the name scales in from 60 %, past its size a little and back:
		// drawn once on its own image, then scaled, until it settles
		u := in.Seconds() / scaleTime.Seconds()
		k := 0.6 + 0.4*easeOutBack(u)
		w, h := text.Measure(name, f, f.Metrics().HAscent+f.Metrics().HDescent)
		img := s.sprite(dst, "name|"+name, w+8, h+8, func(d *Canvas) { Text(d, name, f, 4, 4, Left, t.Text) })
		dst.Blit(img, dst.W/2, y+h/2, k, k)
	} else {
		Text(dst, name, f, dst.W/2, y, Center, t.Text)
	}
	line := s.pickLine(seg, p, "   ·   ")
	if who.Tier != 0 {
		line += "   ·   " + titleCase(who.Tier.String())
	}
	if who.Property != "" && seg.Seg.Properties() {
		line = who.Property + "   ·   " + line // finalists come from several properties
	}
	Text(dst, line, t.Fit(t.Regular, sizeSupport, line, width), dst.W/2, y+210, Center, t.Dim)
	switch prize := s.prizeLine(seg, p); {
	case p.Prize == "" && p.Choice == nil:
		Text(dst, prize, t.Fit(t.Regular, sizeSupport+8, prize, width), dst.W/2, y+330, Center, t.Text) // what the winner will choose
	case prize != "":
		// the prize is never smaller than the name
		Text(dst, prize, t.Fit(t.Bold, sizeMain, prize, width), dst.W/2, y+310, Center, t.Accent)
	}
}

// The confetti falls between the header and the notice above the hint
// bar: what is drawn there (a notice, the hints) is not under it.
const (
	flashY      = 330.0 // the burst's centre, behind the name
	flashR      = 310.0 // the burst's radius at which its edge is a pixel soft: wider, softer
	confettiTop = 124.0
	confettiBot = H - 134.0
)

func (*revealScene) Hints(*Stage) string { return "Next ► countdown" }

func (*revealScene) Buttons(s *Stage) []Button { return s.skipButton(s.nextButton(nil, "next")) }

// easeOutBack runs from 0 to 1 past 1 by a tenth and back.
func easeOutBack(u float64) float64 {
	const c1 = 1.70158
	v := u - 1
	return 1 + (c1+1)*v*v*v + c1*v*v
}
