package show

import (
	"slices"
	"strconv"
	"strings"
)

// turnedOver records what a card on the table revealed when its winner
// turned it (cards: physical): one of the prizes no card has shown yet,
// as printed, or its number among them.
func (d *decider) turnedOver(seg *SegState, c *Choice, typed string) error {
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
