package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"slices"
)

// The logo: a jacaranda in bloom before a setting sun, on a transparent
// background, in the brand's colours.
const logoSize = 256

type rgb struct{ r, g, b float64 }

func hexRGB(v uint32) rgb {
	return rgb{float64(v >> 16 & 0xff), float64(v >> 8 & 0xff), float64(v & 0xff)}
}

type blossom struct {
	x, y, r float64
	c       rgb
}

// logo draws the logo with 4×4 samples a pixel and encodes it as PNG.
func logo() []byte {
	var (
		sunTop    = hexRGB(0xffd66e)
		sunBottom = hexRGB(0xf08a3c)
		wood      = hexRGB(0x2e1c52)
		shades    = []rgb{hexRGB(0x6240a8), hexRGB(0x7650bf), hexRGB(0x8a63d2), hexRGB(0x9f7ee2), hexRGB(0xb596ec), hexRGB(0xd2bdf6)}
		carpet    = hexRGB(0x9f7ee2)
	)
	const (
		sunX, sunY, sunR = 128.0, 124.0, 96.0
		crownX, crownY   = 128.0, 104.0
		crownA, crownB   = 86.0, 52.0
	)
	// The crown: blossom clusters in a dome, lighter towards the top left
	// where the light falls; darker ones are drawn first.
	rng := rand.New(rand.NewPCG(5, 12))
	var crown []blossom
	for len(crown) < 110 {
		u, v := 2*rng.Float64()-1, 2*rng.Float64()-1
		if u*u+v*v > 1 || v > 0.55 {
			continue
		}
		x, y := crownX+u*crownA, crownY+v*crownB
		light := 2.6 - 1.6*v - 0.7*u + 0.9*rng.NormFloat64()
		i := min(len(shades)-1, max(0, int(math.Round(light))))
		crown = append(crown, blossom{x, y, 8 + 7*rng.Float64(), shades[i]})
	}
	slices.SortStableFunc(crown, func(a, b blossom) int {
		return int(a.c.r+a.c.g+a.c.b) - int(b.c.r+b.c.g+b.c.b)
	})
	// Trunk and boughs: tapered strokes from (x0, y0) with radius r0 to
	// (x1, y1) with radius r1.
	type stroke struct{ x0, y0, r0, x1, y1, r1 float64 }
	wooden := []stroke{
		{128, 228, 8, 126, 172, 5.5},
		{126, 176, 5, 98, 132, 2.5},
		{127, 174, 5, 158, 126, 2.5},
		{126, 174, 4, 131, 118, 2.5},
		{112, 152, 3, 84, 140, 1.5},
		{142, 150, 3, 174, 142, 1.5},
	}
	// the carpet of fallen blossoms under the tree
	ground := stroke{56, 230, 3.5, 200, 230, 3.5}
	inStroke := func(s stroke, x, y float64) bool {
		dx, dy := s.x1-s.x0, s.y1-s.y0
		t := max(0, min(1, ((x-s.x0)*dx+(y-s.y0)*dy)/(dx*dx+dy*dy)))
		px, py := s.x0+t*dx-x, s.y0+t*dy-y
		r := s.r0 + t*(s.r1-s.r0)
		return px*px+py*py <= r*r
	}
	// sample is the colour at (x, y), or false where the logo is clear.
	sample := func(x, y float64) (rgb, bool) {
		for i := len(crown) - 1; i >= 0; i-- {
			b := crown[i]
			if (x-b.x)*(x-b.x)+(y-b.y)*(y-b.y) <= b.r*b.r {
				return b.c, true
			}
		}
		for _, s := range wooden {
			if inStroke(s, x, y) {
				return wood, true
			}
		}
		if inStroke(ground, x, y) {
			return carpet, true
		}
		if (x-sunX)*(x-sunX)+(y-sunY)*(y-sunY) <= sunR*sunR {
			// the sunset's bands, wider towards the horizon
			for i, top := range []float64{150, 167, 184, 201} {
				if y >= top && y < top+3+1.5*float64(i) {
					return rgb{}, false
				}
			}
			t := (y - (sunY - sunR)) / (2 * sunR)
			return rgb{
				sunTop.r + t*(sunBottom.r-sunTop.r),
				sunTop.g + t*(sunBottom.g-sunTop.g),
				sunTop.b + t*(sunBottom.b-sunTop.b),
			}, true
		}
		return rgb{}, false
	}

	const n = 4 // samples a side
	img := image.NewNRGBA(image.Rect(0, 0, logoSize, logoSize))
	for py := range logoSize {
		for px := range logoSize {
			var sum rgb
			hits := 0
			for sy := range n {
				for sx := range n {
					c, ok := sample(float64(px)+(float64(sx)+0.5)/n, float64(py)+(float64(sy)+0.5)/n)
					if ok {
						sum.r, sum.g, sum.b = sum.r+c.r, sum.g+c.g, sum.b+c.b
						hits++
					}
				}
			}
			if hits == 0 {
				continue
			}
			h := float64(hits)
			img.SetNRGBA(px, py, color.NRGBA{
				R: uint8(math.Round(sum.r / h)),
				G: uint8(math.Round(sum.g / h)),
				B: uint8(math.Round(sum.b / h)),
				A: uint8(math.Round(255 * h / (n * n))),
			})
		}
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}
