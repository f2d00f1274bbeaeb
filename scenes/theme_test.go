package scenes

import (
	"testing"

	"drawshow/show"
)

// TestWarmStepAtK: warming caches the faces a canvas of K pixels a unit
// draws with, every size at K times itself, and then stops.
func TestWarmStepAtK(t *testing.T) {
	theme, err := NewTheme(show.Brand{Name: "Jacaranda Grove"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for theme.WarmStep(i, 2) {
		i++
	}
	if want := len(boldSizes) + len(regularSizes) + len(monoSizes); i != want {
		t.Errorf("%d faces warmed, want %d", i, want)
	}
	for _, k := range []faceKey{{theme.bold, boldSizes[0] * 2}, {theme.regular, regularSizes[0] * 2}, {theme.mono, monoSizes[0] * 2}} {
		if theme.faces[k] == nil {
			t.Errorf("the face at %v px was not warmed", k.size)
		}
	}
	if theme.faces[faceKey{theme.bold, boldSizes[0]}] != nil {
		t.Errorf("a face at 1 pixel a unit was made for a canvas at 2")
	}
}
