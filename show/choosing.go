package show

// choosing is how a finale kind's winners choose what hides their prize:
// the Royal Flush's cards (cards.go), a chest's balls (balls.go), a bonus
// jackpot's envelopes (envelopes.go). Each kind's rules of choosing live
// in its own type; the engine asks only this.
type choosing interface {
	// name says what is chosen: "cards", "balls", "envelopes".
	name() Choosable
	// items are the labels a winner chooses among.
	items() []string
	// leave reports whether a chosen item leaves play.
	leave() bool
	// turn is what item turns over for the winner of pick p under key.
	turn(key [32]byte, p *Pick, item string) Choice
	// held checks a choice an export's replay takes as recorded, without
	// the seed: one the item could hide, given the choices before it.
	held(c *Choice) error
}

// choosingOf is seg's way of choosing, or nil when its winners choose
// nothing; seg's state says what is already chosen.
func (sh *Show) choosingOf(seg *SegState) choosing {
	if c := seg.Seg.traits().choose; c != nil {
		return c(seg, sh.Currency)
	}
	return nil
}

// choiceOf is s's way of choosing without its state: what Choice, Items
// and Taken ask.
func choiceOf(s *Segment) choosing {
	return (&Show{}).choosingOf(&SegState{Seg: s})
}
