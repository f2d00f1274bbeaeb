package scenes

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDisjoint checks that disjoint covers the boxes' pixels, each once.
func TestDisjoint(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for n := range 200 {
		var rs []image.Rectangle
		for range n % 12 {
			x, y := rnd.IntN(40), rnd.IntN(40)
			rs = append(rs, image.Rect(x, y, x+rnd.IntN(20), y+rnd.IntN(20)))
		}
		var in, got [64][64]int
		for _, r := range rs {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					in[y][x] = 1
				}
			}
		}
		out := disjoint(rs)
		for _, r := range out {
			if r.Empty() {
				t.Fatalf("%v: an empty box %v", rs, r)
			}
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					got[y][x]++
				}
			}
		}
		if got != in {
			t.Fatalf("%v gave %v: not the same pixels, once each", rs, out)
		}
		if n == 3 && len(out) > len(rs)+8 {
			t.Errorf("%v cut into %d boxes", rs, len(out))
		}
	}
	// two boxes side by side in the same rows are one box
	if got := disjoint([]image.Rectangle{image.Rect(0, 0, 10, 10), image.Rect(10, 0, 20, 10), image.Rect(0, 10, 20, 30)}); !slices.Equal(got, []image.Rectangle{image.Rect(0, 0, 20, 30)}) {
		t.Errorf("three boxes that make one: %v", got)
	}
}

// TestCoarse checks that coarse covers every pixel of the boxes, inside
// the bounds, with tiles that do not overlap.
func TestCoarse(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	bounds := image.Rect(0, 0, 150, 100)
	for range 100 {
		var rs []image.Rectangle
		for range 1 + rnd.IntN(30) {
			x, y := rnd.IntN(170)-10, rnd.IntN(120)-10
			rs = append(rs, image.Rect(x, y, x+rnd.IntN(40), y+rnd.IntN(40)))
		}
		var got [100][150]int
		for _, r := range coarse(rs, bounds) {
			if !r.In(bounds) || r.Empty() {
				t.Fatalf("a box %v outside %v", r, bounds)
			}
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					got[y][x]++
				}
			}
		}
		for _, r := range rs {
			r = r.Intersect(bounds)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					if got[y][x] != 1 {
						t.Fatalf("%v: pixel (%d, %d) covered %d times", rs, x, y, got[y][x])
					}
				}
			}
		}
	}
}
