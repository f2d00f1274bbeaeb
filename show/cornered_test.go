package show

import (
	"fmt"
	"regexp"
	"testing"
	"time"
)

// hostAction is a step the host can take, as a refusal names it.
var hostAction = regexp.MustCompile(`\b(draw|draws|redraws|next|skip|close|choose|claimed|proxy|decline|forfeit|arrived|type|witness|void)\b`)

// TestRefusalsSayWhatNext: the engine never corners the host. Each
// refusal of a live show's usual steps, in each state a draw passes
// through, names what the host can do instead (issue 39: a bonus session
// out of envelopes refused the choice, draw and close alike, and only
// skip, which no refusal named, got out).
func TestRefusalsSayWhatNext(t *testing.T) {
	says := func(r *rig, where string, ops ...Op) {
		t.Helper()
		for _, op := range ops {
			_, err := r.try(Command{Op: op, Text: "1"})
			ref, ok := err.(*Refusal)
			if !ok {
				continue // allowed here, or not a refusal: other tests hold those
			}
			if !hostAction.MatchString(ref.Reason) {
				t.Errorf("%s, %s refused with %q: it says nothing the host can do", where, op, ref.Reason)
			}
		}
	}
	probe := func(r *rig, where string) {
		t.Helper()
		for _, op := range []Op{OpClaim, OpAnnounce, OpFreeze, OpPick, OpChoose, OpNext, OpClose, OpArrived, OpDraw} {
			// a copy of the rig's engine takes each probe: the show goes on as it was
			c := &rig{tb: t, sh: r.sh, src: r.src, now: r.now, seed: r.seed}
			c.eng = NewEngine(r.sh, r.src, func() time.Time { return c.now })
			if err := c.eng.SetSeed(r.seed); err != nil {
				t.Fatal(err)
			}
			if err := c.eng.Replay(r.evs); err != nil {
				t.Fatal(err)
			}
			c.evs = append(c.evs, r.evs...)
			says(c, where, op)
		}
	}

	r := oneSeg(t, Segment{ID: "a", Winners: 2}, 5)
	probe(r, "before the freeze")
	r.do(Command{Op: OpDraw})
	probe(r, "announced")
	r.now = r.last().Deadline.Add(time.Second)
	probe(r, "past the countdown")
	r.do(Command{Op: OpTick})
	probe(r, "after the no-show")
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpClaim})
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpClaim})
	probe(r, "drawn")

	// a session deck one card short of its winners, as a show file read
	// before check counted the winners: the fourth winner has nothing to
	// choose, and skip ends the draw
	sh := finaleShow(t, `
  - id: wed
    kind: bonus-jackpot
    entries: raps.csv
    windows: ["2024-11-30 20:00-21:00"]
    winners: 3
    deck: session
    envelopes: [R500, R1 000, R2 000]
`)
	var rows []Row
	for i := range 30 {
		rows = append(rows, Row{Ticket: fmt.Sprintf("SL-%02d", i), Card: fmt.Sprintf("m%02d", i)})
	}
	for _, winners := range []int{4, 5} { // the short card the last winner's, or not
		sh.Segments[0].Winners = winners
		b := newRig(t, sh, memRows{"wed": rows}, seedOf(61))
		b.now = time.Date(2024, 11, 30, 18, 5, 0, 0, time.UTC)
		for i := range 4 {
			b.draw()
			probe(b, fmt.Sprintf("winner %d of %d on the way", i+1, winners))
			b.do(Command{Op: OpArrived})
			b.do(Command{Op: OpClaim})
			probe(b, fmt.Sprintf("winner %d of %d to choose", i+1, winners))
			if i < 3 {
				b.do(Command{Op: OpChoose, Text: sh.Segments[0].Items()[i]})
			}
		}
		b.refused(Command{Op: OpClose}, "has no envelopes left to choose; skip REASON ends the draw with its 4 winner(s) so far")
		b.do(Command{Op: OpSkip, Text: "the deck ran out"})
		probe(b, fmt.Sprintf("%d winners, ended short", winners))
		b.do(Command{Op: OpClose})
	}
}
