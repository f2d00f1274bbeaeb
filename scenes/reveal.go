package scenes

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// revealScene is the winner, as the reel lands: masked name and card,
// ticket, tier and prize, under confetti.
type revealScene struct {
	conf  confetti
	still still // of the frame as last painted whole: what is behind the flash, or all but the confetti
	// clear is whether a frame painted since the flash ended has put back
	// the band under it: until one has, the flash's last frame is on screen
	clear bool
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

func (*revealScene) Act(s *Stage, a Action) {
	if a == Next {
		s.to(&s.cast.countdown)
	}
}

// Update goes on to the countdown once the reveal has had its time.
func (*revealScene) Update(s *Stage, now time.Time) {
	if now.Sub(s.since) >= revealTime {
		s.to(&s.cast.countdown)
	}
}

// The reveal's first moment: a flash behind the name as it scales in.
const (
	flashTime = 800 * time.Millisecond
	scaleTime = 600 * time.Millisecond
)

func (sc *revealScene) Draw(s *Stage, dst *Canvas, in time.Duration) {
	sc.clear = in >= flashTime
	sc.drawStill(s, dst, in, all)
	drawPieces(dst, in, s.theme)
	sc.conf.painted(dst, in)
	sc.still.drop()
}

// drawStill is the reveal but for its confetti, or the layers of it asked
// for. The trust line is drawn with the context: nothing of the flash or
// the winner reaches it.
func (sc *revealScene) drawStill(s *Stage, dst *Canvas, in time.Duration, ls layers) {
	seg := s.st.CurSeg()
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
	if in < flashTime {
		// a burst of light behind the name, widening and fading: rings of
		// light, brightest at the heart, drawn once and scaled (an
		// antialiased circle as large as the frame costs software GL a
		// pass at twice the frame's size, every frame); under the header,
		// through a sub-image that keeps the canvas's coordinates
		u := in.Seconds() / flashTime.Seconds()
		r := 140 + 480*(1-math.Pow(1-u, 2))
		const R = flashR
		img := s.sprite(dst, "flash", 2*R, 2*R, func(d *Canvas) {
			for _, k := range []float64{1, 0.72, 0.45} {
				d.Circle(R, R, R*k, Fade(s.theme.Accent, 0.14), true)
			}
		})
		dst.Sub(0, confettiTop, dst.W, confettiBot).BlitWith(img, dst.W/2, 330, r/R, r/R, alpha(1-u))
	}
	sc.drawWinner(s, dst, 240, in)
	if w := seg.DrawWitness; w != nil {
		t, line := s.theme, drawWitnessLine(*w)
		Text(dst, line, t.Fit(t.Regular, sizeSupport, line, width), dst.W/2, 800, Center, t.Good)
	}
}

// repaint paints, over a still of what does not move: while the flash and
// the name's scaling run (the first flashTime, and until a frame after it
// has put the band back), the band under the header anew, the flash and
// the winner over it; then the confetti's pieces alone while they fall,
// until they are clear.
func (sc *revealScene) repaint(s *Stage, dst *Canvas, now time.Time) {
	in := now.Sub(s.since)
	if in >= confettiTime+time.Second/2 {
		return
	}
	// the still is of the layers asked for, the overlays over them
	still := func(ls layers) *Canvas {
		return sc.still.hold(dst, ls, func(c *Canvas) {
			s.drawBackdrop(c)
			sc.drawStill(s, c, in, ls)
			s.drawOverlays(c, now)
		})
	}
	if in < flashTime+100*time.Millisecond || !sc.clear {
		if s.help || s.confirm != confirmNone || s.entry != nil {
			s.drawAll(dst, now) // a box over the middle of the frame, under no flash
			return
		}
		sc.clear = in >= flashTime
		// the flash and the name scaling in, over what is behind them
		dst.Copy(still(behind), 0, confettiTop, dst.W, confettiBot)
		sc.drawStill(s, dst, in, front)
		drawPieces(dst, in, s.theme)
		sc.conf.painted(dst, in)
		return
	}
	sc.conf.repaint(dst, still(all), in, s.theme)
}

// drawWinner is the winner's card: masked name and card, ticket, tier, prize.
func (*revealScene) drawWinner(s *Stage, dst *Canvas, y float64, in time.Duration) {
	t := s.theme
	seg := s.st.CurSeg()
	p := seg.Last()
	if p == nil {
		return
	}
	who := s.people[p.Participant]
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
	flashR      = 310.0 // the flash's sprite, scaled to the burst's radius
	confettiTop = 124.0
	confettiBot = H - 134.0
)

func (*revealScene) Hints(*Stage) string { return "Next ► countdown" }

func (*revealScene) Buttons(s *Stage) []Button { return s.skipButton(s.nextButton(nil, "next")) }

func (*revealScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }

// easeOutBack runs from 0 to 1 past 1 by a tenth and back.
func easeOutBack(u float64) float64 {
	const c1 = 1.70158
	v := u - 1
	return 1 + (c1+1)*v*v*v + c1*v*v
}
