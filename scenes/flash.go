package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The reveal's flash is three discs of the accent's light, radius r, 0.72 r
// and 0.45 r, each 14 % opaque, brightest where they overlap at the heart,
// their edges soft. A fragment shader works each pixel out from its
// distance to the centre: one pass, and when it is given what is behind
// the flash it writes the two together, so that a repaint puts back the
// picture under the flash and lays the flash over it at the price of one
// (software GL pays for every pixel of every pass).
const flashKage = `//kage:unit pixels

package main

var Center vec2 // in the destination's pixels
var Radius float
var Edge float  // the width of a disc's soft edge, in pixels
var Light vec4  // the accent, premultiplied, at the flash's alpha
var Over float  // 1: composite over Images[0], what is behind; 0: the light alone

func disc(d, r float) float {
	return 0.14 * clamp((r-d)/Edge+0.5, 0, 1)
}

func Fragment(dst vec4, src vec2, color vec4) vec4 {
	d := distance(dst.xy-imageDstOrigin(), Center)
	a := 1 - (1-disc(d, Radius))*(1-disc(d, 0.72*Radius))*(1-disc(d, 0.45*Radius))
	light := Light * a
	if Over > 0 {
		// src lies in the still, of dst's size: no bounds to check
		return light + imageSrc0UnsafeAt(src)*(1-light.a)
	}
	return light
}
`

var flashShader = mustShader("the flash", flashKage)

// mustShader compiles a shader of ours: one that does not compile is a
// mistake in the program, found by every test that draws.
func mustShader(name, src string) *ebiten.Shader {
	s, err := ebiten.NewShader([]byte(src))
	if err != nil {
		panic(name + "'s shader: " + err.Error())
	}
	return s
}

// flash draws the flash centred on (cx, cy) units, of radius r units, at
// alpha a, inside clip (pixels), and returns the box of the pixels it
// covered. With a still behind (a canvas of dst's size), it writes the
// still and the flash over it there, whatever dst held; without, it lays
// the light over dst. It covers an octagon round the discs: the corners
// of their box hold no light, and would cost as much as the rest.
func (c *Canvas) flash(behind *Canvas, cx, cy, r, a float64, clip image.Rectangle) image.Rectangle {
	k := c.K
	edge := max(1, r/flashR*k) // as soft as the antialiased edge of a sprite of radius flashR scaled to r
	clip = clip.Intersect(c.img.Bounds())
	out := (r*k + edge) / math.Cos(math.Pi/8) // the octagon's corners, round the soft edge
	poly := make([][2]float64, 0, 16)
	for i := range 8 {
		t := math.Pi/8 + float64(i)*math.Pi/4
		poly = append(poly, [2]float64{cx*k + out*math.Cos(t), cy*k + out*math.Sin(t)})
	}
	poly = clipPoly(poly, clip)
	if len(poly) < 3 {
		return image.Rectangle{}
	}
	vs := make([]ebiten.Vertex, len(poly))
	bx := emptyBox()
	for i, p := range poly {
		x, y := float32(p[0]), float32(p[1])
		vs[i] = ebiten.Vertex{DstX: x, DstY: y, SrcX: x, SrcY: y, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
		bx.add(p[0], p[1])
	}
	is := make([]uint16, 0, 3*(len(poly)-2))
	for i := 1; i+1 < len(poly); i++ {
		is = append(is, 0, uint16(i), uint16(i+1))
	}
	t := c.theme.Accent
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: map[string]any{
		"Center": []float32{float32(cx * k), float32(cy * k)},
		"Radius": float32(r * k),
		"Edge":   float32(edge),
		"Light":  []float32{float32(t.R) / 255 * float32(a), float32(t.G) / 255 * float32(a), float32(t.B) / 255 * float32(a), float32(t.A) / 255 * float32(a)},
		"Over":   float32(0),
	}}
	if behind != nil {
		op.Uniforms["Over"] = float32(1)
		op.Images[0] = behind.img
		op.Blend = ebiten.BlendCopy
	}
	c.img.DrawTrianglesShader(vs, is, flashShader, op)
	c.paint(polyArea(poly))
	box := bx.px(0).Intersect(clip)
	c.mark(box)
	return box
}

// flashBounds is the box of the pixels that flash, centred on (cx, cy)
// units and of radius r units, may cover inside clip: the box of its
// octagon, rounded out.
func (c *Canvas) flashBounds(cx, cy, r float64, clip image.Rectangle) image.Rectangle {
	k := c.K
	edge := max(1, r/flashR*k)
	out := (r*k+edge)/math.Cos(math.Pi/8) + 1
	x, y := cx*k, cy*k
	return image.Rect(int(math.Floor(x-out)), int(math.Floor(y-out)), int(math.Ceil(x+out)), int(math.Ceil(y+out))).Intersect(clip).Intersect(c.img.Bounds())
}

// flashWhole is three boxes of pixels, in clip, that the flash centred on
// (cx, cy) units, of radius r units, writes every pixel of: its
// octagon's middle square and its two slabs, drawn round the discs'
// radius (the octagon reaches past it by their soft edge, a pixel or
// more). What lies wholly in one need not be put back under the flash.
func (c *Canvas) flashWhole(cx, cy, r float64, clip image.Rectangle) [3]image.Rectangle {
	x, y, R := cx*c.K, cy*c.K, r*c.K
	// the octagon is |x| ≤ R', |y| ≤ R', |x|+|y| ≤ √2 R', R' > R; a pixel
	// is drawn when its centre is in it
	in := func(hx, hy float64) image.Rectangle {
		return image.Rect(int(math.Ceil(x-hx)), int(math.Ceil(y-hy)), int(math.Floor(x+hx)), int(math.Floor(y+hy))).Intersect(clip)
	}
	a, b := R/math.Sqrt2, R*(math.Sqrt2-1)
	return [3]image.Rectangle{in(a, a), in(R, b), in(b, R)}
}

// clipPoly is the convex polygon p cut to r.
func clipPoly(p [][2]float64, r image.Rectangle) [][2]float64 {
	edges := []struct {
		axis int
		at   float64
		keep float64 // +1: keep at or above at, -1: at or below
	}{{0, float64(r.Min.X), 1}, {0, float64(r.Max.X), -1}, {1, float64(r.Min.Y), 1}, {1, float64(r.Max.Y), -1}}
	for _, e := range edges {
		var out [][2]float64
		for i, a := range p {
			b := p[(i+1)%len(p)]
			ina, inb := (a[e.axis]-e.at)*e.keep >= 0, (b[e.axis]-e.at)*e.keep >= 0
			if ina {
				out = append(out, a)
			}
			if ina != inb {
				u := (e.at - a[e.axis]) / (b[e.axis] - a[e.axis])
				out = append(out, [2]float64{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1])})
			}
		}
		if p = out; len(p) == 0 {
			break
		}
	}
	return p
}
