package scenes

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/audio"
	"drawshow/show"
)

// chooseScene is the table where winners choose: the Royal Flush's cards
// (cards.go), the jackpot chest's balls (chest.go) or a bonus winner's
// envelopes (envelopes.go). Next and Prev move the highlight over what is
// still in play, F5/Esc chooses it (a fresh press only: it cannot be
// undone), digits and Enter choose directly. Once every winner has
// chosen, Next goes on.
type chooseScene struct {
	at     int    // the highlighted card, ball or envelope: its index in the segment's items
	digits []rune // a card's place, a ball's or an envelope's number, typed so far
	table  still  // the Royal Flush table at rest while a card turns (cards.go)
	// feltStill is the Royal Flush table's felt, the header over it: the
	// ground of its other frames (cards.go)
	feltStill still
}

func (*chooseScene) Name() string { return "choose" }

// Enter highlights the first item still in play; the table waits for a
// fresh press.
func (sc *chooseScene) Enter(s *Stage) {
	sc.digits = nil
	s.waitFresh(s.now())
	sc.at = firstFree(s.view.st.CurSeg(), 0, 1)
}

func (sc *chooseScene) leave() { sc.digits = nil }

// highlight highlights the item at index i, as the console names it.
func (sc *chooseScene) highlight(i int) { sc.at = i }

func (*chooseScene) witnessLabel(s *Stage) string {
	if c := s.view.st.CurSeg().Pending; c != nil {
		return "Choice witness for " + c.Item + ": the auditor types what the room saw after the choice (the dice, a ball from the bag), then Enter"
	}
	return "Draw witness: the auditor types what the audience saw (the dice, a ball), then Enter"
}

func (sc *chooseScene) typed() ([]int, []rune) { return nil, sc.digits }

// reply turns over what a choice, or the witness made after it, brought;
// a witness that turned nothing over is told.
func (sc *chooseScene) reply(s *Stage, r reply) Scene {
	switch {
	case r.err != nil:
	case r.op == show.OpChoose, r.op == show.OpWitness && s.onStage(sc) && chose(r.evs):
		sc.turned(s, r.evs)
	case r.op == show.OpWitness && s.onStage(sc):
		s.drawWitnessed()
	}
	return s.onward(r)
}

func (sc *chooseScene) Act(s *Stage, a Action) {
	seg := s.view.st.CurSeg()
	if s.turning(s.now()) {
		return // nothing is chosen while the last turn is on its way
	}
	if seg.Chooser() == nil {
		if a == Next {
			s.startDraw() // the next pick, or the board
		}
		return
	}
	if s.witnessDue() {
		// no card, ball or envelope is turned over before the draw witness
		if (a == Next || a == Context) && !s.busy() {
			s.askDrawWitness()
		}
		return
	}
	if d, ok := a.Digit(); ok {
		sc.digits = typeDigit(sc.digits, d)
		return
	}
	items := seg.Seg.Items()
	switch a {
	case Next:
		if len(sc.digits) > 0 {
			sc.pick(s, seg, string(sc.digits))
			sc.digits = nil
			return
		}
		sc.at = firstFree(seg, sc.at+1, 1)
	case Prev:
		if len(sc.digits) > 0 {
			sc.digits = sc.digits[:len(sc.digits)-1]
			return
		}
		sc.at = firstFree(seg, sc.at-1, -1)
	case Context:
		if len(sc.digits) > 0 {
			sc.digits = nil
			return
		}
		if s.now().Before(s.host.guard) || sc.at >= len(items) {
			return // a press meant for the step before
		}
		sc.pick(s, seg, items[sc.at])
	}
}

// pick chooses the item: at once, or with cards on a table once the host
// has typed what it turned over.
func (sc *chooseScene) pick(s *Stage, seg *show.SegState, item string) {
	if seg.Seg.Cards != show.CardsPhysical {
		s.send(show.Command{Op: show.OpChoose, Text: item})
		return
	}
	left := seg.Showable(s.opt.Show.Currency)
	for i := range left {
		left[i] = fmt.Sprintf("%d %s", i+1, left[i])
	}
	q := "What did card " + item + " turn over? Its prize, or its number: "
	if seg.Seg.Jackpot != nil {
		q = "What did ball " + item + " show? The jackpot or the consolation, or its number: "
	}
	s.field(&entry{label: q + strings.Join(left, " · ") + " — Enter, or Esc", kind: fieldPrize, item: item})
}

