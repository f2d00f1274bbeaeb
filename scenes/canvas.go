package scenes

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// H is the height of every frame in the units the scenes lay out in: a
// 1080-line frame, whatever the screen's pixels. A frame's width in units
// follows the screen's aspect (1920 at 16:9, 1440 at 4:3, 3840 at 32:9).
const H = 1080

// The aspects the stage lays out for; a screen outside them is
// letterboxed to the nearest.
const (
	minAspect = 4.0 / 3
	maxAspect = 32.0 / 9
)

// A Canvas is an image the scenes draw on in units: H units high, W wide,
// K pixels a unit. Everything drawn through it (text, shapes, sprites) is
// rasterised at the image's own resolution, so a 3840×2160 frame is as
// sharp as its pixels allow, not a 1080-line one scaled up.
type Canvas struct {
	img   *ebiten.Image
	W     float64 // the width in units
	K     float64 // pixels a unit
	theme *Theme  // for the faces at K
	// root is the image whose text boxes the canvas records (tests only):
	// its own, or for a Sub, its parent's, whose coordinates it keeps
	root *ebiten.Image
	// marks, when set, gather the pixels each draw covers, a box a draw:
	// what a repaint must put back before the next frame (a Sub shares
	// them). Gatherings nest: a fade gathers what a scene draws while the
	// reel gathers its rows.
	marks []*[]image.Rectangle
}

// marked is what a frame drew over a still, box by box as the canvas
// drew it, and the image it drew on: what the next repaint puts back
// before it draws again.
type marked struct {
	boxes  []image.Rectangle
	on     *ebiten.Image
	ground any // what lies under them on it: nil, the backdrop (damage.go)
}

// gather forgets the last frame's boxes and gathers what dst (and any
// Sub of it made after) draws, until the func it returns is called.
func (m *marked) gather(dst *Canvas) (stop func()) {
	m.boxes, m.on = m.boxes[:0], dst.img
	if slices.Contains(dst.marks, &m.boxes) {
		return func() {} // gathering already, on top of what it held (more)
	}
	outer := dst.marks
	dst.marks = append(outer[:len(outer):len(outer)], &m.boxes)
	return func() { dst.marks = outer }
}

// drewOn reports whether the boxes are of what was drawn on dst: when
// they are not, the frame was drawn elsewhere (a fade's still, a canvas
// of another size) and a repaint puts back more.
func (m *marked) drewOn(dst *Canvas) bool { return m.on == dst.img }

// mark notes that a draw covered the pixels of r.
func (c *Canvas) mark(r image.Rectangle) {
	if c.marks != nil {
		if r = r.Intersect(c.img.Bounds()); !r.Empty() {
			for _, m := range c.marks {
				*m = append(*m, r)
			}
		}
	}
}

// markPx notes that a draw covered the box from (x0, y0) to (x1, y1)
// pixels, a pixel more each way for an antialiased edge.
func (c *Canvas) markPx(x0, y0, x1, y1 float64) {
	if c.marks != nil {
		c.mark(image.Rect(int(math.Floor(min(x0, x1)))-1, int(math.Floor(min(y0, y1)))-1, int(math.Ceil(max(x0, x1)))+1, int(math.Ceil(max(y0, y1)))+1))
	}
}

// markUnits is markPx of a box in units.
func (c *Canvas) markUnits(x, y, w, h float64) {
	c.markPx(x*c.K, y*c.K, (x+w)*c.K, (y+h)*c.K)
}

// markImage notes the pixels img covers drawn with g.
func (c *Canvas) markImage(img *ebiten.Image, g ebiten.GeoM) {
	if c.marks != nil {
		c.mark(imageBox(img, g).px(1))
	}
}

// box is the smallest box round the points added to it, in pixels.
type box struct{ x0, y0, x1, y1 float64 }

func emptyBox() box { return box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (b *box) add(x, y float64) {
	b.x0, b.y0, b.x1, b.y1 = min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y)
}

// px is the pixels the box touches, and pad more each way.
func (b box) px(pad int) image.Rectangle {
	return image.Rect(int(math.Floor(b.x0))-pad, int(math.Floor(b.y0))-pad, int(math.Ceil(b.x1))+pad, int(math.Ceil(b.y1))+pad)
}

