package show

import (
	"slices"
	"strconv"
	"strings"
)

// turnedOver records what a card on the table revealed when its winner
// turned it (cards: physical): one of the prizes no card has shown yet,
// as printed, or its number among them. A ball from a physical chest
// (balls: physical) shows the jackpot or the consolation.
func (d *decider) turnedOver(seg *SegState, c *Choice, typed string) error {
	if seg.Seg.Jackpot != nil {
		return d.ballShown(seg, c, typed)
	}
	left := seg.PrizesLeft()
	if typed == "" {
		return refuse("%s: the cards are on the table: say what %s turned over (choose %s PRIZE), one of %s", seg.Seg.ID, c.Item, c.Item, strings.Join(left, ", "))
	}
	prize, ok := typedPrize(left, typed)
	if !ok {
		return refuse("%s: %q is not a prize still behind a card (%s)", seg.Seg.ID, typed, strings.Join(left, ", "))
	}
	c.Prize = prize
	return d.chosen(seg, c)
}

// ballShown records what a ball from the physical chest showed: the
// jackpot ("jackpot", its amount, or 1) or the consolation
// ("consolation", its amount, or 2). The chest holds one jackpot ball: the
// last ball in it cannot be a consolation while the jackpot is not won.
func (d *decider) ballShown(seg *SegState, c *Choice, typed string) error {
	b := balls{seg, d.e.Show.Currency}
	shows := seg.Showable(d.e.Show.Currency)
	var t Choice
	switch v := strings.ToLower(strings.TrimSpace(typed)); {
	case typed == "":
		return refuse("%s: the balls are in the chest: say what ball %s showed (choose %s jackpot, or choose %s consolation)", seg.Seg.ID, c.Item, c.Item, c.Item)
	case v == "jackpot" || v == "1" || SameText(typed, b.jackpot().Prize) || SameText(typed, shows[0]):
		t = b.jackpot()
	case v == "consolation" || v == "2" || SameText(typed, b.consolation().Prize) || SameText(typed, shows[1]):
		t = b.consolation()
	default:
		return refuse("%s: %q is not what a ball shows: %s", seg.Seg.ID, typed, strings.Join(shows, ", "))
	}
	if !t.Jackpot && len(seg.Taken())+1 == seg.Seg.Jackpot.Balls {
		return refuse("%s: ball %s is the last in the chest, and the chest's jackpot ball has not shown: it is the jackpot", seg.Seg.ID, c.Item)
	}
	c.Prize, c.Amount, c.Jackpot = t.Prize, t.Amount, t.Jackpot
	return d.chosen(seg, c)
}

// Showable are what the item a winner chooses from a physical device may
// show, as the host types it or by its number: a Royal Flush's prizes no
// card has shown yet; a chest's jackpot and consolation.
func (s *SegState) Showable(currency string) []string {
	if s.Seg.Jackpot != nil && s.Frozen != nil {
		b := balls{s, currency}
		return []string{"jackpot " + b.jackpot().Prize, "consolation " + b.consolation().Prize}
	}
	return s.PrizesLeft()
}

// PrizesLeft are a Royal Flush's prizes no turned card has shown yet, in
// the show file's order.
func (s *SegState) PrizesLeft() []string { return s.left(s.Seg.Prizes) }

// left are the prizes no choice so far has turned over.
func (s *SegState) left(prizes []string) []string {
	left := slices.Clone(prizes)
	for _, p := range s.Picks {
		if p.Choice != nil {
			if i := slices.Index(left, p.Choice.Prize); i >= 0 {
				left = slices.Delete(left, i, i+1)
			}
		}
	}
	return left
}

// typedPrize reads a prize the host typed: as printed, whatever its spacing
// and case, or its number 1..n among left.
func typedPrize(left []string, typed string) (string, bool) {
	norm := func(s string) string {
		return strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' }), ""))
	}
	for _, p := range left {
		if norm(p) == norm(typed) {
			return p, true
		}
	}
	if n, err := strconv.Atoi(strings.TrimSpace(typed)); err == nil && n >= 1 && n <= len(left) {
		return left[n-1], true
	}
	return "", false
}
