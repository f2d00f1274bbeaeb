package show

import "fmt"

// Under witness: each-draw the outcome of a winner's choice is decided
// only after the choice: the winner chooses (item-chosen, recorded and on
// air), the room rolls the dice or takes a ball from a bag, and the
// auditor types what it showed, the choice witness W_c. The outcome is
// derived from it under K_c = ChoiceKey(K_d, …). Nobody with the laptop
// can know it before the winner chooses, however well they know the seed
// and the draw witness.
//
// The odds are the physical device's: what the chosen item hides is one
// of what it could still hide, each equally likely (Uniform): a card's
// prize among the prizes no card has shown, a ball among the balls not
// yet chosen (the jackpot when that one is the chosen ball), an envelope's
// prize among the prizes still in play.

// ChoiceKey is K_c, the key of the outcome of item, chosen by the winner
// of pick k (from 0) of segment under the choice witness w:
// SHA-256(K_d || 0x00 || "SEGMENT/choice/K/ITEM" || 0x00 || w), K counted
// from 1 as the report counts picks.
func ChoiceKey(kd [32]byte, segment string, k int, item, w string) [32]byte {
	return DrawKey(kd, ChoiceLabel(segment, k, item), w)
}

// ChoiceLabel is the label a choice's key and draw are made under:
// SEGMENT/choice/K/ITEM.
func ChoiceLabel(segment string, k int, item string) string {
	return fmt.Sprintf("%s/choice/%d/%s", segment, k+1, item)
}

// Uniform is pick 0 of a small draw over tickets p1..pn under key and
// label (drawshow-v1's Choose): one of n, each equally likely. It returns
// the index, from 0.
func Uniform(key [32]byte, label string, n int) int {
	bin := SmallBin(PrizeLabels(n))
	i, _ := Choose(key, label, Fingerprint(bin), bin, 0, nil)
	return i
}

// AwaitsChoiceWitness reports whether seg's current chooser has chosen
// and the choice witness is awaited.
func (st *State) AwaitsChoiceWitness(seg *SegState) bool {
	return seg != nil && seg.Pending != nil
}

// chooseFirst records the item a winner chose, its outcome left to the
// choice witness.
func (d *decider) chooseFirst(seg *SegState, c *Choice) error {
	return d.emit(Event{Kind: ItemChosen, Segment: seg.Seg.ID, Choice: c})
}

// choiceWitness derives the outcome of the chosen item from the witness
// typed after the choice.
func (d *decider) choiceWitness(seg *SegState, w string) error {
	if d.rec == nil && w == "" {
		return refuse("%s: the choice witness is empty: type what the room saw after %s was chosen (the dice, a ball from the bag)", seg.Seg.ID, seg.Pending.Item)
	}
	c := *seg.Pending
	c.Witness = w
	p := seg.Chooser()
	if p == nil || p.K != c.K {
		return fmt.Errorf("%s: the choice of pick %d awaits its witness, but no such winner chooses", seg.Seg.ID, c.K+1)
	}
	if d.e.seed == nil {
		if err := d.underivedChoice(seg, &c); err != nil {
			return err
		}
	} else {
		kd, err := d.key(seg)
		if err != nil {
			return err
		}
		t := d.e.Show.choosingOf(seg).after(ChoiceKey(kd, seg.Seg.ID, c.K, c.Item, w), p, c.Item)
		c.Prize, c.Amount, c.Jackpot = t.Prize, t.Amount, t.Jackpot
	}
	if err := d.chosen(seg, &c); err != nil {
		return err
	}
	return d.settle(seg) // the last choice settles a chest's jackpot
}

// decidedAfter reports whether the choices of s are decided after each
// choice, by its witness: witness each-draw, and no physical device.
func (sh *Show) decidedAfter(s *Segment) bool {
	return sh.Witness == WitnessEachDraw && s.Cards != CardsPhysical
}

// afterWords is what the report says of such choices.
func afterWords(s *Segment) string {
	return fmt.Sprintf("decided after each choice by the witness typed after it: pick 0 of %s/choice/K/ITEM over what it could still hide, under K_c", s.ID)
}
