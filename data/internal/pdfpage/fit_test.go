package pdfpage

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// fitByRunes is Fit as it was, a character off at a time: the new one
// must give the same text of what the Go fonts print, or verify would
// find old reports changed. (Text with a character they lack is printed
// in the fallbacks since, and measured in them: TestFitFallback.)
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
			if r.runs(s) != nil {
				continue // a fallback's character: measured in the fallback since
			}
			for _, w := range []float64{0, 1, 5, 17, 26.5, 38.5, 100} {
				if got, want := r.Fit(s, w), fitByRunes(r, s, w); got != want {
					t.Fatalf("fit(%q, %v) = %q, was %q", s, w, got, want)
				}
			}
		}
	}
}

// Fit of text with a fallback's characters: each measured in the face
// that prints it, the longest start that fits with the ellipsis.
func TestFitFallback(t *testing.T) {
	r := New("t", "s", time.Unix(0, 0))
	r.P.AddPage()
	for _, style := range []string{"", "B"} {
		r.Font(style, 8)
		s := "李小龍 Łukasz Żółć, Ngũgĩ wa Thiong'o ǂKhomani"
		if got := r.Fit(s, 200); got != s {
			t.Errorf("%q fits 200 mm: %q", s, got)
		}
		for _, w := range []float64{2, 5, 9, 17, 30} {
			got := r.Fit(s, w)
			if r.Width(got) > w && got != "…" {
				t.Errorf("fit(%q, %v) = %q, %.2f mm wide", s, w, got, r.Width(got))
			}
			rest := []rune(strings.TrimPrefix(s, strings.TrimSuffix(got, "…")))
			if longer := strings.TrimSuffix(got, "…") + string(rest[0]) + "…"; r.Width(longer) <= w {
				t.Errorf("fit(%q, %v) = %q, but %q fits too", s, w, got, longer)
			}
		}
	}
}