// imageBox is the box that img covers drawn through g (scaled, turned).
func imageBox(img *ebiten.Image, g ebiten.GeoM) box {
	b, bx := img.Bounds(), emptyBox()
	for _, p := range [4][2]float64{{0, 0}, {float64(b.Dx()), 0}, {0, float64(b.Dy())}, {float64(b.Dx()), float64(b.Dy())}} {
		bx.add(g.Apply(p[0], p[1]))
	}
	return bx
}

// newCanvas is img as a canvas: H units to its height.
func newCanvas(img *ebiten.Image, t *Theme) *Canvas {
	b := img.Bounds()
	k := float64(b.Dy()) / H
	return &Canvas{img: img, W: float64(b.Dx()) / k, K: k, theme: t, root: img}
}

// canvasSize is the pixel size of the canvas for a screen of w × h pixels:
// the screen itself when its aspect is one the stage lays out for, else
// the largest one inside it at the nearest such aspect.
func canvasSize(w, h int) (int, int) {
	if w <= 0 || h <= 0 {
		return 1920, 1080
	}
	switch a := float64(w) / float64(h); {
	case a < minAspect:
		h = int(math.Round(float64(w) / minAspect))
	case a > maxAspect:
		w = int(math.Round(float64(h) * maxAspect))
	}
	return w, h
}

func (c *Canvas) px(v float64) float32 { return float32(v * c.K) }

// Fill paints the whole canvas.
func (c *Canvas) Fill(clr color.Color) {
	c.img.Fill(clr)
	c.mark(c.img.Bounds())
	c.paintBox(c.img.Bounds())
}

// Clear makes the whole canvas transparent.
func (c *Canvas) Clear() {
	c.img.Clear()
	c.mark(c.img.Bounds())
	c.paintBox(c.img.Bounds())
}

// Rect fills a rectangle.
func (c *Canvas) Rect(x, y, w, h float64, clr color.Color) {
	vector.DrawFilledRect(c.img, c.px(x), c.px(y), c.px(w), c.px(h), clr, false)
	c.markUnits(x, y, w, h)
	c.paintAtMost(math.Inf(1), x*c.K, y*c.K, (x+w)*c.K, (y+h)*c.K)
}

// StrokeRect outlines a rectangle with a line of the given width.
func (c *Canvas) StrokeRect(x, y, w, h, width float64, clr color.Color) {
	vector.StrokeRect(c.img, c.px(x), c.px(y), c.px(w), c.px(h), c.px(width), clr, false)
	c.markUnits(x-width/2, y-width/2, w+width, h+width)
	c.paintAtMost(2*(w+h)*width*c.K*c.K, (x-width/2)*c.K, (y-width/2)*c.K, (x+w+width/2)*c.K, (y+h+width/2)*c.K)
}

// Circle fills a circle, its edge antialiased when aa is set.
func (c *Canvas) Circle(cx, cy, r float64, clr color.Color, aa bool) {
	vector.DrawFilledCircle(c.img, c.px(cx), c.px(cy), c.px(r), clr, aa)
	c.markUnits(cx-r, cy-r, 2*r, 2*r)
	c.paintAtMost(math.Pi*r*r*c.K*c.K, (cx-r)*c.K, (cy-r)*c.K, (cx+r)*c.K, (cy+r)*c.K)
}

// StrokeCircle outlines a circle.
func (c *Canvas) StrokeCircle(cx, cy, r, width float64, clr color.Color, aa bool) {
	vector.StrokeCircle(c.img, c.px(cx), c.px(cy), c.px(r), c.px(width), clr, aa)
	c.markUnits(cx-r-width/2, cy-r-width/2, 2*r+width, 2*r+width)
	c.paintAtMost(2*math.Pi*r*width*c.K*c.K, (cx-r-width/2)*c.K, (cy-r-width/2)*c.K, (cx+r+width/2)*c.K, (cy+r+width/2)*c.K)
}

// Line draws a straight line.
func (c *Canvas) Line(x0, y0, x1, y1, width float64, clr color.Color, aa bool) {
	vector.StrokeLine(c.img, c.px(x0), c.px(y0), c.px(x1), c.px(y1), c.px(width), clr, aa)
	c.markUnits(min(x0, x1)-width, min(y0, y1)-width, math.Abs(x1-x0)+2*width, math.Abs(y1-y0)+2*width)
	c.paintAtMost((math.Hypot(x1-x0, y1-y0)+width)*width*c.K*c.K, (min(x0, x1)-width)*c.K, (min(y0, y1)-width)*c.K, (max(x0, x1)+width)*c.K, (max(y0, y1)+width)*c.K)
}

