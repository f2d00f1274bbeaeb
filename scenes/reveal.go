package scenes

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"drawshow/show"
)

// revealScene is the winner, as the reel lands: masked name and card,
// ticket, tier and prize, under confetti.
type revealScene struct{}

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
	seg := s.st.CurSeg()
	s.drawContext(dst, seg, dst.W/2, 150, dst.W-2*stripW-80)
	if in < flashTime {
		// a burst of light behind the name, widening and fading
		// (under the header: a sub-image keeps the canvas's coordinates)
		u := in.Seconds() / flashTime.Seconds()
		r := 140 + 480*(1-math.Pow(1-u, 2))
		band := dst.Sub(0, stripTop, dst.W, stripBot)
		for _, k := range []float64{1, 0.72, 0.45} { // rings of light, brightest at the heart
			band.Circle(dst.W/2, 330, r*k, Fade(s.theme.Accent, 0.14*(1-u)), true)
		}
	}
	sc.drawWinner(s, dst, 240, in)
	if w := seg.DrawWitness; w != nil {
		t, line := s.theme, drawWitnessLine(*w)
		Text(dst, line, t.Fit(t.Regular, sizeSupport, line, dst.W-2*stripW-80), dst.W/2, 800, Center, t.Good)
	}
	if seg.Frozen != nil {
		s.drawTrust(dst, seg)
	}
	drawConfetti(dst, in, s.theme)
}

// repaint paints the whole frame while the flash and the name's scaling
// run (the first flashTime and one frame more), then the confetti's
// strips alone while it falls, and half a second after, until they are
// clear.
func (*revealScene) repaint(s *Stage, dst *Canvas, now time.Time) {
	switch in := now.Sub(s.since); {
	case in < flashTime+100*time.Millisecond:
		s.drawAll(dst, now)
	case in < revealTime+time.Second/2:
		drawConfetti(dst, in, s.theme)
	}
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
	width := float64(dst.W - 2*stripW - 80)
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
	if who.Property != "" && seg.Seg.Kind == show.KindRoyalFlush {
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

// The confetti falls in two strips beside the winner's name, so that a
// frame repaints the strips and not the whole canvas.
const (
	stripW   = 300.0
	stripTop = 124.0
	stripBot = H - 134.0 // above the notice and the hint bar
)

// drawConfetti paints the strips, background included. The burst is a
// pure function of time: no state, so a golden frame is the same on every
// run.
func drawConfetti(dst *Canvas, in time.Duration, t *Theme) {
	dst.Rect(0, stripTop, stripW, stripBot-stripTop, t.Background)
	dst.Rect(dst.W-stripW, stripTop, stripW, stripBot-stripTop, t.Background)
	u := in.Seconds()
	if u > revealTime.Seconds() {
		return
	}
	colours := []color.RGBA{t.Accent, t.Text, mix(t.Primary, t.Text, 0.45)} // the brand's alone
	a := clamp(1.4-u/revealTime.Seconds()*1.4, 0, 1)
	for i := range 60 {
		fi := float64(i)
		x := 20 + math.Mod(fi*97.3, stripW-60)
		if i%2 == 1 {
			x += dst.W - stripW
		}
		vy := 260 + math.Mod(fi*37.3, 240)
		y := stripTop + math.Mod(fi*53.9, 160) + vy*u
		x += 18 * math.Sin(u*2+fi)
		if y > stripBot-24 {
			continue
		}
		dst.Rect(x, y, 14, 22, Fade(colours[i%len(colours)], a))
	}
}

func (*revealScene) Hints(*Stage) string { return "Next ► countdown" }

func (*revealScene) Buttons(s *Stage) []Button { return s.skipButton(s.nextButton(nil, "next")) }

func (*revealScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }

// easeOutBack runs from 0 to 1 past 1 by a tenth and back.
func easeOutBack(u float64) float64 {
	const c1 = 1.70158
	v := u - 1
	return 1 + (c1+1)*v*v*v + c1*v*v
}
