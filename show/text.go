package show

import (
	"unicode"
	"unicode/utf8"
)

// MaxName is the most characters a name may have: an entry file's, a
// nominee's, one typed on stage.
const MaxName = 200

// IsBidiControl reports the characters that change the direction of the
// text around them: the embeddings and overrides U+202A–U+202E, the
// isolates U+2066–U+2069, and the marks U+200E, U+200F and U+061C. In a
// name or a card number they make one text show as another.
func IsBidiControl(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069' || r == '\u200E' || r == '\u200F' || r == '\u061C'
}

// UnsafeRune returns the first control character (a NUL, a tab, a line
// break, DEL, a C1 control) or bidirectional control in s, or false when
// it has none: what a name, a nominee's name or a ticket may not hold.
func UnsafeRune(s string) (rune, bool) {
	i := 0
	for ; i+8 <= len(s) && printable8(s[i:]); i += 8 { // most names, eight bytes at a time
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return rune(c), true
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsControl(r) || IsBidiControl(r) {
			return r, true
		}
		i += n - 1
	}
	return 0, false
}

// printable8 reports whether the first eight bytes of s are all printable
// ASCII, a space to a tilde, with no byte looked at alone: none has its
// high bit set, none is below 0x20 and none is DEL.
func printable8(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	below := (v - 0x20*ones) &^ v & highs // a byte below 0x20, among bytes below 0x80
	del := v ^ 0x7f*ones
	del = (del - ones) &^ del & highs // a byte that is 0x7f
	return v&highs|below|del == 0
}