// Triangles draws vertices given in units, scaled to the canvas's pixels.
func (c *Canvas) Triangles(vs []ebiten.Vertex, is []uint16, src *ebiten.Image, op *ebiten.DrawTrianglesOptions) {
	for i := range vs {
		vs[i].DstX = vs[i].DstX * float32(c.K)
		vs[i].DstY = vs[i].DstY * float32(c.K)
	}
	c.img.DrawTriangles(vs, is, src, op)
	c.paintTriangles(vs, is)
	if c.marks != nil && len(vs) > 0 {
		bx := emptyBox()
		for _, v := range vs {
			bx.add(float64(v.DstX), float64(v.DstY))
		}
		c.mark(bx.px(1))
	}
}

// Sub is the part of the canvas from (x0, y0) to (x1, y1), in the same
// units and coordinates: drawing on it cannot spill outside.
func (c *Canvas) Sub(x0, y0, x1, y1 float64) *Canvas {
	r := image.Rect(int(math.Floor(x0*c.K)), int(math.Floor(y0*c.K)), int(math.Ceil(x1*c.K)), int(math.Ceil(y1*c.K)))
	sub := *c
	sub.img = c.img.SubImage(r).(*ebiten.Image) // a sub-image keeps its parent's coordinates
	return &sub
}

// subPx is Sub of the box r, in pixels.
func (c *Canvas) subPx(r image.Rectangle) *Canvas {
	sub := *c
	sub.img = c.img.SubImage(r).(*ebiten.Image)
	return &sub
}

// Draw draws img with op's GeoM in units: an image from outside the
// stage's drawing (a logo, a slide), whose pixels count as units.
func (c *Canvas) Draw(img *ebiten.Image, op *ebiten.DrawImageOptions) {
	op.GeoM.Scale(c.K, c.K)
	c.img.DrawImage(img, op)
	c.markImage(img, op.GeoM)
	c.paintImage(img, op.GeoM)
}

// Place draws a canvas of the same K with its top-left corner at (x, y),
// copying its pixels as they are.
func (c *Canvas) Place(src *Canvas, x, y float64) {
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	dx, dy := math.Round(x*c.K), math.Round(y*c.K)
	op.GeoM.Translate(dx, dy)
	c.img.DrawImage(src.img, op)
	c.markImage(src.img, op.GeoM)
	c.paintImage(src.img, op.GeoM)
	noteBlit(src.img, c.img, int(dx), int(dy))
}

// Copy puts back the part of still (a canvas of the same size) from (x0,
// y0) to (x1, y1), a pixel more each way: what a moving piece covered.
func (c *Canvas) Copy(still *Canvas, x0, y0, x1, y1 float64) {
	c.copyPx(still, image.Rect(int(math.Floor(x0*c.K))-1, int(math.Floor(y0*c.K))-1, int(math.Ceil(x1*c.K))+1, int(math.Ceil(y1*c.K))+1))
}

func (c *Canvas) copyPx(still *Canvas, rs ...image.Rectangle) {
	c.drawBoxes(still, rs, 1, ebiten.BlendCopy)
}

// drawBoxes draws the boxes rs of src (a canvas of the same size) at the
// same place, at alpha a, with blend: in one draw for all, as a draw call
// a piece costs more than its pixels.
func (c *Canvas) drawBoxes(src *Canvas, rs []image.Rectangle, a float32, blend ebiten.Blend) {
	vs := make([]ebiten.Vertex, 0, 4*len(rs))
	is := make([]uint16, 0, 6*len(rs))
	b := c.img.Bounds()
	for _, r := range rs {
		if r = r.Intersect(b); r.Empty() {
			continue
		}
		c.mark(r)
		n := uint16(len(vs))
		for _, p := range []image.Point{r.Min, {r.Max.X, r.Min.Y}, {r.Min.X, r.Max.Y}, r.Max} {
			x, y := float32(p.X), float32(p.Y)
			vs = append(vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: x, SrcY: y, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: a})
		}
		is = append(is, n, n+1, n+2, n+1, n+3, n+2)
	}
	if len(is) > 0 {
		c.img.DrawTriangles(vs, is, src.img, &ebiten.DrawTrianglesOptions{Blend: blend})
		c.paintTriangles(vs, is)
	}
}

// Blit draws a sprite (an image drawn at this canvas's K) centred on (cx,
// cy), scaled by kx and ky.
func (c *Canvas) Blit(img *ebiten.Image, cx, cy, kx, ky float64) {
	c.BlitWith(img, cx, cy, kx, ky, &ebiten.DrawImageOptions{})
}

