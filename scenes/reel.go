package scenes

import (
	"math"
	"time"

	"drawshow/audio"
	"drawshow/show"
)

// reelScene is the drawing animation: a sample of the pool that includes
// the winner, eased to a stop in reelTime. Until it lands the winner is
// one row among many, never singled out.
type reelScene struct {
	landing bool        // the reel waits for its announce to be committed
	roll    audio.Voice // the drum-roll under the reel
	still   still       // the frame without its rows, as last painted whole
	drawn   marked      // the rows' pixels the last frame drew
	k       int         // the pick it shows: its index in the draw's picks
	hold    *reelHold   // a drawshow-v2 pick's reel, held short of its winner; nil: none
	asked   bool        // the held pick's countersignature is asked for
}

func (*reelScene) Name() string { return "reel" }

// Enter notes the pick the reel shows: one made but not shown yet, or
// the next.
func (sc *reelScene) Enter(s *Stage) {
	seg := s.view.st.CurSeg()
	sc.k, sc.hold, sc.asked = len(seg.Picks), nil, false
	if l := seg.Last(); l != nil && l.Outcome == show.Pending && !l.Announced() {
		sc.k = len(seg.Picks) - 1
	}
}

// pick is the pick the reel shows; nil until it is drawn.
func (sc *reelScene) pick(s *Stage) *show.Pick {
	if seg := s.view.st.CurSeg(); sc.k < len(seg.Picks) {
		return &seg.Picks[sc.k]
	}
	return nil
}

// The reel cuts in on the host's press, as the reveal does: its rows'
// motion is the transition. A crossfade under them cost software GL more
// than a frame painted whole for each of its frames, a twentieth of the
// reel's time (docs/performance.md).
func (*reelScene) cut() {}

// Act does nothing: the reel runs to its end.
func (*reelScene) Act(*Stage, Action) {}

// Update announces the pick once the reel has run its time; a
// drawshow-v2 pick not yet countersigned, once the reel is held short of
// it (held).
func (sc *reelScene) Update(s *Stage, now time.Time) {
	seg := s.view.st.CurSeg()
	if sc.holds(s, s.onFor(now)) {
		sc.held(s, s.onFor(now))
		return
	}
	if !sc.landing && s.onFor(now) >= reelTime && !s.busy() && seg.Last() != nil && seg.Last().Outcome == show.Pending {
		if s.send(show.Command{Op: show.OpAnnounce}) {
			sc.landing = true
			sc.stopRoll(s)
		}
	}
}

// startRoll starts the drum-roll under the reel.
func (sc *reelScene) startRoll(s *Stage) {
	if s.opt.Sound != nil {
		sc.stopRoll(s)
		sc.roll = s.opt.Sound.Loop(audio.DrumRoll)
	}
}

// stopRoll ends the drum-roll, if it plays.
func (sc *reelScene) stopRoll(s *Stage) {
	if s.opt.Sound != nil && sc.roll != 0 {
		s.opt.Sound.Stop(sc.roll)
	}
	sc.roll = 0
}

func (sc *reelScene) Draw(s *Stage, dst *Canvas, in time.Duration) {
	sc.drawStill(s, dst)
	sc.drawRows(s, dst, in, nil)
	sc.still.drop()
}

// drawStill is the reel but for its rows.
func (sc *reelScene) drawStill(s *Stage, dst *Canvas) {
	seg := s.view.st.CurSeg()
	t := s.theme
	s.drawContext(dst, seg, dst.W/2, 150, dst.W-2*margin)
	left, _, right, _ := reelWindow(dst) // over the backdrop's background
	dst.Rect(left+60, reelY-reelRowH/2, right-left-120, reelRowH, Fade(t.Primary, 0.8))
	dst.StrokeRect(left+60, reelY-reelRowH/2, right-left-120, reelRowH, 6, t.Accent)
	if seg.Frozen != nil {
		s.drawTrust(dst, seg)
	}
}

