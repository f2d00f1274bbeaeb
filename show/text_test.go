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

// TestUnsafeRuneLong: a control character or a byte past ASCII at each
// place of names longer than eight bytes is found as a byte at a time
// finds it.
func TestUnsafeRuneLong(t *testing.T) {
	base := []byte("Thandiwe van der Merwe-Ndlovu")
	for i := range base {
		for _, c := range []string{"\x00", "\x1f", "\t", "\x7f", "\u0085", "\u202e", "é", " ", "~"} {
			s := string(base[:i]) + c + string(base[i:])
			want, wantBad := rune(0), false
			for _, r := range s {
				if r < 0x20 || r >= 0x7f && r <= 0x9f || IsBidiControl(r) {
					want, wantBad = r, true
					break
				}
			}
			if r, bad := UnsafeRune(s); r != want || bad != wantBad {
				t.Fatalf("UnsafeRune(%q) = %U, %v; want %U, %v", s, r, bad, want, wantBad)
			}
		}
	}
}
