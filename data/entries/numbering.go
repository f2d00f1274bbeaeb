package entries

import (
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"drawshow/show"
	"drawshow/show/radix"
)

// Check numbers the cards of a file by a sort after the read, rather
// than by a look-up a row during it: in a file of millions of cards each
// look-up is a cache miss, and the table that holds them grows by
// copying (of 5 000 000 cards, a row each, 1.4 s of the read's 3 s, and
// 380 MB of tables). Each row logs its card's key and its place instead,
// 16 bytes; settle sorts the log by key (show/radix), which puts a
// card's rows together, and numbers the cards in that order.
//
// A card that is not digits alone, or whose key has more than 19
// digits, is numbered as it comes (now), as before: its rows are logged
// under that number, and keep it.

// cardPair is what log keeps of a row: the value of its card's key, or
// textKey; and the card's leading zeros (or 1<<31 | the number now gave
// it) in the high 32 bits of at, the row's place in the log in the low.
type cardPair struct {
	value, at uint64
}

// textKey is the value of a card numbered as it came: no key of up to 19
// digits has it.
const textKey = math.MaxUint64

// errTwins is settle's: two cards of the file are one number but for
// leading zeros. Check reads the file again, as an import does, to name
// their rows.
var errTwins = errors.New("two cards are one number but for leading zeros")

// numberLater makes id log each card, for settle to number, and give
// the row's place in the log as its number until then: a card on the
// rows before has their place.
func (k *cardIDs) numberLater() { k.later = true }

// reserve makes room in the log for n rows.
func (k *cardIDs) reserve(n int) {
	if k != nil && k.later && n > len(k.pending) {
		k.pending = append(make([]cardPair, 0, n), k.pending...)
	}
}

// log is id when the cards are numbered later.
func (k *cardIDs) log(card string, row int) (id int32, other string, otherRow int, twin bool) {
	p := uint64(len(k.pending))
	zeros := 0 // as show.CardKey takes them off a card of digits: 0, 00, … keep one
	for zeros < len(card)-1 && card[zeros] == '0' {
		zeros++
	}
	if key := card[zeros:]; len(key) <= 19 {
		if value, ok := parseDigits(key); ok { // digits alone: the card is
			k.pending = append(k.pending, cardPair{value, uint64(zeros)<<32 | p})
			k.last, k.lastID = card, int32(p)
			return int32(p), "", 0, false
		}
	}
	id, other, otherRow, twin = k.now(card, row)
	k.pending = append(k.pending, cardPair{textKey, (1<<31|uint64(id))<<32 | p})
	k.last, k.lastID = card, int32(p)
	return int32(p), other, otherRow, twin
}

// settle numbers the cards logged: those of keys of up to 19 digits from
// 0 in the order of their keys, then those now numbered, in theirs. It
// returns the number of each place in the log, and errTwins when two
// cards are one number but for leading zeros. appendCard, warmCards,
// cardLen and n answer by the new numbers from then on.
func (k *cardIDs) settle() ([]int32, error) {
	log := k.pending
	k.pending, k.later = nil, false
	radix.Sort(log, func(p cardPair) uint64 { return p.value }, nil)
	keys := 0 // the cards of keys of up to 19 digits
	for i, p := range log {
		if p.value == textKey {
			break
		}
		switch {
		case i == 0 || p.value != log[i-1].value:
			keys++
		case p.at>>32 != log[i-1].at>>32:
			return nil, errTwins
		}
	}
	ids := make([]int32, len(log))
	desc := make([]uint64, keys, keys+len(k.desc))
	id := int32(-1)
	for i, p := range log {
		if p.value == textKey {
			ids[uint32(p.at)] = int32(keys) + int32(p.at>>32&^(1<<31))
			continue
		}
		if i == 0 || p.value != log[i-1].value {
			id++
			zeros := p.at >> 32
			desc[id] = zeros<<60 | p.value
			if zeros > 7 || p.value >= 1<<60 {
				desc[id] = 1<<63 | uint64(len(k.text))
				k.text = append(k.text, strings.Repeat("0", int(zeros))+strconv.FormatUint(p.value, 10))
			}
		}
		ids[uint32(p.at)] = id
	}
	k.desc = append(desc, k.desc...)
	k.first = nil // the rows of twins: no use once the file has none
	return ids, nil
}

// cardLen is the length of card id as written, and whether it is
// digits alone.
func (k *cardIDs) cardLen(id int32) (int, bool) {
	d := k.desc[id]
	if d>>63 != 0 {
		s := k.text[d&^(1<<63)]
		return len(s), show.Digits(s)
	}
	return int(d>>60) + decimalDigits(d&(1<<60-1)), true
}

// decimalDigits is how many digits v is written in.
func decimalDigits(v uint64) int {
	t := bits.Len64(v) * 1233 >> 12 // log10 from log2: the digits, or one fewer
	if v < pow10[t] {
		return max(t, 1)
	}
	return t + 1
}

var pow10 = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()
