package scenes

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// feltTop is where the table's felt begins: under the header.
const feltTop = 122.0

// drawFelt is the card table: the brand's primary colour as felt under a
// light, darker towards the edges, with a quiet line round the playing
// area, drawn once a size and copied after. (A grain of the cloth, a
// tile of specks, made each golden frame of the table ten times the
// size: left out.)
func (s *Stage) drawFelt(dst *Canvas) {
	t := s.theme
	h := H - feltTop
	img := s.sprite(dst, fmt.Sprintf("felt|%.0f", dst.W), dst.W, h, func(d *Canvas) {
		lit, edge := mix(t.Background, t.Primary, 0.42), mix(t.Background, t.Primary, 0.86)
		// the light: rings about a point above the cards, shading to the
		// edge, opaque, out past the corners at every aspect (at 1.5 of
		// the radii, a corner lies at about 0.7): no fill under them, which
		// would write every pixel once more
		cx, cy, rx, ry := dst.W/2, h*0.46, math.Max(dst.W*0.55, 800), h*0.95
		radial(d, cx, cy, rx, ry, func(r float64) color.RGBA {
			v := clamp(r, 0, 1)
			return mix(edge, lit, v*v*(3-2*v))
		})
		// the playing area's line, as printed on a table's cloth
		paint(d, roundRect(36, 28, float32(d.W-72), float32(h-56), 80), 3, Fade(t.Text, 0.10))
	})
	// the felt is opaque: copied, not blended over what is under it
	dst.BlitWith(img, dst.W/2, feltTop+h/2, 1, 1, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
}

// radial fills d with rings about (cx, cy), radii rx × ry at 1, the
// colour at each ring's radius (0 at the centre) from c, out to 1.5.
func radial(d *Canvas, cx, cy, rx, ry float64, c func(r float64) color.RGBA) {
	const segs, rings = 72, 24
	var vs []ebiten.Vertex
	var is []uint16
	vert := func(x, y float64, clr color.RGBA) {
		vs = append(vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1,
			ColorR: float32(clr.R) / 255, ColorG: float32(clr.G) / 255, ColorB: float32(clr.B) / 255, ColorA: float32(clr.A) / 255})
	}
	vert(cx, cy, c(0))
	for j := 1; j <= rings; j++ {
		r := 1.5 * float64(j) / rings
		clr := c(r)
		for i := range segs {
			a := 2 * math.Pi * float64(i) / segs
			vert(cx+rx*r*math.Cos(a), cy+ry*r*math.Sin(a), clr)
		}
	}
	for i := range segs {
		is = append(is, 0, uint16(1+i), uint16(1+(i+1)%segs))
	}
	for j := 1; j < rings; j++ {
		in, out := 1+(j-1)*segs, 1+j*segs
		for i := range segs {
			a, b := uint16(in+i), uint16(in+(i+1)%segs)
			c, e := uint16(out+i), uint16(out+(i+1)%segs)
			is = append(is, a, c, b, b, c, e)
		}
	}
	d.Triangles(vs, is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
}

// softRect is a rounded rectangle w × h whose edge fades over blur units
// outward and inward: a shadow on the felt, or a halo.
func softRect(d *Canvas, w, h, r, blur float64, c color.RGBA) {
	const steps = 10
	for i := range steps {
		// each step a little smaller: their sum fades out towards the edge
		in := blur * (float64(i)/steps*2 - 1) // from −blur (outside) to +blur (inside)
		x, y := blur+in, blur+in
		paint(d, roundRect(float32(x), float32(y), float32(w-2*in), float32(h-2*in), float32(max(r-in, 2))), 0, Fade(c, 1.0/steps))
	}
}

// shadowSprite is the soft shadow of a card w × h units on the felt.
func (s *Stage) shadowSprite(dst *Canvas, w, h, blur float64) *ebiten.Image {
	return s.sprite(dst, fmt.Sprintf("shadow|%.1f|%.1f|%.1f", w, h, blur), w+2*blur, h+2*blur, func(d *Canvas) {
		softRect(d, w, h, 22*w/cardW, blur, color.RGBA{0, 0, 0, 200})
	})
}

// haloSprite is the soft light round the card the highlight is on.
func (s *Stage) haloSprite(dst *Canvas, w, h, blur float64) *ebiten.Image {
	return s.sprite(dst, fmt.Sprintf("halo|%.1f|%.1f|%.1f", w, h, blur), w+2*blur, h+2*blur, func(d *Canvas) {
		softRect(d, w, h, 22*w/cardW, blur, Fade(s.theme.Text, 0.9))
	})
}

// raysSprite is the top prize's burst: rays of gold from a glow, fading
// out to radius r. Gold is the colour of money, and this is the most of
// it.
func (s *Stage) raysSprite(dst *Canvas, r float64) *ebiten.Image {
	return s.sprite(dst, fmt.Sprintf("rays|%.1f", r), 2*r, 2*r, func(d *Canvas) {
		gold := s.theme.Accent
		radial(d, r, r, r*0.7, r*0.7, func(v float64) color.RGBA { return Fade(gold, 0.6*math.Pow(1-clamp(v, 0, 1), 1.6)) })
		const n = 20
		var vs []ebiten.Vertex
		var is []uint16
		vert := func(x, y float64, a float64) {
			c := Fade(gold, a)
			vs = append(vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1,
				ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255})
		}
		for i := range n {
			a := 2*math.Pi*float64(i)/n + math.Pi/n
			w := math.Pi / n * 0.42
			base := uint16(len(vs))
			vert(r+r*0.12*math.Cos(a), r+r*0.12*math.Sin(a), 0.9)
			vert(r+r*math.Cos(a-w), r+r*math.Sin(a-w), 0)
			vert(r+r*math.Cos(a+w), r+r*math.Sin(a+w), 0)
			vert(r+r*0.55*math.Cos(a-w*0.55), r+r*0.55*math.Sin(a-w*0.55), 0.5)
			vert(r+r*0.55*math.Cos(a+w*0.55), r+r*0.55*math.Sin(a+w*0.55), 0.5)
			is = append(is, base, base+3, base+4, base+3, base+1, base+2, base+3, base+2, base+4)
		}
		d.Triangles(vs, is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, AntiAlias: true})
	})
}
