package entries

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"drawshow/data/internal/sheet"
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
	if dot < 1 || !sheet.IsDigits(t[:dot]) {
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
		c.bad(col, sheet.Shorten(v), fmt.Sprintf("the %s %q is %d characters long, more than the %d a name may have", what, sheet.Shorten(v), n, MaxName))
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

// cardIDs numbers the cards of one file, from 0 in the order first seen,
// so that check's bin keeps a card's number rather than its string, and
// finds two cards of the file that are one number but for leading zeros
// ("0060012345" and "60012345"): a list's card would match both
// (show.CardKey), so a file that holds both is refused. One lookup a row
// does both. A card of digits is found by its key's value (up to 19
// digits; a longer key by its text) beside how many leading zeros its
// first card had, from which that card is written again; any other card
// by its text. A nil cardIDs numbers nothing and finds no twins. Check's
// first read numbers the cards after the read instead, by a sort
// (numberLater, settle), where this look-up a row is a cache miss a row.
type cardIDs struct {
	last   string // the card of the row before: files list a card's tickets together
	lastID int32
	twin   string            // the last card of digits: not looked at again for a twin
	byKey  map[uint64]uint64 // a key of up to 19 digits → id<<8 | its first card's leading zeros (255: zerosOf)…
	big    cardTable         // …or, past warmFrom cards, the same in a table that can be warmed
	byText map[string]uint64 // a longer key, or a card that is not digits alone → the same
	// zerosOf holds the leading zeros of an id's first card when there
	// are 255 or more.
	zerosOf map[int32]int
	first   []int32  // the row each id was first seen on
	desc    []uint64 // how to write each id's card: zeros<<60 | key's value, or 1<<63 | index in text
	text    []string // the cards desc cannot hold
	warm    uint64   // what warming read (kept, so that the reads are made)
	// later: the cards are numbered by settle, after the read, from
	// what log keeps of each row (see numberLater)
	later   bool
	pending []cardPair
}

func newCardIDs() *cardIDs {
	return &cardIDs{lastID: -1, byKey: map[uint64]uint64{}, byText: map[string]uint64{}}
}

// n is how many cards have been numbered.
func (k *cardIDs) n() int { return len(k.desc) }

// id takes the card, as NormCard gives it, of row. It returns the card's
// number, and the card and row of an earlier card that is the same
// number but for leading zeros, when there is one (then the number is
// that card's, and the row is refused). A card the row before had is not
// looked at again for a twin, as a file lists a card's tickets together.
func (k *cardIDs) id(card string, row int) (id int32, other string, otherRow int, twin bool) {
	if k == nil || card == "" {
		return -1, "", 0, false
	}
	if card == k.last {
		return k.lastID, "", 0, false
	}
	if k.later {
		return k.log(card, row)
	}
	return k.now(card, row)
}

// now is id, the card numbered as it comes.
func (k *cardIDs) now(card string, row int) (id int32, other string, otherRow int, twin bool) {
	if !sheet.IsDigits(card) {
		v, ok := k.byText[card]
		if !ok {
			card = strings.Clone(card)
			v = k.number(row, 0, 1<<63|uint64(len(k.text)))
			k.text = append(k.text, card)
			k.byText[card] = v
		}
		k.last, k.lastID = card, int32(v>>8)
		return k.lastID, "", 0, false
	}
	key := show.CardKey(card)
	zeros := len(card) - len(key)
	if key == "0" { // 0, 00, …: every zero but one is a leading zero
		zeros = len(card) - 1
	}
	value, short := parseDigits(key)
	short = short && len(key) <= 19
	var v uint64
	var ok bool
	if short {
		v, ok = k.lookup(value)
	} else {
		v, ok = k.byText[key]
	}
	if !ok {
		desc := uint64(zeros)<<60 | value
		if !short || zeros > 7 || value >= 1<<60 {
			desc = 1<<63 | uint64(len(k.text))
			k.text = append(k.text, strings.Clone(card))
		}
		v = k.number(row, zeros, desc)
		if short {
			k.store(value, v)
		} else {
			k.byText[strings.Clone(key)] = v
		}
	}
	id = int32(v >> 8)
	k.last, k.lastID = card, id
	if card == k.twin {
		return id, "", 0, false
	}
	k.twin = card
	first := int(v & 0xff)
	if first == 0xff {
		first = k.zerosOf[id]
	}
	if first != zeros {
		return id, strings.Repeat("0", first) + key, int(k.first[id]), true
	}
	return id, "", 0, false
}

// number numbers a new card, first seen on row with zeros leading zeros,
// written again from desc, and returns its value in byKey or byText.
func (k *cardIDs) number(row, zeros int, desc uint64) uint64 {
	id := int32(len(k.first))
	k.first = append(k.first, int32(row))
	k.desc = append(k.desc, desc)
	if zeros >= 0xff {
		if k.zerosOf == nil {
			k.zerosOf = map[int32]int{}
		}
		k.zerosOf[id] = zeros
		return uint64(id)<<8 | 0xff
	}
	return uint64(id)<<8 | uint64(zeros)
}

// appendCard appends card id to dst.
func (k *cardIDs) appendCard(dst []byte, id int32) []byte {
	d := k.desc[id]
	if d>>63 != 0 {
		return append(dst, k.text[d&^(1<<63)]...)
	}
	for range d >> 60 {
		dst = append(dst, '0')
	}
	return strconv.AppendUint(dst, d&(1<<60-1), 10)
}

// warmCards reads how to write each card of ids, so that appendCard
// finds them in the cache, and returns what it read, for the caller to
// keep so that the reads are made.
func (k *cardIDs) warmCards(ids []int32) uint64 {
	var sum uint64
	for _, id := range ids {
		sum += k.desc[id]
	}
	return sum
}

// add is id for a list, which needs no numbers: the card and row of an
// earlier card that is the same number but for leading zeros, and
// whether there is one.
func (k *cardIDs) add(card string, row int) (string, int, bool) {
	_, other, otherRow, twin := k.id(card, row)
	return other, otherRow, twin
}

// twinMsg is the problem of card, which is other on row but for leading
// zeros.
func twinMsg(card, other string, row int) string {
	return fmt.Sprintf("card %q and card %q on row %d are one number but for leading zeros: a list's card would match both; correct the file (format the column as Text in Excel so that the zeros stay)", card, other, row)
}
