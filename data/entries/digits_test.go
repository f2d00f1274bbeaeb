package entries

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestParseDigits: parseDigits agrees with strconv.ParseUint on digits of
// every length to 25, each with a non-digit put in at every place, and
// on the edges of overflow.
func TestParseDigits(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(s string) {
		t.Helper()
		want, err := strconv.ParseUint(s, 10, 64)
		wantOK := err == nil && strings.Trim(s, "0123456789") == ""
		got, ok := parseDigits(s)
		if ok != wantOK || ok && got != want {
			t.Fatalf("parseDigits(%q) = %d, %v; want %d, %v", s, got, ok, want, wantOK)
		}
	}
	for n := range 26 {
		for range 200 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('0' + rng.IntN(10))
			}
			check(string(b))
			for i := range b {
				c := b[i]
				for _, bad := range []byte{'/', ':', ' ', 0, 0x80, 0xFA, 0xFF, '0' + 16, '0' - 16} {
					b[i] = bad
					check(string(b))
				}
				b[i] = c
			}
		}
	}
	for _, s := range []string{"", "0", "00000000", "99999999", "9999999999999999999", "18446744073709551615",
		"18446744073709551616", "99999999999999999999", "000000000000000000000000000001"} {
		check(s)
	}
}

func TestCellTrims(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]string{"": "", "a": "a", " a": "a", "a ": "a", "\ta\r": "a", "\u00a0a\u00a0": "a",
		"\u3000x": "x", "é": "é", " ": "", "a b": "a b", "\x01a": "\x01a", "a\x7f": "a\x7f"} {
		if got := cell([]string{v}, 0); got != want {
			t.Errorf("cell(%q) = %q, want %q", v, got, want)
		}
	}
}
