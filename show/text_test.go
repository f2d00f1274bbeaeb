package show

import "testing"

func TestUnsafeRune(t *testing.T) {
	for s, want := range map[string]rune{
		"Thabo": -1, "Zoë Botha 🎰": -1, "Nomvula\u200dX": -1, "a\x00": 0, "\tx": '\t', "x\x7f": 0x7f, "x\u0085": 0x85,
		"\u202aX": 0x202a, "\u202e": 0x202e, "\u2066": 0x2066, "\u2069": 0x2069, "\u200e": 0x200e, "\u200f": 0x200f, "\u061c": 0x61c,
	} {
		r, bad := UnsafeRune(s)
		if want < 0 && bad || want >= 0 && (!bad || r != want) {
			t.Errorf("UnsafeRune(%q) = %U, %v; want %U", s, r, bad, want)
		}
	}
}
