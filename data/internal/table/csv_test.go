package table

import "testing"

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "Thabo": "Thabo", "=1+2": "'=1+2", "+27": "'+27", "-3": "'-3", "@x": "'@x", "\tx": "'\tx", "\rx": "'\rx",
		"'=1": "'=1", " =1": " =1", "Zoë": "Zoë", "１": "１",
	} {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}
