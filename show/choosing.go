package show

// choosing is how a finale kind's winners choose what hides their prize:
// the Royal Flush's cards (kind_royalflush.go), a chest's balls
// (kind_chest.go), a bonus jackpot's envelopes (kind_bonus.go). Each
// kind's rules of choosing live in its own type, in its kind's file; the
// engine asks only this.
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
	return seg.Seg.kind().choose(seg, sh.Currency)
}

// choiceOf is s's way of choosing without its state: what Choice, Items
// and Taken ask.
func choiceOf(s *Segment) choosing {
	return (&Show{}).choosingOf(&SegState{Seg: s})
}

// Choosable is what a segment's winners choose among.
type Choosable string

// What winners choose among; "" when they choose nothing.
const (
	ChooseCards     Choosable = "cards"     // the Royal Flush
	ChooseBalls     Choosable = "balls"     // the jackpot chest
	ChooseEnvelopes Choosable = "envelopes" // a bonus jackpot's prize cards
)

// Chooses names what a segment's winners choose among: cards, balls or
// envelopes; "" when they choose nothing.
func (s *Segment) Chooses() Choosable {
	if c := choiceOf(s); c != nil {
		return c.name()
	}
	return ""
}

// Items are the labels a winner of s chooses among: the cards, the balls
// 01..N, or the envelopes 1..N.
func (s *Segment) Items() []string {
	if c := choiceOf(s); c != nil {
		return c.items()
	}
	return nil
}
