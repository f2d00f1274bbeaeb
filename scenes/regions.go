package scenes

import (
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// textRegions, when set, collects where text lands on each image, so that
// the golden frames can hold every letter and digit exactly while letting
// the rest of a frame (an anti-aliased edge, a gradient) differ a little.
// Only tests set it; the stage never does, and then text costs nothing
// more.
var textRegions *regionLog

// regionLog is the text boxes drawn on each image since it was made: a
// box drawn on an offscreen image (the reel's window) moves onto the image
// it is copied to at a known offset (noteBlit).
type regionLog struct {
	boxes map[*ebiten.Image][]image.Rectangle
	over  map[*ebiten.Image][]image.Rectangle // text set over other text on purpose: a stamp
	said  []string                            // every text drawn, in order, on any image
}

func newRegionLog() *regionLog {
	return &regionLog{boxes: map[*ebiten.Image][]image.Rectangle{}, over: map[*ebiten.Image][]image.Rectangle{}}
}

// on is the text boxes drawn on dst, as far as they fall on it.
func (l *regionLog) on(dst *ebiten.Image) []image.Rectangle {
	var in []image.Rectangle
	for _, r := range slices.Concat(l.boxes[dst], l.over[dst]) {
		in = append(in, r.Intersect(dst.Bounds()))
	}
	return in
}

// whole is the text boxes drawn on dst, including any part that falls
// outside it: a text cut at the frame's edge.
func (l *regionLog) whole(dst *ebiten.Image) []image.Rectangle { return l.boxes[dst] }

// noteText records the box of s drawn with its origin at (x, y) and the
// given alignments: the whole line box, ascent to descent, a pixel more
// each way for the anti-aliased edge.
func noteText(dst *ebiten.Image, s string, f text.Face, x, y float64, h, v text.Align) {
	if textRegions == nil || s == "" {
		return
	}
	textRegions.boxes[dst] = append(textRegions.boxes[dst], textBox(s, f, x, y, h, v))
	textRegions.said = append(textRegions.said, s)
}

// textBox is the box of s drawn as noteText records it.
func textBox(s string, f text.Face, x, y float64, h, v text.Align) image.Rectangle {
	w, ht := text.Measure(s, f, f.Metrics().HLineGap+f.Metrics().HAscent+f.Metrics().HDescent)
	switch h {
	case text.AlignCenter:
		x -= w / 2
	case text.AlignEnd:
		x -= w
	}
	if v == text.AlignCenter {
		y -= ht / 2
	}
	return image.Rect(int(math.Floor(x))-1, int(math.Floor(y))-1, int(math.Ceil(x+w))+1, int(math.Ceil(y+ht))+1)
}

// noteBlit moves the text boxes of src onto dst, src drawn at (dx, dy)
// unscaled.
func noteBlit(src, dst *ebiten.Image, dx, dy int) {
	if textRegions == nil {
		return
	}
	for _, r := range textRegions.boxes[src] {
		textRegions.boxes[dst] = append(textRegions.boxes[dst], r.Add(image.Pt(dx, dy)))
	}
	delete(textRegions.boxes, src)
}

// overs is the boxes of text set over other text on purpose on dst.
func (l *regionLog) overs(dst *ebiten.Image) []image.Rectangle { return l.over[dst] }

// noteOver records the box that the text of src covers, drawn on dst
// through g (scaled, turned), as text set over other text on purpose.
func noteOver(src, dst *ebiten.Image, g ebiten.GeoM) {
	if textRegions == nil || len(textRegions.boxes[src]) == 0 {
		return
	}
	textRegions.over[dst] = append(textRegions.over[dst], imageBox(src, g).px(1))
}
