package scenes

import (
	"slices"
	"strconv"
	"time"

	"drawshow/audio"
	"drawshow/show"
)

// turnOver is the last card, ball or envelope turned over, or a wild
// card's numbers drawn: what the stage animates, and until it lands,
// keeps from the screen. Update sets it; Draw reads it.
type turnOver struct {
	at      time.Time
	segment string
	item    string // the card, ball or envelope chosen
	ks      []int  // the picks whose prizes came with it (after a jackpot, the rest's consolations)
	numbers bool   // a wild card's numbers, not a choice
	n       int    // numbers: how many
	jackpot bool   // the ball is the jackpot's
	stung   bool   // the ball's opening has been cued
}

// How long a turn takes to land: a card flips, a ball rolls out of the
// chest and opens, an envelope opens, each number of a wild card lights up.
const (
	flipTime     = 1200 * time.Millisecond
	rollTime     = 1800 * time.Millisecond
	openAt       = 0.6 // of rollTime: the ball opens, its prize shows
	envelopeTime = 1400 * time.Millisecond
	numberTime   = 700 * time.Millisecond
)

// length is how long the turn runs.
func (t turnOver) length(kind string) time.Duration {
	switch {
	case t.numbers:
		return time.Duration(t.n) * numberTime
	case kind == show.KindChest:
		return rollTime
	case kind == show.KindBonus:
		return envelopeTime
	}
	return flipTime
}

// turnAt is how far the turn has run at now, 0 to 1; 1 when there is
// none or it has landed.
func (s *Stage) turnAt(now time.Time) float64 {
	t := s.turn
	seg := s.st.CurSeg()
	if t.at.IsZero() || seg == nil || t.segment != seg.Seg.ID {
		return 1
	}
	return clamp(float64(now.Sub(t.at))/float64(t.length(seg.Seg.Kind)), 0, 1)
}

// turning reports whether a turn is still on its way.
func (s *Stage) turning(now time.Time) bool { return s.turnAt(now) < 1 }

// hidden reports whether pick k's prize is still on its way at now: it
// came with a turn that has not landed.
func (s *Stage) hidden(seg *show.SegState, k int, now time.Time) bool {
	return s.turn.segment == seg.Seg.ID && slices.Contains(s.turn.ks, k) && s.turning(now)
}

// choiceOf is pick p's choice as the screen may show it at now.
func (s *Stage) choiceOf(seg *show.SegState, p *show.Pick, now time.Time) *show.Choice {
	if p.Choice == nil || s.hidden(seg, p.K, now) {
		return nil
	}
	return p.Choice
}

// turned records the choice a reply brought: the picks whose choice the
// events set, and the item chosen.
func (s *Stage) turned(evs []show.Event) {
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
	s.turn = t
	s.digits = nil
	s.guard = t.at.Add(freshPress)
	s.at = s.firstFree(s.at, 1)
	if seg := s.st.Seg(t.segment); seg != nil && seg.Seg.Kind == show.KindChest {
		s.sound(audio.BallRoll)
	} else {
		s.sound(audio.CardFlip)
	}
}

// cueTurn sounds a ball's opening when it opens: the jackpot's sting, or
// the consolation's.
func (s *Stage) cueTurn() {
	seg := s.st.CurSeg()
	if s.turn.stung || s.turn.numbers || seg == nil || seg.Seg.Kind != show.KindChest || s.turn.segment != seg.Seg.ID || s.turnAt(s.now()) < openAt {
		return
	}
	s.turn.stung = true
	if s.turn.jackpot {
		s.sound(audio.JackpotSting)
	} else {
		s.sound(audio.ConsolationSting)
	}
}

// numbered records a wild card's numbers, typed or drawn.
func (s *Stage) numbered(evs []show.Event) {
	for _, e := range evs {
		if e.Kind == show.NumbersChosen && e.Numbers != nil {
			s.turn = turnOver{at: s.now(), segment: e.Segment, numbers: true, n: len(e.Numbers.Numbers)}
			s.nums, s.digits = nil, nil
		}
	}
}

