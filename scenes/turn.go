package scenes

import (
	"slices"
	"time"

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

// numberTime is how long each number of a wild card takes to light up.
// How long a card, a ball and an envelope take is their chooser's (scene.go).
const numberTime = 700 * time.Millisecond

// length is how long the turn runs.
func (t turnOver) length(seg *show.Segment) time.Duration {
	if t.numbers {
		return time.Duration(t.n) * numberTime
	}
	return chooserOf(seg).turn
}

// turnAt is how far the turn has run at now, 0 to 1; 1 when there is
// none or it has landed.
func (s *Stage) turnAt(now time.Time) float64 {
	t := s.air.turn
	seg := s.view.st.CurSeg()
	if t.at.IsZero() || seg == nil || t.segment != seg.Seg.ID {
		return 1
	}
	return clamp(float64(now.Sub(t.at))/float64(t.length(seg.Seg)), 0, 1)
}

// turning reports whether a turn is still on its way.
func (s *Stage) turning(now time.Time) bool { return s.turnAt(now) < 1 }

// hidden reports whether pick k's prize is still on its way at now: it
// came with a turn that has not landed.
func (s *Stage) hidden(seg *show.SegState, k int, now time.Time) bool {
	return s.air.turn.segment == seg.Seg.ID && slices.Contains(s.air.turn.ks, k) && s.turning(now)
}

// choiceOf is pick p's choice as the screen may show it at now.
func (s *Stage) choiceOf(seg *show.SegState, p *show.Pick, now time.Time) *show.Choice {
	if p.Choice == nil || s.hidden(seg, p.K, now) {
		return nil
	}
	return p.Choice
}
