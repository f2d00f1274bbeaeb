package datatest

import (
	"fmt"
	"math/rand/v2"
)

// Luhn appends the Luhn check digit to the digits s, as a card number or
// an ID number ends.
func Luhn(s string) string {
	sum := 0
	for i := len(s) - 1; i >= 0; i-- {
		d := int(s[i] - '0')
		if (len(s)-i)%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return s + string(rune('0'+(10-sum%10)%10))
}

// SAID is a valid-looking South African ID number: date of birth, gender
// sequence, citizenship, 8, Luhn check digit.
func SAID(rng *rand.Rand) string {
	year := 1952 + rng.IntN(50)
	month := 1 + rng.IntN(12)
	day := 1 + rng.IntN(28)
	return Luhn(fmt.Sprintf("%02d%02d%02d%04d08", year%100, month, day, rng.IntN(10000)))
}
