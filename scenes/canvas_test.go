package scenes

import "testing"

// TestCanvasSize: a screen at an aspect the stage lays out for is the
// canvas whole; one outside 4:3…32:9 is letterboxed to the nearest.
func TestCanvasSize(t *testing.T) {
	for _, c := range []struct{ w, h, wantW, wantH int }{
		{1920, 1080, 1920, 1080},
		{3840, 2160, 3840, 2160},
		{1440, 1080, 1440, 1080},
		{3840, 1080, 3840, 1080},
		{1280, 1024, 1280, 960},  // 5:4, narrower than 4:3
		{5760, 1080, 3840, 1080}, // 16:3, wider than 32:9
		{0, 0, 1920, 1080},       // no screen yet
	} {
		if w, h := canvasSize(c.w, c.h); w != c.wantW || h != c.wantH {
			t.Errorf("canvasSize(%d, %d) = %d×%d, want %d×%d", c.w, c.h, w, h, c.wantW, c.wantH)
		}
	}
}
