package scenes

import (
	"fmt"
	"image/color"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The attract loop's panels, each up for attractPanel.
const attractPanel = 8 * time.Second

// drawAttract is the screen between draws: the run sheet with its times,
// the clock, and tonight's winners so far, in turn.
func (s *Stage) drawAttract(dst *ebiten.Image, in time.Duration) {
	t := s.theme
	loc := s.opt.Show.Location
	Text(dst, s.now().In(loc).Format("15:04"), t.Bold(120), W-80, 190, Right, t.Text)
	panel := int(in / attractPanel)
	if s.paused {
		panel = 0
	}
	if winners := s.winnersSoFar(); panel%2 == 1 && len(winners) > 0 {
		Text(dst, "Tonight's winners", t.Bold(84), 120, 170, Left, t.Accent)
		y := 320.0
		for _, w := range winners {
			Text(dst, w.name, t.Bold(52), 120, y, Left, t.Text)
			Text(dst, w.prize, t.Regular(48), 900, y+4, Left, t.Accent)
			Text(dst, w.segment, t.Regular(40), 1400, y+10, Left, t.Dim)
			y += 80
			if y > 900 {
				break
			}
		}
		return
	}
	Text(dst, "Tonight", t.Bold(84), 120, 170, Left, t.Accent)
	y := 320.0
	for i, g := range s.st.Segs {
		c, mark := t.Dim, ""
		switch {
		case i < s.st.Cur || (i == s.st.Cur && g.Done() && len(g.Picks) > 0):
			tick(dst, 128, y+34, t.Good)
		case i == s.st.Cur:
			c, mark = t.Text, "►"
		}
		when := ""
		if !g.Seg.At.IsZero() {
			when = g.Seg.At.In(loc).Format("15:04")
		}
		Text(dst, mark, t.Bold(56), 120, y, Left, t.Accent)
		Text(dst, when, t.Mono(52), 200, y+4, Left, c)
		Text(dst, g.Seg.Title, t.Fit(t.Bold, 56, g.Seg.Title, 1080), 400, y, Left, c)
		if i == s.st.Cur && !g.Seg.At.IsZero() {
			if d := g.Seg.At.Sub(s.now()); d > 0 && d < 12*time.Hour {
				Text(dst, "in "+untilText(d), t.Regular(44), W-120, y+8, Right, t.Accent)
			}
		}
		y += 96
		if y > 900 {
			break
		}
	}
	if s.paused {
		Text(dst, "paused", t.Regular(32), W-80, 290, Right, t.Dim)
	}
}

// untilText is a wait as the floor says it: "25 min", "1 h 05 min".
func untilText(d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	if m < 60 {
		return strconv.Itoa(max(m, 1)) + " min"
	}
	return fmt.Sprintf("%d h %02d min", m/60, m%60)
}

// tick draws a check mark: the Go fonts have no ✓.
func tick(dst *ebiten.Image, x, y float64, c color.Color) {
	vector.StrokeLine(dst, float32(x), float32(y), float32(x+14), float32(y+16), 8, c, false)
	vector.StrokeLine(dst, float32(x+14), float32(y+16), float32(x+44), float32(y-20), 8, c, false)
}

type winnerLine struct{ name, prize, segment string }

// winnersSoFar lists tonight's winners, masked, newest last.
func (s *Stage) winnersSoFar() []winnerLine {
	var out []winnerLine
	for _, g := range s.st.Segs {
		for _, p := range g.Picks {
			if p.Outcome.Wins() {
				out = append(out, winnerLine{s.maskName(p.Participant), p.Prize, g.Seg.Title})
			}
		}
	}
	if len(out) > 7 {
		out = out[len(out)-7:]
	}
	return out
}
