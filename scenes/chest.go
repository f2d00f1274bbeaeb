package scenes

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/audio"
	"drawshow/show"
)

// The chest: the drum's centre and radius, where a chosen ball opens, and
// the winners' list.
const (
	drumX, drumY, drumR = 470.0, 720.0, 280.0
	openX, openY, openR = 1020.0, 720.0, 150.0
	listX               = 1240.0
)

// ballSpot is where ball i of n sits in the drum, and its radius.
// How long a ball takes to roll out of the chest, and when on its way it
// opens to show its prize.
const (
	rollTime = 1800 * time.Millisecond
	openAt   = 0.6 // of rollTime
)

// sting sounds a ball's opening when it opens: the jackpot's sting, or
// the consolation's.
func (*chooseScene) sting(s *Stage, seg *show.SegState, now time.Time) {
	if s.turn.stung || s.turn.numbers || s.turn.segment != seg.Seg.ID || s.turnAt(now) < openAt {
		return
	}
	s.turn.stung = true
	if s.turn.jackpot {
		s.sound(audio.JackpotSting)
	} else {
		s.sound(audio.ConsolationSting)
	}
}

func ballSpot(i, n int) (x, y, r float64) {
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	c, rw := float64(cols-1)/2, float64(rows-1)/2
	sp := min(130, (drumR-10)/(math.Hypot(c, rw)+0.45))
	return drumX + (float64(i%cols)-c)*sp, drumY + (float64(i/cols)-rw)*sp, sp * 0.44
}

// drawChest is the jackpot chest: the jackpot, the balls still in play in
// the drum, the chosen ball rolling out and opening, the winners' list.
func (sc *chooseScene) drawChest(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	t := s.theme
	cur := s.opt.Show.Currency
	value := show.Money(cur, s.st.Jackpot(seg))
	Text(dst, "JACKPOT", t.Bold(56), dst.W/2, 132, Center, t.Accent)
	Text(dst, value, t.Bold(150), dst.W/2, 180, Center, t.Accent) // the jackpot's gold, as in the attract loop
	who := sc.choosing(s, seg, now)
	turning := s.turning(now)
	switch st := seg.Settled; {
	case who != nil:
		line := s.maskName(who.Participant) + " chooses a ball"
		Text(dst, line, t.Fit(t.Bold, 64, line, dst.W-200), dst.W/2, 350, Center, t.Text)
	case st != nil && st.Won:
		line := "JACKPOT WON  ·  Everyone else: " + show.Money(cur, seg.Seg.Jackpot.Consolation) + " each"
		Text(dst, line, t.Fit(t.Bold, 60, line, dst.W-200), dst.W/2, 356, Center, t.Good)
	case st != nil:
		line := "Not won tonight — next week the jackpot is " + show.Money(cur, st.Next)
		Text(dst, line, t.Fit(t.Bold, 52, line, dst.W-200), dst.W/2, 360, Center, t.Accent)
	}

	// the drum and the balls still in it
	drum := s.sprite(dst, "drum", 2*drumR+12, 2*drumR+12, func(d *Canvas) {
		d.Circle(drumR+6, drumR+6, drumR, Fade(t.Primary, 0.6), true)
		d.StrokeCircle(drumR+6, drumR+6, drumR, 8, t.Accent, true)
	})
	dst.Blit(drum, drumX, drumY, 1, 1)
	items := seg.Seg.Items()
	for i, b := range items {
		if owner(seg, b) != nil {
			continue // out of play, or rolling out
		}
		x, y, r := ballSpot(i, len(items))
		hl := !turning && who != nil && i == sc.at
		if hl {
			r *= 1.18
			s.glow(dst, x, y, 2*r+20, 2*r+20, r+10)
		}
		dst.Blit(sc.ballSprite(s, dst, b, r, hl), x, y, 1, 1)
	}

	// the ball chosen last: rolling out, opening, or open
	var last *show.Pick
	for i := range seg.Picks {
		if c := seg.Picks[i].Choice; c != nil && c.Item != "" {
			last = &seg.Picks[i]
		}
	}
	if last != nil {
		u := 1.0
		if s.turn.segment == seg.Seg.ID && s.turn.item == last.Choice.Item {
			u = s.turnAt(now)
		}
		x0, y0, r0 := ballSpot(slices.Index(items, last.Choice.Item), len(items))
		m := ease(u / openAt)
		x, y, r := x0+(openX-x0)*m, y0+(openY-y0)*m, r0+(openR-r0)*m
		if u < openAt {
			k := r / openR
			dst.Blit(sc.ballSprite(s, dst, last.Choice.Item, openR, false), x, y, k, k)
		} else {
			pop := 1 + 0.12*math.Sin(math.Pi*(u-openAt)/(1-openAt))
			img := s.sprite(dst, "open|"+last.Choice.Item+"|"+last.Choice.Prize, 2*openR+12, 2*openR+12, func(d *Canvas) {
				openBall(d, t, openR+6, openR+6, openR, last.Choice)
			})
			dst.Blit(img, x, y, pop, pop)
		}
	}

	// the winners, in the order they choose, each with what the ball gave
	Text(dst, "Winners", t.Bold(44), listX, 430, Left, t.Accent)
	y := 500.0
	for i := range seg.Picks {
		p := &seg.Picks[i]
		if !p.Outcome.Wins() {
			continue
		}
		name := s.maskName(p.Participant)
		col := t.Text
		if who != nil && p.K == who.K {
			col = t.Accent
			Text(dst, "►", t.Bold(40), listX-50, y, Left, t.Accent)
		}
		Text(dst, name, t.Fit(t.Bold, 40, name, dst.W-60-listX), listX, y, Left, col)
		res, rc := "to choose", t.Dim
		switch c := s.choiceOf(seg, p, now); {
		case c == nil && who != nil && p.K == who.K:
			res = "choosing…"
		case c == nil:
		case c.Jackpot:
			res, rc = "ball "+c.Item+"  ·  JACKPOT "+c.Prize, t.Accent
		case c.Item == "":
			res, rc = "consolation "+c.Prize+" (the jackpot is won)", t.Text
		default:
			res, rc = "ball "+c.Item+"  ·  consolation "+c.Prize, t.Text
		}
		Text(dst, res, t.Fit(t.Regular, 34, res, dst.W-60-listX), listX, y+46, Left, rc)
		y += 96
		if y > 940 {
			break
		}
	}
}

