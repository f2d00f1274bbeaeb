package show

import "testing"

func TestMask(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Thabo Mokoena", "Thabo M."},
		{"  Zoë   Botha ", "Zoë B."},
		{"Riaan van der Merwe", "Riaan M."},
		{"Pieter van der merwe", "Pieter M."},
		{"Nomvula", "Nomvula"},
		{"", ""},
		{"Émile Ölund", "Émile Ö."},
	} {
		if got := MaskName(c.in); got != c.want {
			t.Errorf("MaskName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"6001000087891151", "•••• 1151"},
		{"123", "•••• 123"},
	} {
		if got := MaskCard(c.in); got != c.want {
			t.Errorf("MaskCard(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
