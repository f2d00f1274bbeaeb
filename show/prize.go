package show

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Prize is a prize of the show file as the prize desk reads it: its words,
// and the sum they state, so that a night's prizes can be added up.
type Prize struct {
	Text string // as the show file gives it
	// Currency is the ISO 4217 code of Amount; "" when no sum is stated.
	Currency string
	// Amount is the stated sum in whole units of Currency; 0 when none is.
	Amount int64
	// Cash is true when the prize is the sum itself: "R2 500" (or "R2 500
	// cash"). A prize in kind with a stated value ("R5 000 dining
	// voucher") has an Amount but is not cash; one without ("Toyota
	// Corolla", "Weekend for two") has neither.
	Cash bool
}

// maxPrize bounds an amount far above any prize, so that a sum of a whole
// campaign's prizes cannot overflow.
const maxPrize = 1_000_000_000_000

// groupSeparators are the characters that may separate groups of three
// digits: a space, as the prize sheets write R2 500, and the no-break and
// narrow no-break spaces that Money and word processors put there.
const groupSeparators = " \u00a0\u202f"

// ParsePrize reads a prize written in a show file whose currency is
// currency (an ISO 4217 code). A prize that starts with the currency's
// mark and a digit states a sum: "R2 500", "R2500", "ZAR 2 500" (for ZAR
// the mark is R or ZAR; for any other currency its code), alone (cash) or
// followed by words (a prize in kind of that value). A prize that does not
// start so is a prize in kind with no stated sum.
//
// A sum is a whole number, its digits grouped in threes by spaces or not
// at all. Everything else that starts like a sum is refused rather than
// guessed at, because a prize misread is a prize mispaid:
//   - "R2,500" or "R2.500": in South Africa the comma is the decimal
//     mark, elsewhere the thousands mark, so either could be R2.50 or
//     R2 500; "R2 500.00": prizes are whole rand;
//   - "R2,5OO", "R25OO": a letter O typed for a zero;
//   - "R2 50", "R25 00": groups that are not threes are a typing slip;
//   - "R0" and "R0500": no prize is nothing, or starts with a zero;
//   - "USD 500" or "$500" in a ZAR show: a second currency;
//   - "2 500" alone: a number with no currency says neither rand nor points.
func ParsePrize(currency, text string) (Prize, error) {
	p := Prize{Text: text}
	if strings.TrimSpace(text) == "" {
		return p, fmt.Errorf("prize %q is empty: name the prize, or its sum such as %s", text, Money(currency, 2500))
	}
	rest, marked := afterMark(currency, text)
	if !marked {
		if err := foreignMoney(currency, text); err != nil {
			return p, err
		}
		return p, nil
	}
	digits, tail, err := readAmount(rest)
	if err != nil {
		return p, fmt.Errorf("prize %q: %v; write a sum as %s", text, err, Money(currency, 2500))
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n > maxPrize {
		return p, fmt.Errorf("prize %q: the sum is more than %s, far above any prize", text, Money(currency, maxPrize))
	}
	p.Currency, p.Amount = currency, n
	words := strings.TrimSpace(tail)
	p.Cash = words == "" || strings.EqualFold(words, "cash")
	return p, nil
}

// currencyMarks are the ways a show file may write currency before a sum, longest first.
func currencyMarks(currency string) []string {
	if currency == "ZAR" {
		return []string{"ZAR", "R"}
	}
	return []string{currency}
}

// afterMark is text after the currency's mark and at most one space, when
// a digit follows them.
func afterMark(currency, text string) (string, bool) {
	for _, m := range currencyMarks(currency) {
		rest, ok := strings.CutPrefix(text, m)
		if !ok {
			continue
		}
		if r, size := utf8.DecodeRuneInString(rest); strings.ContainsRune(groupSeparators, r) {
			rest = rest[size:]
		}
		if rest != "" && isDigit(rest[0]) {
			return rest, true
		}
	}
	return "", false
}

// foreignMoney refuses a prize that states a sum in another currency, or
// a bare number, rather than taking it for a prize in kind.
func foreignMoney(currency, text string) error {
	r, size := utf8.DecodeRuneInString(text)
	rest := strings.TrimLeft(text[size:], groupSeparators)
	switch {
	case unicode.Is(unicode.Sc, r) && rest != "" && isDigit(rest[0]):
		return fmt.Errorf("prize %q: a sum in %c, but the show's currency is %s: write it as %s", text, r, currency, Money(currency, 2500))
	case len(text) > 3 && isUpperCode(text[:3]):
		// a code and a sum alone: "VIP 2 nights" is a prize in kind
		rest := strings.TrimLeft(text[3:], groupSeparators)
		if rest == "" || !isDigit(rest[0]) {
			break
		}
		if _, tail, err := readAmount(rest); err == nil && strings.TrimSpace(tail) == "" {
			return fmt.Errorf("prize %q: a sum in %s, but the show's currency is %s", text, text[:3], currency)
		}
	case isDigit(text[0]):
		digits, tail, err := readAmount(text)
		if err == nil && strings.TrimSpace(tail) == "" && digits != "" {
			return fmt.Errorf("prize %q: a number with no currency: write %s for money, or say what it counts (%s points)", text, Money(currency, 2500), text)
		}
	}
	return nil
}

// readAmount reads a whole number at the start of s, its digits grouped
// in threes by single separators or not grouped; tail is what follows it,
// which must be nothing or a space and a word.
func readAmount(s string) (digits, tail string, err error) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	first := s[:i]
	var b strings.Builder
	b.WriteString(first)
	grouped := false
	for {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !strings.ContainsRune(groupSeparators, r) {
			break
		}
		g := s[i+size:]
		if len(g) < 3 || !isDigit(g[0]) || !isDigit(g[1]) || !isDigit(g[2]) || len(g) > 3 && isDigit(g[3]) {
			break
		}
		grouped = true
		b.WriteString(g[:3])
		i += size + 3
	}
	tail = s[i:]
	switch {
	case first[0] == '0':
		return "", "", fmt.Errorf("the sum %q starts with a zero", s[:i])
	case grouped && len(first) > 3:
		return "", "", fmt.Errorf("%q: the first group of digits has %d, not 1 to 3", s[:i], len(first))
	}
	if tail == "" {
		return b.String(), "", nil
	}
	r, size := utf8.DecodeRuneInString(tail)
	next, _ := utf8.DecodeRuneInString(tail[size:])
	switch {
	case strings.ContainsRune(groupSeparators, r) && unicode.IsLetter(next):
		return b.String(), tail, nil
	case r == ',' || r == '.':
		return "", "", fmt.Errorf("%q after %q: a sum is whole, its digits grouped by spaces; a comma or a point could be the decimal or the thousands mark", string(r), s[:i])
	case strings.ContainsRune(groupSeparators, r):
		return "", "", fmt.Errorf("%q: digits after %q are not a group of three", strings.TrimRight(s, " "), s[:i])
	case r == 'O' || r == 'o':
		return "", "", fmt.Errorf("%q after %q: the letter O is not a zero", string(r), s[:i])
	}
	return "", "", fmt.Errorf("%q after %q is not a digit", string(r), s[:i])
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isUpperCode(s string) bool {
	for i := range len(s) {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// checkPrizes adds a problem naming the line and the value of every
// prize of key (prizes, envelopes) of a segment that does not read.
func checkPrizes(p *problems, n *yaml.Node, segment, key, currency string, prizes []string) {
	for i, text := range prizes {
		if _, err := ParsePrize(currency, text); err != nil {
			at := n
			if n != nil && n.Kind == yaml.SequenceNode && i < len(n.Content) {
				at = n.Content[i]
			}
			p.add(at, "segment %s: %s: %v", segment, key, err)
		}
	}
}
