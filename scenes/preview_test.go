package scenes

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestShrink scales a 4K frame down for the console: the preview is the
// frame's picture at the asked width, its halves where they were.
func TestShrink(t *testing.T) {
	screen := ebiten.NewImage(3840, 2160)
	defer screen.Deallocate()
	left, right := color.RGBA{0xe5, 0x48, 0x4d, 0xff}, color.RGBA{0x3c, 0xc8, 0x7a, 0xff}
	c := newCanvas(screen, nil)
	c.Rect(0, 0, c.W/2, H, left)
	c.Rect(c.W/2, 0, c.W/2, H, right)
	img, small := Shrink(screen, nil, 1280)
	defer small.Deallocate()
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("preview %v, want 1280×720", b)
	}
	if got := img.RGBAAt(100, 360); got != left {
		t.Errorf("left half %v, want %v", got, left)
	}
	if got := img.RGBAAt(1180, 360); got != right {
		t.Errorf("right half %v, want %v", got, right)
	}
	// a frame narrower than the width is read as it is, on the same image
	small2 := ebiten.NewImage(640, 360)
	defer small2.Deallocate()
	small2.Fill(left)
	img, again := Shrink(small2, small, 1280)
	if img.Bounds().Dx() != 640 || again == small {
		t.Errorf("a 640-wide frame: preview %v, image reused %v", img.Bounds(), again == small)
	}
	again.Deallocate()
}
