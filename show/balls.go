package show

import "fmt"

// balls are a jackpot chest's 01..N: one the jackpot ball (SEGMENT/chest,
// fixed by the key before anyone chooses), the rest the consolation.
type balls struct {
	s        *SegState
	currency string
}

func (balls) name() Choosable   { return ChooseBalls }
func (b balls) items() []string { return Numbered(b.s.Seg.Jackpot.Balls, 2) }
func (balls) leave() bool       { return true }

func (b balls) turn(key [32]byte, _ *Pick, item string) Choice {
	j := b.s.Seg.Jackpot
	if item == JackpotBall(key, b.s.Seg.ID, j.Balls) {
		return b.jackpot()
	}
	return b.consolation()
}

func (b balls) jackpot() Choice {
	v := b.s.Frozen.Jackpot
	return Choice{Prize: Money(b.currency, v), Amount: v, Jackpot: true}
}

func (b balls) consolation() Choice {
	v := b.s.Seg.Jackpot.Consolation
	return Choice{Prize: Money(b.currency, v), Amount: v}
}

func (b balls) held(c *Choice) error {
	want := b.consolation()
	if c.Jackpot {
		want = b.jackpot()
	}
	if !SameText(c.Prize, want.Prize) || c.Amount != want.Amount {
		return fmt.Errorf("%s: ball %s paid %s (%d), not %s", b.s.Seg.ID, c.Item, c.Prize, c.Amount, want.Prize)
	}
	return nil
}
