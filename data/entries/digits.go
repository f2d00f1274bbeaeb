package entries

import "math"

// parseDigits parses decimal digits; ok is false for anything else, for ""
// and on overflow. Up to 19 digits, which cannot overflow, it takes eight
// at a time, as fast_float does: a card of 16 digits is two steps.
func parseDigits(s string) (n uint64, ok bool) {
	if s == "" {
		return 0, false
	}
	if len(s) <= 19 {
		for ; len(s) >= 8; s = s[8:] {
			v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
				uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
			if !eightDigits(v) {
				return 0, false
			}
			n = n*100_000_000 + eightValue(v)
		}
		for i := 0; i < len(s); i++ {
			c := uint64(s[i] - '0')
			if c > 9 {
				return 0, false
			}
			n = n*10 + c
		}
		return n, true
	}
	const cutoff = math.MaxUint64 / 10
	for i := 0; i < len(s); i++ {
		c := uint64(s[i] - '0')
		if c > 9 || n > cutoff || n == cutoff && c > math.MaxUint64%10 {
			return 0, false
		}
		n = n*10 + c
	}
	return n, true
}

// eightDigits reports whether the eight bytes of v, the first the lowest,
// are all digits. A byte of 0xFA or more carries into the next when 6 is
// added, but then its own high half is F and the answer is no anyway.
func eightDigits(v uint64) bool {
	const high = 0xF0F0F0F0F0F0F0F0
	return v&high|(v+0x0606060606060606)&high>>4 == 0x3333333333333333
}

// eightValue is the number that the eight digits of v, the first the
// lowest byte, write.
func eightValue(v uint64) uint64 {
	v -= 0x3030303030303030
	v = v*10 + v>>8 // pairs
	v = ((v&0x000000FF000000FF)*(100+1_000_000<<32) + (v>>16&0x000000FF000000FF)*(1+10_000<<32)) >> 32
	return v & 0xFFFFFFFF
}
