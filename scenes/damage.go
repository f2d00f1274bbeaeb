package scenes

import (
	"image"
	"slices"
)

// A frame painted whole need not paint the backdrop whole: the screen
// still shows the last frame, which is the backdrop but where that frame
// drew over it, and its marks say where. The backdrop is put back there
// alone, then the frame is drawn: software GL pays for every pixel
// written, and a whole frame of a scene that covers a fifth of the screen
// cost a screen and a fifth. So too for a still drawn over the backdrop
// (a crossfade's arriving picture, what is behind the reveal's flash).
// The marks of a whole frame go on gathering through the repaints after
// it, whatever they draw; anything else drawn on the image (a crossfade's
// mix, the blackout) forgets them, and the next frame puts the backdrop
// back whole.

// overBackdrop readies dst for a picture drawn over the backdrop, and
// gathers in m what is drawn on it until stop is called: the backdrop is
// put back where m says the last picture drew on dst, or over all of it
// when m is not of dst (or the backdrop's still is not made, or a test
// notes where text falls, which a copy does not carry).
func (s *Stage) overBackdrop(dst *Canvas, m *marked) (stop func()) {
	return s.overGround(dst, m, nil, nil)
}

// overGround is overBackdrop over a ground of a scene's, g named key
// (grounded), or the backdrop when g is nil.
func (s *Stage) overGround(dst *Canvas, m *marked, key any, g *Canvas) (stop func()) {
	b := &s.mgr.fade.backdrop
	switch {
	case g != nil && m.drewOn(dst) && m.ground == key:
		dst.copyPx(g, putBack(m.boxes, dst.img.Bounds())...)
	case g != nil:
		dst.Place(g, 0, 0)
	case textRegions == nil && m.drewOn(dst) && m.ground == nil && b.holds(dst, true):
		dst.copyPx(b.c, putBack(m.boxes, dst.img.Bounds())...)
	default:
		s.backdrop(dst)
	}
	stop = m.gather(dst)
	m.ground = key
	return stop
}

// more gathers what dst draws until stop is called, on top of what m
// holds: a repaint over a picture whose boxes m holds. When m's boxes are
// not of dst, it gathers nothing, and they stay not of it.
func (m *marked) more(dst *Canvas) (stop func()) {
	if !m.drewOn(dst) || slices.Contains(dst.marks, &m.boxes) {
		return func() {}
	}
	outer := dst.marks
	dst.marks = append(outer[:len(outer):len(outer)], &m.boxes)
	return func() {
		dst.marks = outer
		if len(m.boxes) > maxBoxes {
			m.boxes = coarse(m.boxes, dst.img.Bounds())
		}
	}
}

// forget has m hold no boxes of any image: what was drawn on it since is
// not known, and the next picture over the backdrop puts it back whole.
func (m *marked) forget() { m.boxes, m.on, m.ground = m.boxes[:0], nil, nil }

// maxBoxes is the most boxes a put-back cuts exactly: more (the
// confetti's pieces over many frames) are put back by the tiles they
// touch.
const maxBoxes = 256

// tile is the side of the tiles, in pixels, that many boxes are put back
// by.
const tile = 32

// putBack is the pixels of the boxes rs, inside bounds, as boxes that do
// not overlap: each pixel put back once.
func putBack(rs []image.Rectangle, bounds image.Rectangle) []image.Rectangle {
	if len(rs) > maxBoxes {
		rs = coarse(rs, bounds)
	}
	in := make([]image.Rectangle, 0, len(rs))
	for _, r := range rs {
		if r = r.Intersect(bounds); !r.Empty() {
			in = append(in, r)
		}
	}
	return disjoint(in)
}

// coarse is the tiles, inside bounds, that the boxes rs touch, as one box
// a run of tiles in a row of them.
func coarse(rs []image.Rectangle, bounds image.Rectangle) []image.Rectangle {
	cols, rows := (bounds.Dx()+tile-1)/tile, (bounds.Dy()+tile-1)/tile
	on := make([]bool, cols*rows)
	for _, r := range rs {
		if r = r.Intersect(bounds).Sub(bounds.Min); r.Empty() {
			continue
		}
		for y := r.Min.Y / tile; y <= (r.Max.Y-1)/tile; y++ {
			for x := r.Min.X / tile; x <= (r.Max.X-1)/tile; x++ {
				on[y*cols+x] = true
			}
		}
	}
	var out []image.Rectangle
	for y := range rows {
		for x := 0; x < cols; x++ {
			if !on[y*cols+x] {
				continue
			}
			x0 := x
			for x < cols && on[y*cols+x] {
				x++
			}
			r := image.Rect(x0*tile, y*tile, x*tile, (y+1)*tile).Add(bounds.Min).Intersect(bounds)
			out = append(out, r)
		}
	}
	return out
}

// disjoint is the pixels of rs as boxes that do not overlap: the bands
// between the boxes' edges, top to bottom, each cut where the boxes it
// crosses begin and end, and a band's box joined to the one above it when
// they are as wide.
func disjoint(rs []image.Rectangle) []image.Rectangle {
	var ys []int
	for _, r := range rs {
		if !r.Empty() {
			ys = append(ys, r.Min.Y, r.Max.Y)
		}
	}
	slices.Sort(ys)
	ys = slices.Compact(ys)
	var out []image.Rectangle
	var above []image.Rectangle // the last band's boxes, still open
	var spans [][2]int
	for i := 0; i+1 < len(ys); i++ {
		y0, y1 := ys[i], ys[i+1]
		spans = spans[:0]
		for _, r := range rs {
			if r.Min.Y <= y0 && r.Max.Y >= y1 && !r.Empty() {
				spans = append(spans, [2]int{r.Min.X, r.Max.X})
			}
		}
		slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
		var band []image.Rectangle
		for _, sp := range spans {
			if n := len(band); n > 0 && sp[0] <= band[n-1].Max.X {
				band[n-1].Max.X = max(band[n-1].Max.X, sp[1])
				continue
			}
			band = append(band, image.Rect(sp[0], y0, sp[1], y1))
		}
		// a box as wide as one of the band above, and touching it, grows
		// down; the others above are done
		var next []image.Rectangle
		for _, r := range band {
			if j := slices.IndexFunc(above, func(a image.Rectangle) bool { return a.Min.X == r.Min.X && a.Max.X == r.Max.X && a.Max.Y == y0 }); j >= 0 {
				r.Min.Y = above[j].Min.Y
				above = slices.Delete(above, j, j+1)
			}
			next = append(next, r)
		}
		out = append(out, above...)
		above = next
	}
	return append(out, above...)
}
