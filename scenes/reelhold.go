package scenes

import (
	"math"
	"time"

	"drawshow/audio"
	"drawshow/show"
)

// A drawshow-v2 pick is shown only once the auditor's witness has
// countersigned it, which its announce waits for. The reel cannot land on
// a winner before that, nor show it coming: the winner's row comes into
// view some three seconds before the reel stops. So in a show whose
// picks are countersigned the reel is held short of its winner, two rows
// before it, as long as the pick is not drawn yet or not countersigned:
// there it asks for the countersignature, and spins on at the speed it
// had, through the sample without the winner. Once the countersignature
// is recorded (on a LAN within a frame or two) it lands on the winner as
// the reel always does, the same ease from the same speed, and announces
// as it comes to rest, so the claim's countdown starts when the room
// sees the winner, as in any show; then the reveal. WITNESS NOT
// ANSWERING takes the stage back to the intro: the winner was never on
// screen. A pick drawn unwitnessed is not held, and
// its reel runs as a drawshow-v1 reel does.

// reelHide is how far from the centre line, in rows, the reel is held
// short of its winner: past reelFade, where a row has faded out.
const reelHide = 2.0

// reelHold is a reel held short of its winner: spinning on at a steady
// speed from where it was held, then, released, landing on the winner.
type reelHold struct {
	at       time.Duration // the reel's time it was held at…
	from, v  float64       // …the place at the centre line then, and its speed in rows a second
	rows     []reelRow     // the rows it spins through, over and over: none is the winner
	released bool          // the pick may be shown: the reel lands
	landAt   time.Duration // when it began to land…
	land     float64       // …and from where
	winner   int           // the place of the winner's row, once released
	win      reelRow
}

// holdAt is when a reel of n rows is held: where its last row, the
// winner's, is still reelHide rows away; at once when it is nearer.
func holdAt(n int) time.Duration {
	last := float64(n - 1)
	p := last - reelHide
	if p <= 0 {
		return 0
	}
	v := 1 - math.Cbrt(1-p/(last+reelOver)) // reelPos solved for its time
	return time.Duration(v * reelRun * float64(reelTime))
}

// holdSpeed is the reel's speed at in, before its overshoot, in rows a
// second: reelPos's derivative.
func holdSpeed(in time.Duration, n int) float64 {
	v := clamp(in.Seconds()/reelTime.Seconds()/reelRun, 0, 1)
	return (float64(n-1) + reelOver) * 3 * (1 - v) * (1 - v) / (reelRun * reelTime.Seconds())
}

// pos is the place at the centre line at in.
func (h *reelHold) pos(in time.Duration) float64 {
	if !h.released || in < h.landAt {
		return h.from + h.v*(in-h.at).Seconds()
	}
	d, run := (in - h.landAt).Seconds(), h.run()
	if d < run {
		w := d / run
		return h.land + (float64(h.winner)+reelOver-h.land)*(1-math.Pow(1-w, 3))
	}
	u := clamp((d-run)/h.settle(), 0, 1)
	return float64(h.winner) + reelOver*(1-(3*u*u-2*u*u*u))
}

// run is how long the landing takes to its overshoot: the reel's own
// ease (a cubic), from the speed it was held at.
func (h *reelHold) run() float64 { return 3 * (float64(h.winner) + reelOver - h.land) / h.v }

// settle is how long it takes to settle back onto the winner.
func (*reelHold) settle() float64 { return (1 - reelRun) * reelTime.Seconds() }

// landed reports whether the reel has settled on the winner at in.
func (h *reelHold) landed(in time.Duration) bool {
	return h.released && in >= h.landAt && (in-h.landAt).Seconds() >= h.run()+h.settle()
}

// row is the row at place i: the winner's once released, none after it,
// and the sample's over and over before it.
func (h *reelHold) row(i int) (reelRow, bool) {
	switch {
	case i < 0 || len(h.rows) == 0, h.released && i > h.winner:
		return reelRow{}, false
	case h.released && i == h.winner:
		return h.win, true
	}
	return h.rows[i%len(h.rows)], true
}

// release lets the reel land on w from in: on the sample's last place
// as a reel always does, or, when that is near, on the first place that
// has not come into view.
func (h *reelHold) release(in time.Duration, last int, w reelRow) {
	h.land = h.pos(in) // where it spun to
	h.released, h.landAt, h.win = true, in, w
	h.winner = max(last, int(math.Ceil(h.land+reelFade)))
	if h.v <= 0 {
		h.v = 1 // a reel with no rows is held still: it lands at a row a second
	}
}

// holds reports whether the reel is held at in, or will be once it
// gets there: in a show whose picks are countersigned, while its pick is
// not drawn or not countersigned.
func (sc *reelScene) holds(s *Stage, in time.Duration) bool {
	if sc.hold != nil {
		return true
	}
	if !s.view.st.Witnessed() || sc.landing {
		return false
	}
	p := sc.pick(s)
	return (p == nil || p.Held) && in >= holdAt(len(sc.rows(s, s.view.st.CurSeg())))
}

// held is the reel's tick while it is held: it asks for the announce,
// which waits for the countersignature; lands once the pick may be
// shown; and goes on to the reveal once it has landed.
func (sc *reelScene) held(s *Stage, in time.Duration) {
	h := sc.hold
	if h == nil {
		rows := sc.rows(s, s.view.st.CurSeg())
		n := len(rows)
		at := holdAt(n)
		h = &reelHold{at: at, from: max(0, reelPos(at, n)), v: max(0, holdSpeed(at, n)), rows: rows}
		sc.hold = h
	}
	p := sc.pick(s)
	switch {
	case p == nil: // still being drawn
	case p.Held:
		// the countersignature alone: the announce, which starts the
		// claim's countdown, waits for the reel to land, as ever
		if !sc.asked && !s.busy() && s.send(show.Command{Op: show.OpCosigned}) {
			sc.asked = true
		}
	case !h.released:
		h.release(in, len(h.rows)-1, winnerRow(s, p))
	}
	if !h.landed(in) {
		return
	}
	sc.stopRoll(s)
	switch {
	case p.Announced():
		s.sound(audio.RevealHit)
		s.to(&s.mgr.cast.reveal)
	case !sc.landing && !s.busy() && s.send(show.Command{Op: show.OpAnnounce}):
		sc.landing = true // drawn unwitnessed after the reel was held: announced now, as a drawshow-v1 pick is
	}
}

// winnerRow is p's row on the reel.
func winnerRow(s *Stage, p *show.Pick) reelRow {
	return reelRow{s.maskName(p.Participant), s.ticketLabel(p.Ticket, p.Participant)}
}
