package show

import (
	"fmt"
	"strconv"
	"strings"
)

// Numbered are the labels 1..n written with at least width digits: the
// balls of a chest, the envelopes, a wild card's bins.
func Numbered(n, width int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%0*d", width, i+1)
	}
	return out
}

// Money writes an amount the way the casino's prize sheets do, R20 000,
// with its groups held together by a narrow no-break space (U+202F) so
// that no screen, sheet or cell breaks an amount across lines or reads
// its groups as two numbers.
func Money(currency string, amount int64) string {
	if currency == "ZAR" {
		return "R" + Thousands(amount)
	}
	return currency + "\u00a0" + Thousands(amount)
}

// groupSep is what Thousands puts between groups of three digits.
const groupSep = '\u202f'

// SameText reports whether a and b are the same text but for the space
// that groups an amount's digits: a record written before money was
// grouped with U+202F (R2 000 with a plain space) reads as it did.
func SameText(a, b string) bool {
	sp := func(r rune) rune {
		if r == '\u00a0' || r == '\u202f' {
			return ' '
		}
		return r
	}
	return strings.Map(sp, a) == strings.Map(sp, b)
}

// Thousands writes n in groups of three digits, as South African
// documents write numbers (20 000), the groups held together by a narrow
// no-break space (U+202F), as SI and ISO 80000 write them.
func Thousands[T ~int | ~int64 | ~uint64](n T) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.FormatUint(uint64(n), 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(groupSep)
		}
		b.WriteRune(c)
	}
	return b.String()
}
