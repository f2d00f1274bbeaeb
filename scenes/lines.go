package scenes

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"drawshow/show"
)

// The lines the scenes share: a name and a card as the big screen may
// show them, a winner's card and prize, a bonus jackpot's hour.

// maskName is card's holder as the big screen shows them.
func (s *Stage) maskName(card string) string { return s.maskedName(s.view.people[card].Name, card) }

// maskedName is a name as the big screen shows it; the masked card when
// the file gave none.
func (s *Stage) maskedName(name, card string) string {
	switch {
	case name == "":
		return s.maskCard(card)
	case s.opt.Show.Mask.Names:
		return show.MaskName(name)
	}
	return name
}

// ticketLabel is a ticket as the screen shows it: when the ticket is the
// card itself (points and fixed bins), it is masked like the card.
func (s *Stage) ticketLabel(ticket, card string) string {
	if ticket == card {
		return s.maskCard(card)
	}
	return ticket
}

// cardLine is "Card •••• 1234 · Ticket 100045", without the ticket when
// it is the card.
func (s *Stage) cardLine(ticket, card, sep string) string {
	line := "Card " + s.maskCard(card)
	if ticket != card {
		line += sep + "Ticket " + ticket
	}
	return line
}

func (s *Stage) maskCard(card string) string {
	if s.opt.Show.Mask.Cards {
		return show.MaskCard(card)
	}
	return card
}

// prizeLines collapses repeated prizes: "5 × R5 000".
func prizeLines(prizes []string) []string {
	var out []string
	prizes = slices.Clone(prizes)
	for i, p := range prizes {
		prizes[i] = amounts(p)
	}
	for i := 0; i < len(prizes); {
		j := i
		for j < len(prizes) && prizes[j] == prizes[i] {
			j++
		}
		if j-i > 1 {
			out = append(out, strconv.Itoa(j-i)+" × "+prizes[i])
		} else {
			out = append(out, prizes[i])
		}
		i = j
	}
	return out
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pickLine is a winner's card and ticket; at a bonus jackpot, the device
// the winner plays at first.
func (s *Stage) pickLine(seg *show.SegState, p *show.Pick, sep string) string {
	if seg.Seg.Floor() {
		line := "Device " + p.Ticket
		if a := s.areaOf(p.Participant); a != "" {
			line += sep + a
		}
		return line + sep + "Card " + s.maskCard(p.Participant)
	}
	return s.cardLine(p.Ticket, p.Participant, sep)
}

// prizeLine is what a winner wins, as far as the screen may say yet: the
// prize drawn for, the one turned over, or what the winner will choose.
func (s *Stage) prizeLine(seg *show.SegState, p *show.Pick) string {
	if w := p.Won(); w != "" {
		return amounts(w)
	}
	switch one := seg.Seg.ChoosesOne(); {
	case one == "":
		return ""
	case seg.Seg.ChoosesAtOnce():
		return "then chooses " + one
	default:
		return "chooses " + one + " once all " + strconv.Itoa(seg.Seg.Winners) + " winners are drawn"
	}
}

// hourLine is a bonus jackpot's progress this hour: "7 of 15 this hour".
func (s *Stage) hourLine(seg *show.SegState, now time.Time) string {
	won, target, ok := seg.Hour(now)
	if !ok || target == 0 {
		return ""
	}
	return strconv.Itoa(won) + " of " + strconv.Itoa(target) + " winners this hour"
}

// drawWitnessLine is a draw witness as the big screen shows it.
func drawWitnessLine(w string) string {
	if w == "" {
		return "Draw witness: none given"
	}
	return "Draw witness " + w
}

// amounts writes the sums in a prize of the show file as show.Money
// writes them, its groups of three digits held by a narrow no-break space
// (U+202F) however the show file spaced them ("R5 000", "R5 000"), so
// that every amount on air looks the same.
func amounts(s string) string {
	b := []byte(s)
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == ' ' && i > 0 && isDigit(b[i-1]) && groupOfThree(b, i+1) {
			if out == nil {
				out = append(make([]byte, 0, len(b)+8), b[:i]...)
			}
			out = append(out, "\u202f"...)
			continue
		}
		if out != nil {
			out = append(out, b[i])
		}
	}
	if out == nil {
		return s
	}
	return string(out)
}

// groupOfThree reports whether b[i:] starts with exactly three digits.
func groupOfThree(b []byte, i int) bool {
	if i+3 > len(b) {
		return false
	}
	for _, c := range b[i : i+3] {
		if !isDigit(c) {
			return false
		}
	}
	return i+3 == len(b) || !isDigit(b[i+3])
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