// BlitWith is Blit with op's colour scale and blend.
func (c *Canvas) BlitWith(img *ebiten.Image, cx, cy, kx, ky float64, op *ebiten.DrawImageOptions) {
	b := img.Bounds()
	op.Filter = ebiten.FilterLinear
	op.GeoM.Reset()
	op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	op.GeoM.Scale(kx, ky)
	op.GeoM.Translate(cx*c.K, cy*c.K)
	c.img.DrawImage(img, op)
	c.markImage(img, op.GeoM)
	c.paintImage(img, op.GeoM)
}

// Stamp draws a sprite (an image drawn at this canvas's K) centred on
// (cx, cy), scaled by k, turned by angle radians and at alpha a, over
// what is there: its text, if any, sits over other text on purpose.
func (c *Canvas) Stamp(sprite *Canvas, cx, cy, k, angle, a float64) {
	b := sprite.img.Bounds()
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	op.GeoM.Scale(k, k)
	op.GeoM.Rotate(angle)
	op.GeoM.Translate(cx*c.K, cy*c.K)
	op.ColorScale.ScaleAlpha(float32(a))
	c.img.DrawImage(sprite.img, op)
	c.markImage(sprite.img, op.GeoM)
	c.paintImage(sprite.img, op.GeoM)
	noteOver(sprite.img, c.img, op.GeoM)
}

// New is a transparent canvas of w × h units at this one's K, for a piece
// drawn once and copied after.
func (c *Canvas) New(w, h float64) *Canvas {
	img := ebiten.NewImage(max(1, int(math.Ceil(w*c.K))), max(1, int(math.Ceil(h*c.K))))
	return &Canvas{img: img, W: w, K: c.K, theme: c.theme, root: img}
}

// pinhead is a transparent pixel: drawn over a frame, it changes nothing.
var pinhead = ebiten.NewImage(1, 1)

// carry has ebiten present this frame, though nothing on it changes: a
// transparent pixel is drawn over it. While the screen stays the same,
// ebiten neither presents nor carries out what was drawn off it (stills
// made, glyphs cached on its texture atlas), and all of it would fall on
// the first frame that moves: after the opening's warming, the next
// scene's first frame took 1 s at 3840×2160. Carried, it is done in a
// frame of the still picture.
func (c *Canvas) carry() {
	c.img.DrawImage(pinhead, nil)
	c.paint(1)
}

// newStill is a transparent canvas of this one's size for a still: an
// image of its own, never on ebiten's texture atlas. A still is drawn
// once and copied from for many frames, and ebiten would move such an
// image onto an atlas, and off it again when next drawn: each move
// copies the whole frame, and may grow an atlas page (60-80 ms a reel
// under software GL).
func (c *Canvas) newStill() *Canvas {
	b := c.img.Bounds()
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, b.Dx(), b.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
	return &Canvas{img: img, W: c.W, K: c.K, theme: c.theme, root: img}
}

// face is f at this canvas's pixels: f's size in units times K.
func (c *Canvas) face(f text.Face) text.Face {
	if c.K == 1 || c.theme == nil {
		return f
	}
	g, ok := f.(*text.GoTextFace)
	if !ok {
		return f
	}
	return c.theme.face(g.Source, g.Size*c.K)
}

// text draws s with its origin at (x, y) in units and the given alignments.
func (c *Canvas) text(s string, f text.Face, x, y float64, h, v text.Align, clr color.Color) {
	op := &text.DrawOptions{}
	px, py := x*c.K, y*c.K
	op.GeoM.Translate(px, py)
	op.ColorScale.ScaleWithColor(clr)
	op.PrimaryAlign, op.SecondaryAlign = h, v
	pf := c.face(f)
	text.Draw(c.img, s, pf, op)
	if c.marks != nil && s != "" {
		c.mark(textBox(s, pf, px, py, h, v))
	}
	if paints != nil {
		// each glyph is an image drawn: its pixels, not the line's box
		for _, g := range text.AppendGlyphs(nil, s, pf, &op.LayoutOptions) {
			if g.Image != nil {
				var at ebiten.GeoM
				at.Translate(g.X, g.Y)
				at.Concat(op.GeoM)
				c.paintImage(g.Image, at)
			}
		}
	}
	noteText(c.root, s, pf, px, py, h, v)
}
