package scenes

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"drawshow/show"
)

// attractScene is the screen between draws: the clock over the loop of
// the run sheet, the slides, the jackpots and tonight's winners; or the
// slide or the leaderboard the run sheet stands on.
type attractScene struct {
	paused bool // the loop stands still…
	held   int  // …on this page

	board     []show.Place // the leaderboard on screen…
	boardAt   time.Time    // …from the standings file written then
	boardErr  string       // why the last read failed, when it did
	boardPoll time.Time    // when the standings were last asked for

	moved time.Duration // the step what moves was last drawn at
}

// The attract loop's panels, each up for attractPanel.
const attractPanel = 8 * time.Second

// boardPoll is how often a leaderboard's standings file is looked at.
const boardPoll = 3 * time.Second

func (*attractScene) Name() string { return "attract" }

func (*attractScene) Enter(*Stage) {}

// reply takes the standings read for the leaderboard; a bin frozen goes
// on to its intro.
func (sc *attractScene) reply(s *Stage, r reply) Scene {
	switch {
	case r.op == opStandings:
		sc.standings(s, r)
	case r.op == show.OpFreeze && r.err == nil:
		return &s.mgr.cast.intro
	}
	return s.onward(r)
}

func (sc *attractScene) Act(s *Stage, a Action) {
	switch a {
	case Export:
		s.sheet()
	case Next:
		switch seg := s.view.st.CurSeg(); {
		case seg.Seg.Numbers():
			s.to(&s.mgr.cast.numbers)
		case !seg.Seg.Draws():
			s.past()
		case seg.Frozen != nil:
			s.to(&s.mgr.cast.intro)
		default:
			if s.send(show.Command{Op: show.OpFreeze}) {
				s.tell("Freezing the bin…")
			}
		}
	case Reload:
		sc.boardPoll = time.Time{}
	case Context:
		sc.paused = !sc.paused
		if sc.paused {
			sc.held = sc.panel(s.onFor(s.now()))
		}
	}
}

// Update reads a leaderboard's file again every few seconds: a new one is
// on screen without a restart.
func (sc *attractScene) Update(s *Stage, now time.Time) {
	if seg := s.view.st.CurSeg(); seg.Seg.Leaderboard() && !s.busy() && now.Sub(sc.boardPoll) >= boardPoll {
		if s.send(show.Command{Op: opStandings, Segment: seg.Seg.ID}) {
			sc.boardPoll = now
		}
	}
}

// standings takes a read of the leaderboard's file: a new file makes a new
// board, with the movement since the one before; a bad one leaves the last
// good board up and tells the host why.
func (sc *attractScene) standings(s *Stage, r reply) {
	if r.err != nil {
		if msg := r.err.Error(); msg != sc.boardErr {
			sc.boardErr = msg
			s.tell("Standings not updated, the last good board stays up: " + msg)
		}
		return
	}
	sc.boardErr = ""
	if r.written.Equal(sc.boardAt) && sc.board != nil {
		return
	}
	var areas []string
	top := 0 // a read that lands once the show has moved on: every area, every place
	if b := s.view.st.CurSeg().Seg.Board; b != nil {
		areas, top = b.Areas, b.Top
	}
	sc.board = show.Rank(r.standings, areas, top, sc.board)
	sc.boardAt = r.written
	if sc.board == nil {
		sc.board = []show.Place{} // read, and empty: not "not read yet"
	}
}

// attractLook is what a frame of the loop shows of its own.
type attractLook struct {
	paused  bool
	panel   time.Duration
	boardAt time.Time
	boardN  int
}

func (sc *attractScene) look(s *Stage, now time.Time) (any, bool) {
	k := attractLook{paused: sc.paused, boardAt: sc.boardAt, boardN: len(sc.board)}
	if !sc.paused {
		k.panel = s.onFor(now) / attractPanel
	}
	return k, false // what moves, it repaints
}

