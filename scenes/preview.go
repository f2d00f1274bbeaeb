package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// Shrink is screen scaled down on the GPU to at most width pixels wide and
// read back, for the operator's console's preview: reading a 3840×2160
// frame back whole would hold the game loop while 33 MB are copied. small
// is the image it scales onto, made anew when its size is not the one
// needed; Shrink returns it for the next frame.
func Shrink(screen, small *ebiten.Image, width int) (*image.RGBA, *ebiten.Image) {
	b := screen.Bounds()
	w := min(b.Dx(), width)
	h := max(1, b.Dy()*w/b.Dx())
	if small == nil || small.Bounds().Dx() != w || small.Bounds().Dy() != h {
		if small != nil {
			small.Deallocate()
		}
		small = ebiten.NewImage(w, h)
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear, Blend: ebiten.BlendCopy}
	op.GeoM.Scale(float64(w)/float64(b.Dx()), float64(h)/float64(b.Dy()))
	small.DrawImage(screen, op)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	small.ReadPixels(img.Pix)
	return img, small
}
