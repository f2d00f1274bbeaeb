package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

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

// TestNamesWarmedAFaceATick: once the bin is frozen, the letters of the
// sample's names are cached in the theme's faces a face a tick, each
// letter once, rather than every name in every face in one tick (which
// held the stage 0.25 s).
func TestNamesWarmedAFaceATick(t *testing.T) {
	if got, want := letters("Thabo N.", "Thabo Nkosi", "Zoë"), "Thabo N.ksiZë"; got != want {
		t.Errorf("letters = %q, want %q", got, want)
	}
	r := newRig(t, nil)
	r.s.theme.Bold(72)
	r.s.theme.Bold(56)
	r.s.theme.Regular(40)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	if r.s.cache.names == "" {
		t.Fatal("the sample's names are not being warmed once the bin is frozen")
	}
	left := len(r.s.theme.made) - r.s.cache.namesAt
	if left < 3 {
		t.Fatalf("%d faces left to warm, want at least 3", left)
	}
	for i := 1; i < left; i++ {
		r.update()
		if r.s.cache.names == "" {
			t.Fatalf("every face warmed after %d ticks, want %d", i, left)
		}
	}
	r.update()
	if r.s.cache.names != "" {
		t.Fatalf("still warming after %d ticks", left)
	}
}
