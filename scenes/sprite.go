package scenes

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// TextMid draws s centred on (x, y), both ways.
func TextMid(dst *Canvas, s string, f text.Face, x, y float64, c color.Color) {
	dst.text(s, f, x, y, text.AlignCenter, text.AlignCenter, c)
}

// roundRect is the outline of a rectangle with corners of radius r.
func roundRect(x, y, w, h, r float32) *vector.Path {
	var p vector.Path
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.ArcTo(x+w, y, x+w, y+r, r)
	p.LineTo(x+w, y+h-r)
	p.ArcTo(x+w, y+h, x+w-r, y+h, r)
	p.LineTo(x+r, y+h)
	p.ArcTo(x, y+h, x, y+h-r, r)
	p.LineTo(x, y+r)
	p.ArcTo(x, y, x+r, y, r)
	p.Close()
	return &p
}

// paint fills a path, or strokes it when width > 0.
func paint(dst *Canvas, p *vector.Path, width float32, c color.Color) {
	var vs []ebiten.Vertex
	var is []uint16
	if width > 0 {
		vs, is = p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinRound})
	} else {
		vs, is = p.AppendVerticesAndIndicesForFilling(nil, nil)
	}
	r, g, b, a := c.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff
	}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, AntiAlias: true}
	dst.Triangles(vs, is, white, op)
}

func ease(u float64) float64 { return 1 - math.Pow(1-clamp(u, 0, 1), 3) }

// sprite is a piece of the table drawn once and kept: a card, a ball, an
// envelope, a tile. Antialiased shapes cost software GL a pass at twice
// the size of the image they are drawn on, so each piece is drawn on its
// own small image once, and a frame only copies the pieces. The pieces
// belong to the current segment and go with it.
func (s *Stage) sprite(on *Canvas, key string, w, h float64, draw func(dst *Canvas)) *ebiten.Image {
	if seg := s.view.st.CurSeg(); seg != nil && seg.Seg.ID != s.cache.spritesOf || s.cache.spritesK != on.K {
		for _, img := range s.cache.sprites {
			img.Deallocate()
		}
		s.cache.sprites, s.cache.spritesK = map[string]*ebiten.Image{}, on.K
		if seg != nil {
			s.cache.spritesOf = seg.Seg.ID
		}
	}
	if img := s.cache.sprites[key]; img != nil {
		return img
	}
	c := on.New(w, h)
	draw(c)
	if s.cache.sprites == nil {
		s.cache.sprites = map[string]*ebiten.Image{}
	}
	s.cache.sprites[key] = c.img
	return c.img
}

// alpha is draw options that fade a sprite to a.
func alpha(a float64) *ebiten.DrawImageOptions {
	op := &ebiten.DrawImageOptions{}
	op.ColorScale.ScaleAlpha(float32(a))
	return op
}

// glow is a soft highlight of w × h with corners of radius r, behind a
// piece centred on (cx, cy).
func (s *Stage) glow(dst *Canvas, cx, cy, w, h, r float64) {
	img := s.sprite(dst, fmt.Sprintf("glow|%.0f|%.0f|%.0f", w, h, r), w, h, func(d *Canvas) {
		paint(d, roundRect(0, 0, float32(w), float32(h), float32(r)), 0, Fade(s.theme.Text, 0.45)) // ivory: gold is for money only
	})
	dst.Blit(img, cx, cy, 1, 1)
}

// A still is a picture the size of the frame, drawn once and kept while
// what it shows stays the same: what does not move, for a partial repaint
// to put back from, or the scene fading out. It holds one picture at a
// time, named by a comparable key.
type still struct {
	c   *Canvas
	key any // what c holds; nil: nothing
}

// hold is the still holding key at dst's size, drawn by draw (over
// whatever it held: draw paints it whole) when it held anything else.
func (st *still) hold(dst *Canvas, key any, draw func(*Canvas)) *Canvas {
	st.ready(dst)
	if st.key != key {
		draw(st.c)
		st.key = key
	}
	return st.c
}

// holds reports whether the still holds key at dst's size.
func (st *still) holds(dst *Canvas, key any) bool {
	return st.fits(dst) && st.key == key
}

// fits reports whether the still has an image of dst's size.
func (st *still) fits(dst *Canvas) bool {
	return st.c != nil && st.c.img.Bounds() == dst.img.Bounds()
}

// ready makes the still's image at dst's size, holding nothing, unless
// it has one, and reports whether it made it.
func (st *still) ready(dst *Canvas) bool {
	if st.fits(dst) {
		return false
	}
	if st.c != nil {
		st.c.img.Deallocate()
	}
	st.c, st.key = dst.newStill(), nil
	return true
}

// drop forgets what the still holds: the frame it was taken from has been
// painted anew.
func (st *still) drop() { st.key = nil }
