package record

import (
	"fmt"
	"strings"

	"drawshow/show"
)

// PrizeOf is what a pick won, read for the prize desk: the sum a chest's
// ball paid as the engine recorded it, else the prize's words (the card's,
// the envelope's or the draw's) read by show.ParsePrize.
func PrizeOf(currency string, p *show.Pick) show.Prize {
	if c := p.Choice; c != nil && c.Amount > 0 {
		return show.Prize{Text: c.Prize, Currency: currency, Amount: c.Amount, Cash: true}
	}
	pr, err := show.ParsePrize(currency, p.Won())
	if err != nil {
		// show.Parse refuses such a prize in the show file, and the engine
		// writes its sums with show.Money, which reads: nothing is stated
		return show.Prize{Text: p.Won()}
	}
	return pr
}

// PaidAs says how a prize is paid: cash, in kind, or "" when the show file
// named no prize.
func PaidAs(pr show.Prize) string {
	switch {
	case pr.Cash:
		return "cash"
	case pr.Text != "":
		return "in kind"
	}
	return ""
}

// Totals adds up the prizes of winners: of a draw, a night or a campaign.
// Cash and the stated values of prizes in kind are kept apart, since the
// cashier pays the one and the prize desk hands over the other.
type Totals struct {
	Winners     int   `json:"winners"`
	Cash        int64 `json:"cash"`          // the sums of the cash prizes
	InKind      int   `json:"in_kind"`       // prizes in kind
	InKindValue int64 `json:"in_kind_value"` // the values stated for them, where stated
}

// Add counts one winner's prize.
func (t *Totals) Add(pr show.Prize) {
	t.Winners++
	switch {
	case pr.Cash:
		t.Cash += pr.Amount
	case pr.Text != "":
		t.InKind++
		t.InKindValue += pr.Amount
	}
}

// Plus adds another total to t.
func (t *Totals) Plus(o Totals) {
	t.Winners += o.Winners
	t.Cash += o.Cash
	t.InKind += o.InKind
	t.InKindValue += o.InKindValue
}

// SegTotals adds up the prizes of a segment's winners so far.
func SegTotals(currency string, s *show.SegState) Totals {
	var t Totals
	for i := range s.Picks {
		if p := &s.Picks[i]; p.Outcome.Wins() {
			t.Add(PrizeOf(currency, p))
		}
	}
	return t
}

// NightTotals adds up the prizes of every winner of a show.
func NightTotals(currency string, st *show.State) Totals {
	var t Totals
	for _, s := range st.Segs {
		t.Plus(SegTotals(currency, s))
	}
	return t
}

// Words says a total as the report and the console print it:
// "3 winners: R8 000 cash; 1 prize in kind (stated value R5 000)".
func (t Totals) Words(currency string) string {
	s := plural(t.Winners, "winner", "winners") + ": " + show.Money(currency, t.Cash) + " cash"
	if t.InKind > 0 {
		s += "; " + plural(t.InKind, "prize", "prizes") + " in kind"
		if t.InKindValue > 0 {
			s += " (stated value " + show.Money(currency, t.InKindValue) + ")"
		}
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%s %s", show.Thousands(n), many)
}

// Where is the device and area of a bonus winner and the property of a
// finalist, as the entry files gave them; "" where the file has none.
func Where(seg *show.Segment, p *show.Pick, who Person) (property, device, area string) {
	if seg.Floor() {
		device = p.Ticket // a bonus jackpot's ticket is the device
	}
	return strings.TrimSpace(who.Property), device, strings.TrimSpace(who.Area)
}
