package show

// choosing is how a finale kind's winners choose what hides their prize:
// the Royal Flush's cards (kind_royalflush.go), a chest's balls
// (kind_chest.go), a bonus jackpot's envelopes (kind_bonus.go). Each
// kind's rules of choosing live in its own type, in its kind's file; the
// engine asks only this.
type choosing interface {
	// name says what is chosen: "cards", "balls", "envelopes".
	name() Choosable
	// one is one item, as a line says what a winner will choose: "a card".
	one() string
	// atOnce reports whether a winner chooses as soon as decided, before
	// the next pick; else the winners choose in the order drawn once every
	// winner is decided.
	atOnce() bool
	// words say what the winner chose: "card Q", "ball 07: JACKPOT".
	words(c *Choice) string
	// items are the labels a winner chooses among.
	items() []string
	// leave reports whether a chosen item leaves play.
	leave() bool
	// turn is what item turns over for the winner of pick p under key.
	turn(key [32]byte, p *Pick, item string) Choice
	// after is what item turns over for the winner of pick p, decided
	// after the choice under K_c (choiceafter.go): one of what it could
	// still hide, each equally likely.
	after(kc [32]byte, p *Pick, item string) Choice
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

// ChoosesOne says what one winner of s will choose, "a card", "a ball",
// "an envelope"; "" when they choose nothing.
func (s *Segment) ChoosesOne() string {
	if c := choiceOf(s); c != nil {
		return c.one()
	}
	return ""
}

// ChoosesAtOnce reports whether a winner of s chooses as soon as decided,
// before the next pick (a bonus jackpot's envelope), and not once every
// winner is decided.
func (s *Segment) ChoosesAtOnce() bool {
	c := choiceOf(s)
	return c != nil && c.atOnce()
}

// Chosen says in a few words what a pick's winner chose: "card Q",
// "ball 07: JACKPOT", "envelope 2", or the consolation paid without
// choosing once the jackpot was won; "" when the pick chose nothing.
func (s *Segment) Chosen(p *Pick) string {
	c := p.Choice
	switch {
	case c == nil:
		return ""
	case c.Item == "":
		return "no choice: the jackpot was won before, consolation paid"
	}
	if ch := choiceOf(s); ch != nil {
		if c.Witness != "" {
			return ch.words(c) + " (choice witness " + c.Witness + ")"
		}
		return ch.words(c)
	}
	return c.Item
}
