package scenes

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// flipTime is how long a card takes to turn over: it lifts off the felt,
// turns in perspective with a light running over it, and settles.
const flipTime = 1300 * time.Millisecond

// The phases of a flip, as shares of flipTime: the card is up by liftEnd,
// turns from turnFrom to turnEnd, and is down again by landAt, with a
// small hop after.
const (
	liftEnd  = 0.18
	turnFrom = 0.12
	turnEnd  = 0.76
	dropFrom = 0.72
	landAt   = 0.93
)

// flipLift is how far the card is off the table at u (0 to 1 of the
// flip): 0 on the felt, 1 at the top of its lift.
func flipLift(u float64) float64 {
	switch {
	case u <= 0:
		return 0
	case u < liftEnd:
		return ease(u / liftEnd)
	case u < dropFrom:
		return 1
	case u < landAt:
		v := (u - dropFrom) / (landAt - dropFrom)
		return 1 - v*v // falls, faster as it goes
	case u < 1:
		return 0.08 * math.Sin(math.Pi*(u-landAt)/(1-landAt)) // a little hop as it lands
	}
	return 0
}

// flipAngle is how far the card has turned at u: 0 face down, π face up.
func flipAngle(u float64) float64 {
	v := clamp((u-turnFrom)/(turnEnd-turnFrom), 0, 1)
	return math.Pi * v * v * (3 - 2*v)
}

// flipSweep is where the light band runs across the card at u, from its
// left edge (0) to its right (1), and how bright it is (0 when none).
func flipSweep(u float64) (at, peak float64) {
	v := clamp((u-0.42)/0.46, 0, 1)
	return -0.35 + 1.7*v, 0.55 * math.Sin(math.Pi*v)
}

// The grid a card is drawn through when it turns: fine enough across for
// the perspective and the light band, a few rows for the band's slant.
const (
	flipCols = 16
	flipRows = 4
)

// quad is a sprite drawn through a grid of flipCols × flipRows cells: the
// vertices in units, the sprite's pixels as the source.
type quad struct {
	vs []ebiten.Vertex
	is []uint16
}

func newQuad() *quad {
	q := &quad{vs: make([]ebiten.Vertex, (flipCols+1)*(flipRows+1))}
	for j := range flipRows {
		for i := range flipCols {
			a := uint16(j*(flipCols+1) + i)
			b, c, d := a+1, a+uint16(flipCols+1), a+uint16(flipCols+2)
			q.is = append(q.is, a, b, c, b, d, c)
		}
	}
	return q
}

// turned places the grid for img (a sprite w × h units) centred on (cx,
// cy), scaled by k and turned by phi about its upright axis, seen from a
// camera f units away: the near edge grows, the far one shrinks, as a
// card does in a hand.
func (q *quad) turned(img *ebiten.Image, cx, cy, w, h, k, phi, f float64) {
	sin, cos := math.Sin(phi), math.Cos(phi)
	q.place(img, w, h, k, func(lx, ly float64) (float64, float64) {
		p := f / (f + lx*sin)
		return cx + lx*cos*p, cy + ly*p
	})
}

// rotated places the grid for img (w × h units) centred on (cx, cy),
// scaled by k and tilted by a in the plane of the screen.
func (q *quad) rotated(img *ebiten.Image, cx, cy, w, h, k, a float64) {
	sin, cos := math.Sin(a), math.Cos(a)
	q.place(img, w, h, k, func(lx, ly float64) (float64, float64) {
		return cx + lx*cos - ly*sin, cy + lx*sin + ly*cos
	})
}

// place lays the grid over img (w × h units, scaled by k): each of its
// points, (lx, ly) from the centre, goes where at puts it, and takes the
// sprite's pixel at the same place.
func (q *quad) place(img *ebiten.Image, w, h, k float64, at func(lx, ly float64) (x, y float64)) {
	b := img.Bounds()
	for j := 0; j <= flipRows; j++ {
		yn := float64(j) / flipRows
		for i := 0; i <= flipCols; i++ {
			xn := float64(i) / flipCols
			x, y := at((xn-0.5)*w*k, (yn-0.5)*h*k)
			v := &q.vs[j*(flipCols+1)+i]
			v.DstX, v.DstY = float32(x), float32(y)
			v.SrcX, v.SrcY = float32(float64(b.Min.X)+xn*float64(b.Dx())), float32(float64(b.Min.Y)+yn*float64(b.Dy()))
		}
	}
}

// tint gives every vertex the colour scale c (premultiplied, 0 to 1).
func (q *quad) tint(r, g, b, a float32) {
	for i := range q.vs {
		q.vs[i].ColorR, q.vs[i].ColorG, q.vs[i].ColorB, q.vs[i].ColorA = r, g, b, a
	}
}

// band gives each vertex c at the strength of a slanted light band at
// `at` across the sprite, peak at its brightest.
func (q *quad) band(c color.RGBA, at, peak float64) {
	for j := 0; j <= flipRows; j++ {
		yn := float64(j) / flipRows
		for i := 0; i <= flipCols; i++ {
			xn := float64(i) / flipCols
			d := (xn + 0.35*(yn-0.5) - at) / 0.16
			a := float32(peak * math.Exp(-d*d))
			v := &q.vs[j*(flipCols+1)+i]
			v.ColorR, v.ColorG, v.ColorB, v.ColorA = a*float32(c.R)/255, a*float32(c.G)/255, a*float32(c.B)/255, a
		}
	}
}

// draw draws img through the grid on dst. The grid's vertices are in
// units; Triangles scales them to pixels, so each draw places them anew.
func (q *quad) draw(dst *Canvas, img *ebiten.Image) {
	vs := make([]ebiten.Vertex, len(q.vs))
	copy(vs, q.vs)
	dst.Triangles(vs, q.is, img, &ebiten.DrawTrianglesOptions{
		ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		Filter:         ebiten.FilterLinear,
	})
}
