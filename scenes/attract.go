package scenes

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/show"
)

// The attract loop's panels, each up for attractPanel.
const attractPanel = 8 * time.Second

// panels are the attract loop's pages in turn: the run sheet, each slide
// of the show, each jackpot chest's jackpot, and tonight's winners once
// there are some.
func (s *Stage) panels() []func(*ebiten.Image) {
	ps := []func(*ebiten.Image){s.drawRunSheet}
	for i := range s.st.Segs {
		if g := s.st.Segs[i].Seg; g.Kind == show.KindSlide {
			ps = append(ps, func(dst *ebiten.Image) { s.drawSlide(dst, g) })
		}
	}
	for _, g := range s.st.Segs {
		if g.Seg.Kind == show.KindChest {
			ps = append(ps, func(dst *ebiten.Image) { s.drawJackpotPanel(dst, g) })
		}
	}
	if len(s.winnersSoFar()) > 0 {
		ps = append(ps, s.drawWinnersSoFar)
	}
	return ps
}

// panel is the attract loop's page at in: each stays attractPanel, and a
// paused loop holds the page it was on.
func (s *Stage) panel(in time.Duration) int {
	n := int(in / attractPanel)
	if s.paused {
		n = s.held
	}
	return n
}

// drawAttract is the screen between draws: the clock over the loop's
// pages. When the run sheet stands on a slide, that slide stays up.
func (s *Stage) drawAttract(dst *ebiten.Image, in time.Duration) {
	t := s.theme
	switch g := s.st.CurSeg(); g.Seg.Kind {
	case show.KindSlide:
		s.drawSlide(dst, g.Seg)
		return
	case show.KindLeaderboard:
		s.drawLeaderboard(dst, g.Seg)
		return
	}
	ps := s.panels()
	ps[s.panel(in)%len(ps)](dst)
	Text(dst, s.now().In(s.opt.Show.Location).Format("15:04"), t.Bold(120), W-80, 190, Right, t.Text)
	if s.paused {
		Text(dst, "paused", t.Regular(32), W-80, 330, Right, t.Dim)
	}
}

// drawLeaderboard is the standings' top places, with their movement since
// the last update, or when the board is not live, when it will be.
func (s *Stage) drawLeaderboard(dst *ebiten.Image, g *show.Segment) {
	t := s.theme
	loc := s.opt.Show.Location
	now := s.now()
	Text(dst, g.Title, t.Fit(t.Bold, 84, g.Title, W-240), W/2, 150, Center, t.Accent)
	if !show.Live(g.Windows, now) {
		Text(dst, "The leaderboard is live", t.Regular(52), W/2, 320, Center, t.Text)
		y := 420.0
		for _, w := range g.Windows {
			if w.To.Before(now) {
				continue
			}
			line := w.From.In(loc).Format("Monday 2 January, 15:04") + " to " + w.To.In(loc).Format("15:04")
			Text(dst, line, t.Bold(52), W/2, y, Center, t.Text)
			if y += 80; y > 900 {
				break
			}
		}
		return
	}
	if s.board == nil {
		Text(dst, "Standings to come", t.Regular(52), W/2, 480, Center, t.Dim)
		return
	}
	at := s.boardAt.In(loc)
	Text(dst, "Updated "+at.Format("15:04")+"  ·  next update "+at.Add(g.Every).Format("15:04"), t.Regular(40), W/2, 250, Center, t.Dim)
	y := 330.0
	rowH := min(72.0, 640/float64(max(len(s.board), 1)))
	size := rowH * 0.75
	for _, p := range s.board {
		Text(dst, strconv.Itoa(p.Rank), t.Bold(size), 300, y, Right, t.Accent)
		switch {
		case p.New:
			Text(dst, "NEW", t.Bold(size*0.6), 330, y+size*0.2, Left, t.Good)
		case p.Move > 0:
			Text(dst, "▲"+strconv.Itoa(p.Move), t.Bold(size*0.7), 330, y+size*0.15, Left, t.Good)
		case p.Move < 0:
			Text(dst, "▼"+strconv.Itoa(-p.Move), t.Bold(size*0.7), 330, y+size*0.15, Left, t.Warn)
		}
		name := s.maskedName(p.Name, p.Card)
		Text(dst, name, t.Fit(t.Bold, size, name, 900), 480, y, Left, t.Text)
		Text(dst, show.Thousands(int(p.Points)), t.Mono(size), W-300, y, Right, t.Text)
		y += rowH
	}
}

// drawSlide is a slide of the show: its title, body and image.
func (s *Stage) drawSlide(dst *ebiten.Image, g *show.Segment) {
	t := s.theme
	Text(dst, g.Title, t.Fit(t.Bold, 96, g.Title, W-240), W/2, 170, Center, t.Accent)
	y, width := 340.0, W-240.0
	if img := s.opt.Images[g.ID]; img != nil {
		b := img.Bounds()
		k := min(560/float64(b.Dy()), 760/float64(b.Dx()))
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(120, 320)
		dst.DrawImage(img, op)
		width = W - 120 - 760 - 80 - 120
	}
	x := W - 120 - width
	for _, line := range wrap(g.Body, t.Regular(52), width) {
		Text(dst, line, t.Regular(52), x, y, Left, t.Text)
		y += 72
		if y > H-160 {
			break
		}
	}
}

// wrap breaks s into lines at most width pixels wide, at spaces and at
// the line breaks it has.
func wrap(s string, f text.Face, width float64) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && text.Advance(line+" "+w, f) > width {
				out = append(out, line)
				line = w
				continue
			}
			line = strings.TrimPrefix(line+" "+w, " ")
		}
		out = append(out, line)
	}
	return out
}

func (s *Stage) drawWinnersSoFar(dst *ebiten.Image) {
	t := s.theme
	if winners := s.winnersSoFar(); len(winners) > 0 {
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
	}
}

// drawRunSheet is tonight's segments with their times, the next one's
// countdown, and those done ticked.
func (s *Stage) drawRunSheet(dst *ebiten.Image) {
	t := s.theme
	loc := s.opt.Show.Location
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
				out = append(out, winnerLine{s.maskName(p.Participant), p.Won(), g.Seg.Title})
			}
		}
	}
	if len(out) > 7 {
		out = out[len(out)-7:]
	}
	return out
}