// ballSprite is ball label of radius r, kept.
func (*chooseScene) ballSprite(s *Stage, dst *Canvas, label string, r float64, hl bool) *ebiten.Image {
	m := 4 + r/20 // room for the ring
	return s.sprite(dst, fmt.Sprintf("ball|%s|%.1f|%v", label, r, hl), 2*(r+m), 2*(r+m), func(d *Canvas) {
		ball(d, s.theme, r+m, r+m, r, label, hl)
	})
}

// ball is a numbered ball.
func ball(dst *Canvas, t *Theme, x, y, r float64, label string, hl bool) {
	fill := t.Text
	if hl {
		fill = t.Accent
	}
	dst.Circle(x, y, r, fill, true)
	dst.StrokeCircle(x, y, r, max(3, r/12), t.Primary, true)
	TextMid(dst, label, t.Bold(math.Round(r*0.95)), x, y, t.Background)
}

// openBall is a ball opened: JACKPOT with its value, or CONSOLATION.
func openBall(dst *Canvas, t *Theme, x, y, r float64, c *show.Choice) {
	fill, word, col := t.Primary, "CONSOLATION", t.Text
	if c.Jackpot {
		fill, word, col = t.Accent, "JACKPOT", t.Background
	}
	dst.Circle(x, y, r, fill, true)
	dst.StrokeCircle(x, y, r, 8, t.Accent, true)
	k := r / openR
	TextMid(dst, "Ball "+c.Item, t.Regular(math.Round(30*k)), x, y-r*0.5, col)
	TextMid(dst, word, t.Fit(t.Bold, math.Round(44*k), word, 1.7*r), x, y-r*0.08, col)
	TextMid(dst, c.Prize, t.Fit(t.Bold, math.Round(60*k), c.Prize, 1.6*r), x, y+r*0.38, col)
}