// turned records the choice a reply brought: the picks whose choice the
// events set, and the item chosen.
func (sc *chooseScene) turned(s *Stage, evs []show.Event) {
	if !chose(evs) && s.witnessDue() {
		// chosen under each-draw: what it hides waits for the witness the
		// room sees made after the choice
		sc.digits = nil
		s.askDrawWitness()
		return
	}
	t := turnOver{at: s.now()}
	for _, e := range evs {
		if e.Kind == show.PrizeChosen && e.Choice != nil {
			t.segment = e.Segment
			t.ks = append(t.ks, e.Choice.K)
			if t.item == "" {
				t.item, t.jackpot = e.Choice.Item, e.Choice.Jackpot
			}
		}
	}
	if t.segment == "" {
		return
	}
	s.turn(t)
	sc.digits = nil
	s.waitFresh(t.at)
	sc.at = firstFree(s.view.st.CurSeg(), sc.at, 1)
	if seg := s.view.st.Seg(t.segment); seg != nil {
		s.sound(chooserOf(seg.Seg).sound)
	} else {
		s.sound(audio.CardFlip)
	}
}

// chose reports whether evs turned a card, ball or envelope over.
func chose(evs []show.Event) bool {
	return slices.ContainsFunc(evs, func(e show.Event) bool { return e.Kind == show.PrizeChosen })
}

// firstFree is the first of seg's items from index i, going by dir and
// wrapping, that is still in play; i itself when none is.
func firstFree(seg *show.SegState, i, dir int) int {
	if seg == nil {
		return 0
	}
	items, taken := seg.Seg.Items(), seg.Taken()
	n := len(items)
	for j := range n {
		k := ((i+dir*j)%n + n) % n
		if !slices.Contains(taken, items[k]) {
			return k
		}
	}
	return max(0, min(i, n-1))
}

// Update runs the table's timed steps: a ball's sting as it opens.
func (sc *chooseScene) Update(s *Stage, now time.Time) {
	if seg := s.view.st.CurSeg(); seg != nil {
		if up := chooserOf(seg.Seg).update; up != nil {
			up(sc, s, seg, now)
		}
	}
}

func (sc *chooseScene) Draw(s *Stage, dst *Canvas, _ time.Duration) {
	now := s.now()
	seg := s.view.st.CurSeg()
	chooserOf(seg.Seg).draw(sc, s, dst, seg, now)
}

// chooseLook is what a frame of the table shows of its own.
type chooseLook struct {
	at     int
	turn   time.Time // the last turn…
	landed bool      // …and whether it has landed
}

// look moves while a card, a ball or an envelope is on its way, or in
// the jackpot's moment (jackpot.go).
func (sc *chooseScene) look(s *Stage, now time.Time) (any, bool) {
	return chooseLook{sc.at, s.air.turn.at, !s.turning(now)}, s.turning(now) || sc.jackpotMoving(s, now)
}

// Hints says what moves and what chooses.
func (sc *chooseScene) Hints(s *Stage) string {
	seg := s.view.st.CurSeg()
	switch {
	case s.turning(s.now()):
		return "Turning over…"
	case seg.Chooser() == nil && seg.Seg.ChoosesAtOnce() && !seg.Done():
		return "Next ► draw the next winner"
	case seg.Chooser() == nil:
		return "Next ► winners board"
	case len(sc.digits) > 0:
		return "Enter ► choose " + string(sc.digits) + "  ·  Backspace erase  ·  Esc clear"
	}
	items := seg.Seg.Items()
	it := ""
	if sc.at < len(items) {
		it = items[sc.at]
	}
	return "Next/Prev move  ·  F5 choose " + it + "  ·  or " + chooserOf(seg.Seg).typed + " + Enter"
}

// Buttons has no skip: the winners drawn choose first.
func (*chooseScene) Buttons(s *Stage) []Button {
	seg := s.view.st.CurSeg()
	switch {
	case seg.Cornered():
		return s.skipButton(nil) // nothing left to choose: the draw ends short
	case seg.Chooser() != nil && !s.witnessDue():
		label := "Choose " + string(seg.Seg.Chooses())
		switch {
		case seg.Seg.Cards == show.CardsPhysical && seg.Seg.Jackpot != nil:
			label = "Choose the ball, then what it showed (07 jackpot, or 07 consolation)"
		case seg.Seg.Cards == show.CardsPhysical:
			label = "Choose the card, then what it turned over (Q R25 000)"
		}
		return []Button{{Line: "choose", Label: label, Key: "F5", Field: "choice", Primary: true}}
	case s.witnessDue() && seg.Pending != nil:
		return []Button{{Line: "witness", Label: "Record the choice witness for " + seg.Pending.Item, Key: "PageDown", Field: "witness", Primary: true}}
	case s.witnessDue():
		return []Button{{Line: "witness", Label: "Record the draw witness", Key: "PageDown", Field: "witness", Primary: true}}
	}
	return s.nextButton(nil, "next")
}

// autoKey chooses the highlighted item, or the one after it.
func (*chooseScene) autoKey(a *autoplay) Frame {
	if a.s.view.st.CurSeg().Chooser() == nil {
		return press(ebiten.KeyPageDown)
	}
	if a.rng.IntN(2) == 0 {
		a.queue = append(a.queue, press(ebiten.KeyF5))
		return press(ebiten.KeyPageDown) // move on one, then choose
	}
	return press(ebiten.KeyF5)
}
