package scenes

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/show"
)

// bonusPick is the bonus winner the envelopes are for at now: the one
// choosing, or the last winner.
// envelopeTime is how long the chosen envelope takes to open.
const envelopeTime = 1400 * time.Millisecond

func (sc *chooseScene) bonusPick(s *Stage, seg *show.SegState, now time.Time) *show.Pick {
	if p := sc.choosing(s, seg, now); p != nil {
		return p
	}
	for i := len(seg.Picks) - 1; i >= 0; i-- {
		if seg.Picks[i].Outcome.Wins() {
			return &seg.Picks[i]
		}
	}
	return nil
}

// The envelopes' row.
const (
	envY   = 620.0
	envGap = 40.0
)

func envSize(n int) (w, h float64) {
	w = min(300, (1700-float64(n-1)*envGap)/float64(n))
	return w, w * 0.66
}

func envX(dst *Canvas, i, n int) float64 {
	w, _ := envSize(n)
	return (dst.W-(float64(n)*w+float64(n-1)*envGap))/2 + float64(i)*(w+envGap)
}

// drawEnvelopes is a bonus jackpot's winner at the device, the hour's
// progress, and the envelopes face down, the chosen one opening.
func (sc *chooseScene) drawEnvelopes(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 52, seg.Seg.Title, dst.W-240), dst.W/2, 135, Center, t.Accent)
	p := sc.bonusPick(s, seg, now)
	if p == nil {
		return
	}
	name := s.maskName(p.Participant)
	Text(dst, name, t.Fit(t.Bold, 110, name, dst.W-400), dst.W/2, 195, Center, t.Text)
	line := s.pickLine(seg, p, "  ·  ")
	Text(dst, line, t.Fit(t.Regular, 48, line, dst.W-200), dst.W/2, 335, Center, t.Dim)
	if h := s.hourLine(seg, now); h != "" {
		Text(dst, h, t.Bold(44), dst.W/2, 405, Center, t.Good)
	}
	items := seg.Seg.Items()
	n := len(items)
	ew, eh := envSize(n)
	c := s.choiceOf(seg, p, now)
	turning := s.turning(now) && s.air.turn.segment == seg.Seg.ID && slices.Contains(s.air.turn.ks, p.K)
	switch {
	case c != nil:
		Text(dst, "wins "+amounts(c.Prize), t.Fit(t.Bold, 64, "wins "+amounts(c.Prize), dst.W-200), dst.W/2, 480, Center, t.Accent)
	case p.Choice == nil:
		Text(dst, "chooses an envelope", t.Regular(48), dst.W/2, 490, Center, t.Text)
	}
	for i, it := range items {
		x, y := envX(dst, i, n), envY+40
		var chosen *show.Choice
		if p.Choice != nil && p.Choice.Item == it {
			chosen = p.Choice
		}
		if chosen != nil {
			u := 1.0
			if turning {
				u = s.turnAt(now)
			}
			sc.envelope(s, dst, x, y, ew, eh, it, chosen.Prize, u, false)
			continue
		}
		if slices.Contains(seg.Taken(), it) {
			continue // a session deck's card an earlier winner took out
		}
		hl := !turning && p.Choice == nil && i == sc.at
		if hl {
			y -= 20
		}
		sc.envelope(s, dst, x, y, ew, eh, it, "", 0, hl)
	}
}

// envelope is one envelope at (x, y), opened u of the way: its flap
// lifts, then the prize card rises out of it, readable once it is out.
func (*chooseScene) envelope(s *Stage, dst *Canvas, x, y, w, h float64, label, prize string, u float64, hl bool) {
	prize = amounts(prize)
	t := s.theme
	key := fmt.Sprintf("|%.0f|%.0f", w, h)
	if hl {
		s.glow(dst, x+w/2, y+h/2, w+24, h+24, 16)
	}
	if u > 0 {
		// the flap, open above the envelope
		lift := clamp(u/0.3, 0, 1)
		flap := s.sprite(dst, "flap"+key, w, h*0.45+2, func(d *Canvas) {
			var p vector.Path
			p.MoveTo(0, float32(h*0.45+2))
			p.LineTo(float32(w/2), 0)
			p.LineTo(float32(w), float32(h*0.45+2))
			p.Close()
			paint(d, &p, 0, Fade(t.Accent, 0.85))
		})
		dst.Blit(flap, x+w/2, y-h*0.45*lift/2, 1, max(lift, 0.01))
		// the prize card, rising
		rise := ease((u - 0.3) / 0.7)
		cy := y + h*0.1 - h*0.95*rise
		text := ""
		if u >= 0.65 {
			text = prize
		}
		card := s.sprite(dst, "card"+key+"|"+text, w-24, h*0.9, func(d *Canvas) {
			r := roundRect(2, 2, float32(w-28), float32(h*0.9-4), 10)
			paint(d, r, 0, t.Text)
			paint(d, r, 4, t.Accent)
			if text != "" {
				TextMid(d, text, t.Fit(t.Bold, math.Round(h*0.28), text, w-48), (w-24)/2, h*0.3, t.Background)
			}
		})
		dst.Blit(card, x+w/2, cy+h*0.45, 1, 1)
	}
	body := s.sprite(dst, fmt.Sprintf("env%s|%s|%v", key, label, u > 0), w, h, func(d *Canvas) {
		fw, fh := float32(w), float32(h)
		r := roundRect(2, 2, fw-4, fh-4, 10)
		paint(d, r, 0, t.Primary)
		paint(d, r, 4, t.Accent)
		if u == 0 {
			// the flap, closed
			var p vector.Path
			p.MoveTo(6, 6)
			p.LineTo(fw/2, fh*0.55)
			p.LineTo(fw-6, 6)
			paint(d, &p, 4, t.Accent)
		}
		TextMid(d, label, t.Bold(math.Round(h*0.36)), w/2, h*0.74, t.Text)
	})
	dst.Blit(body, x+w/2, y+h/2, 1, 1)
}