func (*attractScene) Hints(s *Stage) string {
	var now string
	switch seg := s.view.st.CurSeg(); {
	case seg.Seg.Numbers():
		now = "Next ► the wild card's numbers"
	case !seg.Seg.Draws() && s.view.st.Cur+1 < len(s.view.st.Segs):
		now = "Next ► " + s.view.st.Segs[s.view.st.Cur+1].Seg.Title
	case !seg.Seg.Draws():
		now = "Next ► close the show"
	case seg.Frozen != nil:
		now = "Next ► draw intro"
	default:
		now = "Next ► freeze the bin of " + seg.Seg.Title
	}
	if s.view.st.CurSeg().Seg.Leaderboard() {
		now += "  ·  U update the board now"
	}
	return now + "  ·  F5 pause the loop"
}

func (*attractScene) Buttons(s *Stage) []Button { return s.skipButton(s.nextButton(nil, "next")) }

func (*attractScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }

// panels are the attract loop's pages in turn: the run sheet, each slide
// of the show, each jackpot chest's jackpot, and tonight's winners once
// there are some.
func (sc *attractScene) panels(s *Stage) []func(*Canvas) {
	ps := []func(*Canvas){func(dst *Canvas) { sc.drawRunSheet(s, dst) }}
	for i := range s.view.st.Segs {
		if g := s.view.st.Segs[i].Seg; g.Slide() {
			ps = append(ps, func(dst *Canvas) { sc.drawSlide(s, dst, g) })
		}
	}
	for _, g := range s.view.st.Segs {
		if g.Seg.Jackpot != nil {
			ps = append(ps, func(dst *Canvas) { sc.drawJackpotPanel(s, dst, g) })
		}
	}
	if len(sc.winnersSoFar(s)) > 0 {
		ps = append(ps, func(dst *Canvas) { sc.drawWinnersSoFar(s, dst) })
	}
	return ps
}

// panel is the attract loop's page at in: each stays attractPanel, and a
// paused loop holds the page it was on.
func (sc *attractScene) panel(in time.Duration) int {
	n := int(in / attractPanel)
	if sc.paused {
		n = sc.held
	}
	return n
}

// Draw is the clock over the loop's pages. When the run sheet stands on a
// slide, that slide stays up.
func (sc *attractScene) Draw(s *Stage, dst *Canvas, in time.Duration) {
	t := s.theme
	switch g := s.view.st.CurSeg(); {
	case g.Seg.Slide():
		sc.drawSlide(s, dst, g.Seg)
		return
	case g.Seg.Leaderboard():
		sc.drawLeaderboard(s, dst, g.Seg)
		return
	}
	ps := sc.panels(s)
	ps[sc.panel(in)%len(ps)](dst)
	sc.drawMoving(s, dst, in)
	Text(dst, s.now().In(s.opt.Show.Location).Format("15:04"), t.Bold(120), dst.W-80, 190, Right, t.Text)
	if sc.paused {
		Text(dst, "paused", t.Regular(32), dst.W-80, 330, Right, t.Dim)
	}
}

// drawLeaderboard is the standings' top places, with their movement since
// the last update, or when the board is not live, when it will be. g is
// a leaderboard.
func (sc *attractScene) drawLeaderboard(s *Stage, dst *Canvas, g *show.Segment) {
	t := s.theme
	loc := s.opt.Show.Location
	now := s.now()
	Text(dst, g.Title, t.Fit(t.Bold, 84, g.Title, dst.W-240), dst.W/2, 150, Center, t.Accent)
	b := g.Board
	if !show.Live(b.Windows, now) {
		Text(dst, "The leaderboard is live", t.Regular(52), dst.W/2, 320, Center, t.Text)
		y := 420.0
		for _, w := range b.Windows {
			if w.To.Before(now) {
				continue
			}
			line := w.From.In(loc).Format("Monday 2 January, 15:04") + " to " + w.To.In(loc).Format("15:04")
			Text(dst, line, t.Bold(52), dst.W/2, y, Center, t.Text)
			if y += 80; y > 900 {
				break
			}
		}
		return
	}
	if sc.board == nil {
		Text(dst, "Standings to come", t.Regular(52), dst.W/2, 480, Center, t.Dim)
		return
	}
	at := sc.boardAt.In(loc)
	Text(dst, "Updated "+at.Format("15:04")+"  ·  next update "+at.Add(b.Every).Format("15:04"), t.Regular(40), dst.W/2, 250, Center, t.Dim)
	y := 330.0
	rowH := min(72.0, 640/float64(max(len(sc.board), 1)))
	size := rowH * 0.75
	for _, p := range sc.board {
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
		Text(dst, name, t.Fit(t.Bold, size, name, min(900, dst.W-480-300-320)), 480, y, Left, t.Text)
		Text(dst, show.Thousands(int(p.Points)), t.Bold(size), dst.W-300, y, Right, t.Text)
		y += rowH
	}
}