// repaint paints the reel's rows alone, over a still of the rest taken
// after the frame was last painted whole.
func (sc *reelScene) repaint(s *Stage, dst *Canvas, now time.Time) {
	still := sc.still.hold(dst, true, func(c *Canvas) {
		s.backdrop(c)
		sc.drawStill(s, c)
	})
	sc.drawRows(s, dst, s.onFor(now), still)
}

// The reel's window: rows of reelRowH around the centre line reelY.
const (
	reelRowH = 130.0
	reelY    = 610.0
	reelRows = 2.2 // rows shown above and below the centre
)

// reelWindow is the part of the canvas the rows run in.
func reelWindow(dst *Canvas) (left, top, right, bot float64) {
	return 200, reelY - reelRows*reelRowH, dst.W - 200, reelY + reelRows*reelRowH
}

// drawRows paints the reel's rows at in through a sub-image of the window,
// so that none falls outside what the next frame paints over. Over a
// still (nil: a frame painted whole), what the last frame's rows covered
// is put back from it first, the box of each name and ticket, not the
// whole window (software GL pays for every pixel).
func (sc *reelScene) drawRows(s *Stage, screen *Canvas, in time.Duration, still *Canvas) {
	t := s.theme
	left, top, right, bot := reelWindow(screen)
	if still != nil {
		if sc.drawn.drewOn(screen) {
			screen.copyPx(still, sc.drawn.boxes...)
		} else {
			screen.Copy(still, left, top, right, bot)
		}
	}
	// gathered on the screen, not on the window's sub-image (a new image
	// each frame), which the sub-image shares
	defer sc.drawn.gather(screen)()
	dst := screen.Sub(left, top, right, bot)
	row, pos, ok := sc.shown(s, in) // pos: the row at the centre, fractional
	if !ok {
		return
	}
	nameF, ticketF := t.Bold(72), t.Bold(56)
	for i := int(pos) - 3; i <= int(pos)+3; i++ {
		r, ok := row(i)
		if !ok {
			continue
		}
		y := reelY + (float64(i)-pos)*reelRowH
		// rows fade out before the window's edge, so none is cut mid-letter
		a := clamp(1-math.Abs(y-reelY)/(reelRowH*reelFade), 0, 1)
		if a == 0 {
			continue
		}
		Text(dst, r.name, nameF, left+120, y-36, Left, Fade(t.Text, a))
		Text(dst, r.ticket, ticketF, right-120, y-24, Right, Fade(t.Accent, a))
	}
}

// reelFade is how far from the centre line, in rows, a row has faded out.
const reelFade = reelRows - 0.45

// shown is what the reel shows at in: its row at each place, and the
// place at the centre line, fractional; not ok when it has no rows.
func (sc *reelScene) shown(s *Stage, in time.Duration) (row func(i int) (reelRow, bool), pos float64, ok bool) {
	if h := sc.hold; h != nil {
		return h.row, h.pos(in), true
	}
	rows := sc.rows(s, s.view.st.CurSeg())
	if len(rows) == 0 {
		return nil, 0, false
	}
	if sc.holds(s, in) {
		in = min(in, holdAt(len(rows))) // the hold begins with the next tick
	}
	row = func(i int) (reelRow, bool) {
		if i < 0 || i >= len(rows) {
			return reelRow{}, false
		}
		return rows[i], true
	}
	return row, reelPos(in, len(rows)), true
}

type reelRow struct{ name, ticket string }

// rows are the sample's rows, the winner last once it is known and may
// be shown: a drawshow-v2 pick not countersigned is held back.
func (sc *reelScene) rows(s *Stage, seg *show.SegState) []reelRow {
	rows := make([]reelRow, 0, len(s.view.sample)+1)
	for _, e := range s.view.sample {
		rows = append(rows, reelRow{s.maskName(e.Participant), s.ticketLabel(e.Ticket, e.Participant)})
	}
	if p := seg.Last(); p != nil && p.Outcome == "" && !p.Held {
		w := winnerRow(s, p)
		if len(rows) > 0 {
			rows = rows[:len(rows)-1]
		}
		rows = append(rows, w)
	}
	return spreadNames(rows)
}

