package pdfpage

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// fitByRunes is Fit as it was, a character off at a time: the new one
// must give the same text, or verify would find old reports changed.
func fitByRunes(r Page, s string, w float64) string {
	if r.P.GetStringWidth(s) <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && r.P.GetStringWidth(string(rs)+"…") > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

func TestFitAsBefore(t *testing.T) {
	r := New("t", "s", time.Unix(0, 0))
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("aiW Mé—ŽЖΩ'.,0123456789\u0301\u200b\ufffd漢…")
	for _, style := range []string{"", "B"} {
		r.Font(style, 8)
		for range 2000 {
			var b strings.Builder
			for range rng.IntN(60) {
				b.WriteRune(alphabet[rng.IntN(len(alphabet))])
			}
			s := Clean(b.String())
			for _, w := range []float64{0, 1, 5, 17, 26.5, 38.5, 100} {
				if got, want := r.Fit(s, w), fitByRunes(r, s, w); got != want {
					t.Fatalf("fit(%q, %v) = %q, was %q", s, w, got, want)
				}
			}
		}
	}
}
