package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// paints, when set, counts the pixels every draw through a canvas
// writes, on the screen and off it (a still, a sprite): software GL pays
// for each, so a frame's count over the screen's pixels is how many full
// screens it paints. A count does not vary from run to run as a time
// does: TestPaintsPerFrame holds every frame to it, and
// BenchmarkSceneFrame reports it. Only tests set it; the stage never
// does, and then a draw costs one nil check more.
var paints *paintCount

// paintCount is the pixels written since it was last read.
type paintCount struct{ px float64 }

// take is the pixels counted since the last take.
func (p *paintCount) take() float64 {
	px := p.px
	p.px = 0
	return px
}

// paint counts px pixels written on c.
func (c *Canvas) paint(px float64) {
	if paints != nil {
		paints.px += px
	}
}

// paintBox counts the pixels of r on c.
func (c *Canvas) paintBox(r image.Rectangle) {
	if paints != nil {
		c.paint(area(r.Intersect(c.img.Bounds())))
	}
}

// paintAtMost counts px pixels, but no more than those of the box from
// (x0, y0) to (x1, y1) pixels on c: a shape's area, inside its box.
func (c *Canvas) paintAtMost(px, x0, y0, x1, y1 float64) {
	if paints != nil {
		r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
		c.paint(min(px, area(r.Intersect(c.img.Bounds()))))
	}
}

// paintImage counts the pixels img covers on c drawn through g.
func (c *Canvas) paintImage(img *ebiten.Image, g ebiten.GeoM) {
	if paints == nil {
		return
	}
	b := img.Bounds()
	var q [][2]float64
	for _, p := range [4][2]float64{{0, 0}, {float64(b.Dx()), 0}, {float64(b.Dx()), float64(b.Dy())}, {0, float64(b.Dy())}} {
		x, y := g.Apply(p[0], p[1])
		q = append(q, [2]float64{x, y})
	}
	c.paint(polyArea(clipPoly(q, c.img.Bounds())))
}

// paintTriangles counts the pixels of the triangles, in c's pixels.
func (c *Canvas) paintTriangles(vs []ebiten.Vertex, is []uint16) {
	if paints == nil {
		return
	}
	b := c.img.Bounds()
	for i := 0; i+2 < len(is); i += 3 {
		var t [][2]float64
		for _, j := range is[i : i+3] {
			t = append(t, [2]float64{float64(vs[j].DstX), float64(vs[j].DstY)})
		}
		c.paint(polyArea(clipPoly(t, b)))
	}
}

func area(r image.Rectangle) float64 { return float64(r.Dx()) * float64(r.Dy()) }

// polyArea is the area of a simple polygon, either way round.
func polyArea(p [][2]float64) float64 {
	var a float64
	for i, u := range p {
		v := p[(i+1)%len(p)]
		a += u[0]*v[1] - v[0]*u[1]
	}
	return math.Abs(a) / 2
}
