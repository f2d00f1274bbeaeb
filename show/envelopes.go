package show

import (
	"fmt"
	"slices"
)

// envelopes are a bonus jackpot's 1..N: a fresh set for each winner, in
// that winner's own order (SEGMENT/prizes/PICK), or with deck: session one
// set for the whole session (SEGMENT/deck), a card taken out of play.
type envelopes struct{ s *SegState }

func (envelopes) name() Choosable   { return ChooseEnvelopes }
func (e envelopes) items() []string { return Numbered(len(e.s.Seg.Envelopes), 1) }
func (e envelopes) leave() bool     { return e.s.Seg.Deck == DeckSession }

func (e envelopes) turn(key [32]byte, p *Pick, item string) Choice {
	s := e.s.Seg
	n, i := len(s.Envelopes), slices.Index(e.items(), item)
	if s.Deck == DeckSession {
		return Choice{Prize: s.Envelopes[DeckPrize(key, s.ID, n, i)]}
	}
	return Choice{Prize: s.Envelopes[EnvelopePrize(key, s.ID, p.K, n, i)]}
}

func (e envelopes) held(c *Choice) error {
	left := e.s.Seg.Envelopes
	if e.leave() {
		left = e.s.left(left)
	}
	if !slices.Contains(left, c.Prize) {
		if e.leave() {
			return fmt.Errorf("%s: no card left hides %q", e.s.Seg.ID, c.Prize)
		}
		return fmt.Errorf("%s: no envelope holds %q", e.s.Seg.ID, c.Prize)
	}
	return nil
}
