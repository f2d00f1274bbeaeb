package show

import (
	"fmt"
	"slices"
)

// cards are a Royal Flush's: A, K, Q, J, 10, each hiding one of the five
// prizes, by the key (SEGMENT/cards) or, with cards: physical, as the
// host records what each turned over (physical.go).
type cards struct{ s *SegState }

func (cards) name() Choosable { return ChooseCards }
func (cards) items() []string { return Cards }
func (cards) leave() bool     { return true }

func (c cards) turn(key [32]byte, _ *Pick, item string) Choice {
	return Choice{Prize: c.s.Seg.Prizes[CardPrize(key, c.s.Seg.ID, slices.Index(Cards, item))]}
}

func (c cards) held(ch *Choice) error {
	if !slices.Contains(c.s.PrizesLeft(), ch.Prize) {
		return fmt.Errorf("%s: no card left hides %q", c.s.Seg.ID, ch.Prize)
	}
	return nil
}