// reelPos is the row at the reel's centre line at in, fractional: eased
// out to the last row (the winner), past it by a third of a row, and
// settled back, in reelTime.
func reelPos(in time.Duration, rows int) float64 {
	const run, over = reelRun, reelOver
	u := clamp(in.Seconds()/reelTime.Seconds(), 0, 1)
	last := float64(rows - 1)
	if u < run {
		v := u / run
		return (last + over) * (1 - math.Pow(1-v, 3))
	}
	v := (u - run) / (1 - run)
	return last + over*(1-(3*v*v-2*v*v*v)) // smoothstep back to the winner
}

// The reel's ease: the share of its time to the overshoot, and how far
// past the winner it goes, in rows.
const reelRun, reelOver = 0.86, 0.33

func (*reelScene) Hints(*Stage) string { return "Drawing…" }

// Buttons are none: nothing is done while the reel runs.
func (*reelScene) Buttons(*Stage) []Button { return nil }

// spreadNames orders the rows so that no two side by side show the same
// masked name (two "Mixo M." in a row read as a glitch), keeping the
// sample's order where it can. The last row, the winner, stays last. It
// fills the places from the winner upwards, each time with the earliest
// row that differs from the one below and leaves the rest arrangeable;
// when no order can avoid a repeat (a pool of one name) it keeps the
// order as it was.
func spreadNames(rows []reelRow) []reelRow {
	n := len(rows)
	if n < 3 {
		return rows
	}
	count := map[string]int{}
	for _, r := range rows[:n-1] {
		count[r.name]++
	}
	out := make([]reelRow, n)
	out[n-1] = rows[n-1]
	used := make([]bool, n-1)
	for pos := n - 2; pos >= 0; pos-- {
		below := out[pos+1].name
		chosen := -1
		// from the sample's end: rows not moved keep their order
		for i := n - 2; i >= 0; i-- {
			if used[i] || rows[i].name == below {
				continue
			}
			count[rows[i].name]--
			if arrangeable(count, pos, rows[i].name) {
				chosen = i
				break
			}
			count[rows[i].name]++
		}
		if chosen < 0 {
			return rows // no order avoids a repeat
		}
		used[chosen] = true
		out[pos] = rows[chosen]
	}
	return out
}

// arrangeable reports whether r rows with these counts of names can be
// set in a line with no name twice side by side, the row next to them
// showing next: at most half, rounded up, of one name, and of next's name
// at most half rounded down (it cannot take the place beside next).
func arrangeable(count map[string]int, r int, next string) bool {
	for name, c := range count {
		if c > (r+1)/2 || (name == next && c > r/2) {
			return false
		}
	}
	return true
}

// reply follows the pick and its announce: a draw that ended short
// instead goes to its winners' choices or its board, a refusal back to
// the intro, and the announce to the reveal.
func (sc *reelScene) reply(s *Stage, r reply) Scene {
	if r.op != show.OpPick && r.op != show.OpAnnounce && r.op != show.OpCosigned {
		return s.onward(r)
	}
	if r.err != nil {
		sc.landing, sc.asked = false, false
		sc.stopRoll(s)
		return &s.mgr.cast.intro
	}
	if r.op == show.OpCosigned {
		return nil // countersigned: the reel lands, then announces
	}
	if r.op == show.OpAnnounce {
		sc.landing = false
		if h := sc.hold; h != nil && !h.landed(s.onFor(s.now())) {
			return nil // countersigned and announced: the reel lands, then the reveal
		}
		s.sound(audio.RevealHit)
		return &s.mgr.cast.reveal
	}
	if seg := s.view.st.CurSeg(); seg.Ended != nil {
		sc.stopRoll(s)
		s.tell(seg.Ended.Reason)
		return s.ended()
	}
	return nil
}

// start sends the next pick and rolls the reel while it is made.
func (sc *reelScene) start(s *Stage) {
	if s.send(show.Command{Op: show.OpPick}) {
		sc.startRoll(s)
		s.to(sc)
	}
}
