package scenes

import (
	"image"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// screenRig draws the stage as ebiten does: on one screen that is never
// cleared, after every Update.
type screenRig struct {
	*rig
	screen *ebiten.Image
	shots  []string
	every  time.Duration // show time between frames
	// onFrame, if set, is called after each frame is drawn
	onFrame func()
}

func newScreenRig(t *testing.T) *screenRig {
	sr := &screenRig{every: slowFrames}
	return sr.on(newRig(t, func(o *Options) {
		o.OnScene = func(name string, screen *ebiten.Image) {
			// a scene's screenshot must be the whole scene, faded in
			img := image.NewRGBA(image.Rect(0, 0, W, H))
			screen.ReadPixels(img.Pix)
			sr.shots = append(sr.shots, name)
			sr.exact("screenshot "+name, img)
		}
	}))
}

// on sets sr to draw r's stage on a screen as ebiten's own is: an image
// of its own, off the texture atlas. Where on the atlas an image
// lies moves what is drawn without antialiasing (the countdown ring's
// edge) by a pixel here and there, so r renders its whole frames off the
// atlas too: then a screen painted a part at a time and a whole frame
// are the same to the last bit.
func (sr *screenRig) on(r *rig) *screenRig {
	sr.rig, r.offAtlas = r, true
	sr.screen = ebiten.NewImageWithOptions(image.Rect(0, 0, W, H), &ebiten.NewImageOptions{Unmanaged: true})
	r.t.Cleanup(sr.screen.Deallocate)
	return sr
}

// The show time between two frames. Software GL makes every painted pixel
// cost, so the test runs mostly at 10 frames a second of show time, and at
// 60 where a partial repaint could leave traces frame after frame.
const (
	slowFrames = 100 * time.Millisecond
	fastFrames = time.Second / 60
)

// tick is one frame: Update, then Draw on the screen.
func (sr *screenRig) tick() {
	sr.t.Helper()
	sr.clk.Add(sr.every)
	sr.update()
	sr.s.Draw(sr.screen)
	if sr.onFrame != nil {
		sr.onFrame()
	}
}

// play draws frames for d of show time.
func (sr *screenRig) play(d time.Duration) {
	sr.t.Helper()
	for end := sr.clk.Now().Add(d); sr.clk.Now().Before(end); {
		sr.tick()
	}
}

// key is a press in the next frame.
func (sr *screenRig) key(keys ...ebiten.Key) {
	sr.t.Helper()
	sr.in.Push(keys...)
	sr.tick()
}

// untilF draws frames until cond holds.
func (sr *screenRig) untilF(what string, cond func() bool) {
	sr.t.Helper()
	deadline := time.Now().Add(waitFor)
	for !cond() {
		if time.Now().After(deadline) {
			sr.t.Fatalf("waited %v for %s; phase %s", waitFor, what, sr.scene())
		}
		time.Sleep(time.Millisecond)
		sr.tick()
	}
}

// same checks that the screen, painted a part at a time, is what a whole
// frame shows now.
func (sr *screenRig) same(what string) {
	sr.t.Helper()
	got := image.NewRGBA(image.Rect(0, 0, W, H))
	sr.screen.ReadPixels(got.Pix)
	sr.exact(what, got)
}

// exact checks that got, the screen, is a whole frame drawn now to the
// last bit: a stale pixel, however few (a digit of a ticket left from the
// last pick), fails.
func (sr *screenRig) exact(what string, got *image.RGBA) {
	sr.t.Helper()
	want := sr.frame()
	n, first := 0, image.Point{}
	for y := range H {
		for x := range W {
			if i := got.PixOffset(x, y); [4]byte(got.Pix[i:i+4]) != [4]byte(want.Pix[i:i+4]) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n > 0 {
		sr.t.Errorf("%s (%s): %d pixels of the screen differ from a whole frame, the first at %v (%s)",
			what, sr.scene(), n, first, diffText(want, got, lastText))
	}
}

// blackout checks that B blacks out the screen and keeps it black while
// the scene animates, and that B brings the same scene back.
func (sr *screenRig) blackout(what string) {
	sr.t.Helper()
	before := sr.step()
	sr.key(ebiten.KeyB)
	sr.play(time.Second)
	sr.same(what + " under blackout")
	sr.key(ebiten.KeyB)
	if p := sr.scene(); p != before.phase {
		sr.t.Errorf("%s: blackout and back: phase %s, want %s", what, p, before.phase)
	}
	sr.tick()
	sr.same(what + " after blackout")
}

// TestRepaintMatchesWholeFrame plays the show frame by frame, as ebiten
// would, and checks at each step that what the screen shows is what a
// whole repaint shows: the partial repaints leave nothing stale behind and
// paint nothing over an overlay or the blackout, and each scene's
// screenshot is the scene itself.
func TestRepaintMatchesWholeFrame(t *testing.T) {
	sr := newScreenRig(t)
	sr.play(time.Second)
	sr.same("open")
	sr.key(ebiten.KeyPageDown)
	sr.play(time.Second)
	sr.same("attract")
	sr.play(8 * time.Second) // the loop's next panel
	sr.same("attract, 9 s in")
	sr.key(ebiten.KeyF5)
	sr.play(time.Second)
	sr.same("attract, paused")
	sr.key(ebiten.KeyF5)

	sr.key(ebiten.KeyPageDown)
	sr.untilF("the intro", func() bool { return sr.scene() == "intro" })
	sr.play(time.Second)
	sr.same("intro")

	sr.every = fastFrames
	sr.key(ebiten.KeyPageDown)
	sr.untilF("the pick", func() bool { return !sr.s.work.busy && len(sr.seg().Picks) == 1 })
	sr.play(sr.s.mgr.since.Add(time.Second).Sub(sr.clk.Now()))
	sr.blackout("reel")
	sr.play(sr.s.mgr.since.Add(2 * time.Second).Sub(sr.clk.Now()))
	sr.same("reel at 2s")
	if r := &sr.s.mgr.cast.reel; !r.drawn.drewOn(sr.s.cache.canvas) || len(r.drawn.boxes) == 0 {
		t.Error("the reel's repaint put back its whole window, not the boxes its rows covered")
	}
	sr.key(ebiten.KeyF1) // help over the reel, then gone
	sr.same("help over the reel")
	sr.key(ebiten.KeyF1)
	sr.same("reel after help")
	sr.play(sr.s.mgr.since.Add(4 * time.Second).Sub(sr.clk.Now()))
	sr.same("reel at 4s")
	sr.untilF("the reveal", func() bool { return sr.scene() == "reveal" })
	sr.play(300 * time.Millisecond) // the flash widening, the name scaling in
	sr.same("reveal, the flash")
	sr.play(400 * time.Millisecond) // the name settled, the flash still widening
	sr.same("reveal, the flash fading")
	sr.play(300 * time.Millisecond)
	sr.same("reveal")
	sr.play(400 * time.Millisecond) // the confetti repainted a piece at a time
	sr.same("reveal, the confetti falling")
	sr.every = slowFrames
	sr.blackout("reveal")
	sr.untilF("the countdown", func() bool { return sr.scene() == "countdown" })
	sr.play(2 * time.Second)
	sr.same("countdown")
	sr.key(ebiten.KeyF5)
	sr.play(time.Second)
	sr.same("countdown with the menu")
	sr.key(ebiten.KeyEscape) // the menu opened on Back
	sr.play(time.Second)
	sr.same("countdown after the menu")
	sr.key(ebiten.KeyH)
	sr.play(time.Second)
	sr.same("countdown, hints hidden")
	sr.key(ebiten.KeyH)
	sr.blackout("countdown")
	sr.in.PushFrame(Frame{Keys: []ebiten.Key{ebiten.KeyQ}, Ctrl: true}) // a message in the hint bar...
	sr.tick()
	sr.key(ebiten.KeyPageUp) // ...and no
	sr.play(time.Second)
	sr.same("countdown during a notice")
	dl := sr.pick().Deadline
	sr.every = time.Second // through the long middle of the countdown
	sr.play(dl.Add(-10 * time.Second).Sub(sr.clk.Now()))
	sr.every = slowFrames
	sr.same("countdown, 10 s left")
	sr.play(5 * time.Second)
	sr.same("countdown, 5 s left")
	sr.untilF("the no-show", func() bool { return sr.seg().Last().Outcome == show.NoShow })
	sr.tick()
	sr.same("no-show")
	sr.play(time.Second)
	sr.same("no-show, 1 s after")

	// a redraw, claimed; then the rest of the draw, to its board
	for !sr.seg().Done() {
		n := len(sr.seg().Picks)
		sr.key(ebiten.KeyPageDown)
		sr.untilF("the next pick", func() bool { return !sr.s.work.busy && len(sr.seg().Picks) == n+1 })
		sr.untilF("the reveal", func() bool { return sr.scene() == "reveal" })
		sr.key(ebiten.KeyPageDown)
		sr.play(time.Second)
		sr.key(ebiten.KeyC)
		sr.untilF("the claim", func() bool { return sr.seg().Last().Outcome == show.Claimed })
		sr.play(time.Second)
		if n == 1 {
			sr.same("claimed")
		}
	}
	sr.key(ebiten.KeyPageDown)
	sr.untilF("the board", func() bool { return sr.scene() == "board" })
	sr.play(time.Second)
	sr.same("board")
	sr.key(ebiten.KeyF1)
	sr.same("board, help")
	sr.key(ebiten.KeyF1)
	sr.same("board after help")
	sr.blackout("board")

	for _, want := range []string{"open", "attract", "intro", "reel", "reveal", "countdown", "board"} {
		if !slices.Contains(sr.shots, want) {
			t.Errorf("no screenshot of %s: %q", want, sr.shots)
		}
	}
}