// drawSlide is a slide of the show, g: its title, body and image.
func (*attractScene) drawSlide(s *Stage, dst *Canvas, g *show.Segment) {
	t := s.theme
	Text(dst, g.Title, t.Fit(t.Bold, 96, g.Title, dst.W-240), dst.W/2, 170, Center, t.Accent)
	y, width := 340.0, dst.W-240.0
	if img := s.opt.Images[g.ID]; img != nil {
		b := img.Bounds()
		k := min(560/float64(b.Dy()), 760/float64(b.Dx()))
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(120, 320)
		dst.Draw(img, op)
		width = dst.W - 120 - 760 - 80 - 120
	}
	x := dst.W - 120 - width
	for _, line := range wrap(g.Page.Body, t.Regular(52), width) {
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

func (sc *attractScene) drawWinnersSoFar(s *Stage, dst *Canvas) {
	t := s.theme
	if winners := sc.winnersSoFar(s); len(winners) > 0 {
		Text(dst, "Tonight's winners", t.Bold(84), 120, 170, Left, t.Accent)
		y := 320.0
		// three columns, at 120, 900 and 1400 of a 16:9 frame
		x1, x2 := 120+(dst.W-240)*780/1680, 120+(dst.W-240)*1280/1680
		for _, w := range winners {
			Text(dst, w.name, t.Fit(t.Bold, 52, w.name, x1-150), 120, y, Left, t.Text)
			Text(dst, w.prize, t.Fit(t.Regular, 48, w.prize, x2-x1-30), x1, y+4, Left, t.Accent)
			Text(dst, w.segment, t.Fit(t.Regular, 40, w.segment, dst.W-120-x2), x2, y+10, Left, t.Dim)
			y += 80
			if y > 900 {
				break
			}
		}
	}
}

// drawRunSheet is tonight's segments with their times and prizes, the
// next one's countdown, and those done ticked: the prizes under each
// draw in the money's colour, so that the page fills its height.
func (*attractScene) drawRunSheet(s *Stage, dst *Canvas) {
	t := s.theme
	loc := s.opt.Show.Location
	Text(dst, "Tonight", t.Bold(sizeSecond-12), 120, 160, Left, t.Text)
	y := 300.0
	rowH := min(160.0, (H-margin-y)/float64(max(len(s.view.st.Segs), 1)))
	for i, g := range s.view.st.Segs {
		c, mark := t.Dim, ""
		switch {
		case i < s.view.st.Cur || (i == s.view.st.Cur && g.Done() && len(g.Picks) > 0):
			tick(dst, 128, y+34, t.Good)
		case i == s.view.st.Cur:
			c, mark = t.Text, "►"
		}
		when := ""
		if !g.Seg.At.IsZero() {
			when = g.Seg.At.In(loc).Format("15:04")
		}
		Text(dst, mark, t.Bold(56), 120, y, Left, t.Text)
		Text(dst, when, t.Bold(56), 200, y+2, Left, c)
		Text(dst, g.Seg.Title, t.Fit(t.Bold, 60, g.Seg.Title, min(1080, dst.W-400-440)), 400, y, Left, c)
		if i == s.view.st.Cur && !g.Seg.At.IsZero() {
			if d := g.Seg.At.Sub(s.now()); d > 0 && d < 12*time.Hour {
				Text(dst, "in "+untilText(d), t.Regular(sizeSupport-8), dst.W-120, y+8, Right, t.Good)
			}
		}
		if p := nightPrizes(g.Seg); p != "" && rowH >= 120 {
			pc := t.Accent
			if c == t.Dim && i < s.view.st.Cur {
				pc = Fade(t.Accent, 0.6)
			}
			Text(dst, p, t.Fit(t.Bold, 48, p, dst.W-400-120), 400, y+72, Left, pc)
		}
		y += rowH
		if y > H-margin-60 {
			break
		}
	}
}

// nightPrizes is a segment's prizes on one line for the run sheet: "5 ×
// R10 000", "R50 000 · R25 000 · R10 000"; a chest's jackpot is its own
// page.
func nightPrizes(g *show.Segment) string {
	switch {
	case g.Jackpot != nil, g.Slide(), g.Leaderboard():
		return ""
	case g.Ladder() != nil:
		return strings.Join(prizeLines(g.Ladder()), "  ·  ")
	}
	return strings.Join(prizeLines(g.Prizes), "  ·  ")
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
func tick(dst *Canvas, x, y float64, c color.Color) {
	dst.Line(x, y, x+14, y+16, 8, c, false)
	dst.Line(x+14, y+16, x+44, y-20, 8, c, false)
}

type winnerLine struct{ name, prize, segment string }

// winnersSoFar lists tonight's winners, masked, newest last.
func (*attractScene) winnersSoFar(s *Stage) []winnerLine {
	var out []winnerLine
	for _, g := range s.view.st.Segs {
		for _, p := range g.Picks {
			if p.Outcome.Wins() {
				out = append(out, winnerLine{s.maskName(p.Participant), amounts(p.Won()), g.Seg.Title})
			}
		}
	}
	if len(out) > 7 {
		out = out[len(out)-7:]
	}
	return out
}

// What always moves in the loop: a line along the foot that runs across
// each page's time, and on a jackpot's page the meter, rolling up to its
// value as the page comes up, then glowing. Each is repainted alone, on
// its own band of the canvas, so a still page costs no more than these.
const (
	footY, footH = H - 40, 6 // the running line, under the notices' band
	meterTop     = 412       // the meter's band: the amount and its glow
	meterBot     = 700
	meterRoll    = 1500 * time.Millisecond
	// movingStep is how often what moves is repainted: ten times a
	// second, not every frame, since under software GL every frame
	// painted costs a whole present (at 60 a second the loop fell to the
	// yardstick's rate, and the ticks with it)
	movingStep = 100 * time.Millisecond
)

// repaint paints the running line and, on a jackpot's page, the meter,
// once a movingStep.
func (sc *attractScene) repaint(s *Stage, dst *Canvas, now time.Time) {
	if g := s.view.st.CurSeg().Seg; g.Slide() || g.Leaderboard() {
		return
	}
	if in := s.onFor(now); in.Truncate(movingStep) != sc.moved {
		sc.drawMoving(s, dst, in)
	}
}

// drawMoving draws what moves in the loop as it stands at the last
// movingStep before in, its bands' background included.
func (sc *attractScene) drawMoving(s *Stage, dst *Canvas, in time.Duration) {
	t := s.theme
	in = in.Truncate(movingStep)
	sc.moved = in
	dst.Rect(0, footY, dst.W, footH, t.Background)
	ps := sc.panels(s)
	n := sc.panel(in)
	if !sc.paused {
		u := float64(in%attractPanel) / float64(attractPanel)
		dst.Rect(margin, footY, dst.W-2*margin, footH, Fade(t.Dim, 0.25))
		dst.Rect(margin, footY, u*(dst.W-2*margin), footH, Fade(t.Dim, 0.7))
	}
	if seg := sc.jackpotOn(s, n%len(ps)); seg != nil {
		sc.drawMeter(s, dst, seg, in%attractPanel)
	}
}

// jackpotOn is the chest whose jackpot page is the loop's page i, or nil.
func (sc *attractScene) jackpotOn(s *Stage, i int) *show.SegState {
	if g := s.view.st.CurSeg().Seg; g.Slide() || g.Leaderboard() {
		return nil
	}
	j := 1 // the run sheet is page 0
	for _, g := range s.view.st.Segs {
		if g.Seg.Slide() {
			j++
		}
	}
	for _, g := range s.view.st.Segs {
		if g.Seg.Jackpot != nil {
			if j == i {
				return g
			}
			j++
		}
	}
	return nil
}

// drawMeter is a jackpot's amount on its page, in after the page came up:
// rolling up from nine tenths of it, then glowing as it breathes.
func (sc *attractScene) drawMeter(s *Stage, dst *Canvas, seg *show.SegState, in time.Duration) {
	t := s.theme
	dst.Rect(0, meterTop, dst.W, meterBot-meterTop, t.Background)
	v := s.view.st.Jackpot(seg)
	if in < meterRoll && !sc.paused {
		u := in.Seconds() / meterRoll.Seconds()
		v = v - int64(float64(v/10)*math.Pow(1-u, 3))
	}
	// a pill of light behind the amount, inside the band, breathing: drawn
	// once, as wide as the whole amount, and copied at the breath's alpha
	// (an antialiased shape costs software GL a pass at twice the size of
	// the canvas it is drawn on, ten times a second)
	glow := 0.08 + 0.06*math.Sin(in.Seconds()*2*math.Pi/2.4)
	whole := show.Money(s.opt.Show.Currency, s.view.st.Jackpot(seg))
	w := text.Advance(whole, t.Bold(220)) + 200
	h := float64(meterBot-meterTop) - 24
	pill := s.sprite(dst, "meter|"+whole, w, h, func(d *Canvas) {
		for _, k := range []float64{0, 40} {
			paint(d, roundRect(float32(k), float32(k), float32(w-2*k), float32(h-2*k), float32(h/2-k)), 0, Fade(t.Accent, 0.5))
		}
	})
	dst.BlitWith(pill, dst.W/2, meterTop+12+h/2, 1, 1, alpha(glow/0.5))
	Text(dst, show.Money(s.opt.Show.Currency, v), t.Bold(220), dst.W/2, 420, Center, t.Accent)
}

// drawJackpotPanel is the attract loop's page of a chest's jackpot.
func (*attractScene) drawJackpotPanel(s *Stage, dst *Canvas, seg *show.SegState) {
	t := s.theme
	cur := s.opt.Show.Currency
	j := seg.Seg.Jackpot
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 84, seg.Seg.Title, 1300), 120, 170, Left, t.Accent)
	label := "This week's jackpot"
	if seg.Settled != nil && seg.Settled.Won {
		label = "JACKPOT WON tonight"
	}
	Text(dst, label, t.Regular(56), dst.W/2, 340, Center, t.Text)
	// the amount is the meter's (drawMoving)
	y := 720.0
	switch st := seg.Settled; {
	case st != nil && st.Won:
		Text(dst, "Next week the jackpot starts again at "+show.Money(cur, st.Next), t.Regular(48), dst.W/2, y, Center, t.Text)
	case st != nil:
		Text(dst, "Not won tonight: next week it is "+show.Money(cur, st.Next), t.Bold(56), dst.W/2, y, Center, t.Accent) // money: the jackpot's gold
	case j.Guaranteed:
		Text(dst, "Guaranteed week: 1 jackpot ball among "+strconv.Itoa(j.Balls), t.Bold(56), dst.W/2, y, Center, t.Good)
	default:
		Text(dst, "1 jackpot ball among "+strconv.Itoa(j.Balls)+"  ·  not won, it grows by "+show.Money(cur, j.Step)+" a week", t.Regular(44), dst.W/2, y, Center, t.Text)
	}
	line := "Every other ball: " + show.Money(cur, j.Consolation) + " consolation"
	if !seg.Seg.At.IsZero() {
		line = "Draw " + seg.Seg.At.In(s.opt.Show.Location).Format("Monday 2 January, 15:04") + "  ·  " + line
	}
	Text(dst, line, t.Regular(44), dst.W/2, y+90, Center, t.Dim)
}
