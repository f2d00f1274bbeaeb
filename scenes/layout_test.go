package scenes

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
)

// screens are the sizes the stage lays out for: the golden frames'
// 1920×1080, other aspects, and a 4K wall.
var screens = []struct {
	name string
	size image.Point
}{
	{"16x9", image.Pt(W, H)},
	{"16x10", image.Pt(1728, 1080)},
	{"4x3", image.Pt(1440, 1080)},
	{"32x9", image.Pt(3840, 1080)},
	{"4k", image.Pt(3840, 2160)},
}

// sharp are the frames also held as golden frames at 3840×2160, and wide
// the one at 32:9: the main moments of a show.
var (
	sharp = []string{"03-intro", "04-reel", "08-reveal", "09-claimed", "14-board", "26-cards", "28-card-turned", "35-jackpot-won"}
	wide  = []string{"08-reveal"}
)

// shoot lays the stage's frame out at every screen: no text may be cut at
// the frame's edge or sit over another. At 1920×1080 it is compared with
// its golden frame; a frame named in sharp or wide is golden at those
// sizes too; make lookbook writes the 4K frame of every one.
func (r *rig) shoot(name string) {
	r.t.Helper()
	for _, sc := range screens {
		img, on, whole := r.render(sc.size)
		if msg := layoutFaults(whole, sc.size); msg != "" {
			r.t.Errorf("%s at %s (%dx%d): %s", name, sc.name, sc.size.X, sc.size.Y, msg)
			if err := writePNG(filepath.Join(tempShots, name+"@"+sc.name+".png"), img); err == nil {
				r.t.Logf("the frame is %s", filepath.Join(tempShots, name+"@"+sc.name+".png"))
			}
		}
		switch {
		case sc.name == "16x9":
			lastFrame, lastText = img, on
			golden(r.t, name, img)
		case sc.name == "4k" && slices.Contains(sharp, name), sc.name == "32x9" && slices.Contains(wide, name):
			lastFrame, lastText = img, on
			golden(r.t, name+"@"+sc.name, img)
		case sc.name == "4k" && *lookbook != "":
			if err := writePNG(filepath.Join(*lookbook, name+"@4k.png"), img); err != nil {
				r.t.Error(err)
			}
		}
	}
}

// tempShots is where a frame that fails its layout is written.
var tempShots = filepath.Join(os.TempDir(), "drawshow-layout")

// layoutFaults says which text boxes fall outside a frame of size, or sit
// over one another by more than their line boxes' slack; "" when none.
func layoutFaults(boxes []image.Rectangle, size image.Point) string {
	frame := image.Rectangle{Max: size}
	var faults []string
	for _, b := range boxes {
		if !b.In(frame) {
			faults = append(faults, fmt.Sprintf("text at %v cut by the frame's edge", b))
		}
	}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if overlaps(a, b) {
				faults = append(faults, fmt.Sprintf("text at %v over text at %v", a, b))
			}
		}
	}
	if len(faults) == 0 {
		return ""
	}
	if len(faults) > 6 {
		faults = append(faults[:6], fmt.Sprintf("and %d more", len(faults)-6))
	}
	return fmt.Sprint(faults)
}

// overlaps reports whether two texts' boxes overlap by more than the
// slack of their line boxes: a line's box runs from above its capitals to
// below its descenders and a line gap more (a quarter of it and more, in
// Inter), so lines set close share a strip of it with no letter of either
// in it. A box the same as another is the same text drawn twice.
func overlaps(a, b image.Rectangle) bool {
	if a == b {
		return false
	}
	in := a.Intersect(b)
	slack := max(a.Dy(), b.Dy()) / 4
	return in.Dy() > slack && in.Dx() > 4
}
