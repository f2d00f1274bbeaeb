package entries

import (
	"fmt"
	"hash/maphash"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"drawshow/show"
)

// NormCard is a card number as every match compares it: an entry file's,
// the exclusions list's, the decline register's, the proxies file's and a
// standings file's card, and the card a statement is asked for. The text
// is put in Unicode's NFKC form (fullwidth digits are digits, a fullwidth
// hyphen a hyphen), then spaces (not tabs or line breaks), the separators a Rewards system prints
// (- and .) and the invisible characters a copy and paste brings along
// (zero-width spaces and joiners, word joiner, byte order mark, soft
// hyphen) are dropped and ASCII letters are made upper case. What is left
// must be digits 0-9 and letters A-Z: anything else (a NUL, a right-to-left
// override, a letter of another alphabet) is an error saying which
// character, so that no look-alike of a barred card passes for another
// card. "6001 2345-6789.0123" is 6001234567890123.
//
// A number that ends in a decimal point and one or two zeros, and holds
// no other separator ("60012345.0", "60012345.00"), is a card that was a
// number cell written out as a decimal, by a script's float or Excel's
// Number format: the decimals are dropped, so it is 60012345, not
// 6001234500. (Leading zeros a number cell lost are matched by
// show.CardKey; the card itself keeps what the file gives.)
func NormCard(s string) (string, error) {
	if plainCard(s) {
		return s, nil
	}
	t := decimalZeros(norm.NFKC.String(s))
	var b strings.Builder
	b.Grow(len(t))
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case r == '-', r == '.', invisible(r), unicode.IsSpace(r) && !unicode.IsControl(r):
		default:
			return "", fmt.Errorf("card %q holds %s: a card number is digits and the letters A-Z (spaces, - and . are ignored)", s, describeRune(r))
		}
	}
	if b.Len() == 0 {
		return "", fmt.Errorf("card %q has no digits or letters", s)
	}
	return b.String(), nil
}

// decimalZeros is t without a trailing ".0" or ".00" (nor the spaces
// around it) when t is digits that end so and hold no other separator; t
// otherwise.
func decimalZeros(s string) string {
	t := strings.Trim(s, " ")
	dot := strings.IndexByte(t, '.')
	if dot < 1 || !isDigits(t[:dot]) {
		return s
	}
	if z := t[dot+1:]; z == "0" || z == "00" {
		return t[:dot]
	}
	return s
}

// plainCard reports whether s is already digits and upper-case letters:
// nearly every card of an entry file, checked without allocating.
func plainCard(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// NormTicket is a ticket (or device) as a match compares it: the entry
// file's, and one the host types from a physical bin. The text is put in
// NFKC form and the invisible characters NormCard drops are dropped, with
// white space at the ends; separators inside are kept (a receipt is
// SEGMENT/TICKET, a device BJ04-3). A control character or a
// bidirectional control is an error.
func NormTicket(s string) (string, error) {
	if plainTicket(s) {
		return s, nil
	}
	if r, bad := show.UnsafeRune(s); bad {
		return "", fmt.Errorf("%q holds %s", s, describeRune(r))
	}
	t := strings.TrimSpace(strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, norm.NFKC.String(s)))
	if t == "" {
		return "", fmt.Errorf("%q has nothing visible", s)
	}
	return t, nil
}

// plainTicket reports whether s is printable ASCII with no white space at
// its ends, which NormTicket leaves as it is.
func plainTicket(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// invisible reports the characters that show as nothing and that a copy
// from a web page or a spreadsheet leaves in a number: zero-width space,
// non-joiner and joiner, word joiner, byte order mark (zero-width no-break
// space) and soft hyphen.
func invisible(r rune) bool {
	switch r {
	case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD':
		return true
	}
	return false
}

// checkName reports a name longer than MaxName characters, or one that
// holds a control character (a NUL, a tab, a line break) or a
// bidirectional control, which would turn the text around it on the big
// screen and in the exports.
func (c *rowCheck) checkName(col, what, v string) {
	if n := len(v); n > MaxName && utf8.RuneCountInString(v) > MaxName {
		n = utf8.RuneCountInString(v)
		c.bad(col, shorten(v), fmt.Sprintf("the %s %q is %d characters long, more than the %d a name may have", what, shorten(v), n, MaxName))
		return
	}
	if r, bad := show.UnsafeRune(v); bad {
		c.bad(col, v, fmt.Sprintf("the %s %q holds %s; remove it from the file", what, v, describeRune(r)))
	}
}

// describeRune names a character for an error message.
func describeRune(r rune) string {
	name := ""
	switch {
	case r == 0:
		name = "NUL"
	case r == utf8.RuneError:
		name = "a character that is not UTF-8"
	case show.IsBidiControl(r):
		name = "a bidirectional control"
	case unicode.IsControl(r):
		name = "a control character"
	case unicode.Is(unicode.Cf, r):
		name = "an invisible format character"
	case unicode.IsLetter(r):
		name = "a letter outside A-Z"
	case unicode.IsDigit(r):
		name = "a digit outside 0-9"
	}
	if name == "" {
		return fmt.Sprintf("U+%04X %q", r, r)
	}
	return fmt.Sprintf("U+%04X (%s)", r, name)
}

// cardTwins finds two cards of one file that are one number but for
// leading zeros ("0060012345" and "60012345"): a list's card would match
// both (show.CardKey), so a file that holds both is refused. It keeps,
// for each key of a card of digits alone, the first row and how many
// leading zeros its card had, from which that card is written again:
// 16 bytes a card and no strings, as a file of 2 000 000 cards needs.
// Two keys are told apart by a 64-bit hash; the chance that two keys
// of such a file share one is below one in a billion. A nil cardTwins
// finds none.
type cardTwins struct {
	seed  maphash.Seed
	last  string            // the card of the row before: files list a card's tickets together
	first map[uint64]uint64 // key's hash → row<<32 | leading zeros of its first card
}

func newCardTwins() *cardTwins {
	return &cardTwins{seed: maphash.MakeSeed(), first: map[uint64]uint64{}}
}

// add takes the card, as NormCard gives it, of row. It returns the card
// and row of an earlier card that is the same number but for leading
// zeros, and whether there is one.
func (k *cardTwins) add(card string, row int) (string, int, bool) {
	if k == nil || card == k.last || !isDigits(card) {
		return "", 0, false
	}
	k.last = card
	key := show.CardKey(card)
	zeros := uint64(len(card) - len(key))
	if key == "0" { // 0, 00, …: every zero but one is a leading zero
		zeros = uint64(len(card) - 1)
	}
	h := maphash.String(k.seed, key)
	v, ok := k.first[h]
	if !ok {
		k.first[h] = uint64(row)<<32 | zeros
		return "", 0, false
	}
	if z := v & 0xffffffff; z != zeros {
		return strings.Repeat("0", int(z)) + key, int(v >> 32), true
	}
	return "", 0, false
}

// twinMsg is the problem of card, which is other on row but for leading
// zeros.
func twinMsg(card, other string, row int) string {
	return fmt.Sprintf("card %q and card %q on row %d are one number but for leading zeros: a list's card would match both; correct the file (format the column as Text in Excel so that the zeros stay)", card, other, row)
}