// firstFree is the first item from index i, going by dir and wrapping,
// that is still in play; i itself when none is.
func (s *Stage) firstFree(i, dir int) int {
	seg := s.st.CurSeg()
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

// typeDigit adds a typed digit to the field, up to a ticket's length.
func (s *Stage) typeDigit(d rune) {
	if len(s.digits) < 24 {
		s.digits = append(s.digits, d)
	}
}

// choose is the choosing table: Next and Prev move the highlight over
// what is still in play, F5/Esc chooses it (a fresh press only: it cannot
// be undone), digits and Enter choose directly. Once every winner has
// chosen, Next goes on.
func (s *Stage) choose(a Action) {
	seg := s.st.CurSeg()
	if s.turning(s.now()) {
		return // nothing is chosen while the last turn is on its way
	}
	if seg.Chooser() == nil {
		if a == Next {
			s.draw() // the next pick, or the board
		}
		return
	}
	if s.witnessDue() {
		// no card, ball or envelope is turned over before the draw witness
		if (a == Next || a == Context) && !s.busy {
			s.askDrawWitness()
		}
		return
	}
	if d, ok := a.Digit(); ok {
		s.typeDigit(d)
		return
	}
	items := seg.Seg.Items()
	switch a {
	case Next:
		if len(s.digits) > 0 {
			s.send(show.Command{Op: show.OpChoose, Text: string(s.digits)})
			s.digits = nil
			return
		}
		s.at = s.firstFree(s.at+1, 1)
	case Prev:
		if len(s.digits) > 0 {
			s.digits = s.digits[:len(s.digits)-1]
			return
		}
		s.at = s.firstFree(s.at-1, -1)
	case Context:
		if len(s.digits) > 0 {
			s.digits = nil
			return
		}
		if s.now().Before(s.guard) || s.at >= len(items) {
			return // a press meant for the step before
		}
		s.send(show.Command{Op: show.OpChoose, Text: items[s.at]})
	}
}

// ticketKey is the intro of a draw by hand: the host types the ticket
// read out from the physical bin, and Enter records it.
func (s *Stage) ticketKey(a Action) {
	if d, ok := a.Digit(); ok {
		s.typeDigit(d)
		return
	}
	switch a {
	case Next:
		if len(s.digits) == 0 {
			s.tell("Type the ticket number read out from the bin, then Enter (T for one with letters)")
			return
		}
		if s.send(show.Command{Op: show.OpTicket, Text: string(s.digits)}) {
			s.digits = nil
		}
	case Prev:
		if len(s.digits) > 0 {
			s.digits = s.digits[:len(s.digits)-1]
			return
		}
		s.to(phaseAttract)
	case Context:
		s.digits = nil
	case TypeTicket:
		s.entry = &entry{label: "Ticket as printed (a receipt: SEGMENT/TICKET), then Enter — Esc to go back", ticket: true}
	}
}

// numbers is a wild card's number pick: Next draws the numbers
// electronically (a fresh press); or the host types each number drawn by
// hand and Enter, then who typed them.
func (s *Stage) numbers(a Action) {
	seg := s.st.CurSeg()
	if seg.Numbers != nil {
		switch {
		case a == Next && !s.turning(s.now()):
			s.past()
		case a == Prev:
			s.to(phaseAttract)
		}
		return
	}
	if d, ok := a.Digit(); ok {
		if len(s.digits) < 2 {
			s.digits = append(s.digits, d)
		}
		return
	}
	bins := s.opt.Show.Bins(seg.Seg.From[0])
	switch a {
	case Next:
		switch {
		case len(s.digits) > 0:
			n, _ := strconv.Atoi(string(s.digits))
			s.digits = nil
			switch {
			case n < 1 || n > bins:
				s.tell("Refused: " + strconv.Itoa(n) + " is not a bin: the numbers are 1 to " + strconv.Itoa(bins))
			case slices.Contains(s.nums, n):
				s.tell("Refused: " + strconv.Itoa(n) + " is chosen already; each finalist comes from another bin")
			case len(s.nums) < seg.Seg.Winners:
				s.nums = append(s.nums, n)
			}
			if len(s.nums) == seg.Seg.Winners {
				s.askTyper()
			}
		case len(s.nums) == seg.Seg.Winners:
			s.askTyper()
		case len(s.nums) > 0:
			s.tell("Type the next number drawn, then Enter")
		case s.now().Before(s.guard):
			// too soon: a press meant for the run sheet
		case s.st.AwaitsDrawWitness(seg):
			if !s.busy {
				s.askDrawWitness() // drawn electronically, the numbers wait for the draw witness
			}
		default:
			if s.send(show.Command{Op: show.OpDraw}) {
				s.tell("Drawing the numbers…")
			}
		}
	case Prev:
		switch {
		case len(s.digits) > 0:
			s.digits = s.digits[:len(s.digits)-1]
		case len(s.nums) > 0:
			s.nums = s.nums[:len(s.nums)-1]
		default:
			s.to(phaseAttract)
		}
	case Context:
		s.digits, s.nums = nil, nil
	}
}

func (s *Stage) askTyper() {
	s.entry = &entry{label: "Who typed the numbers? Name, then Enter — Esc to go back", numbers: true}
}
