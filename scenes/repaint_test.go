package scenes

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// screenRig draws the stage as ebiten does: on one screen that is never
// cleared, after every Update, a sixtieth of a second of show time apart.
type screenRig struct {
	*rig
	screen *ebiten.Image
	shots  []sceneShot
}

type sceneShot struct {
	name string
	img  *image.RGBA
}

func newScreenRig(t *testing.T) *screenRig {
	sr := &screenRig{screen: ebiten.NewImage(W, H)}
	sr.rig = newRig(t, func(o *Options) {
		o.OnScene = func(name string, screen *ebiten.Image) {
			img := image.NewRGBA(image.Rect(0, 0, W, H))
			screen.ReadPixels(img.Pix)
			sr.shots = append(sr.shots, sceneShot{name, img})
		}
	})
	t.Cleanup(sr.screen.Deallocate)
	return sr
}

// tick is one frame: Update, then Draw on the screen. A scene's screenshot
// taken in that Draw must be the whole scene, faded in.
func (sr *screenRig) tick() {
	sr.t.Helper()
	sr.clk.Add(time.Second / 60)
	sr.update()
	n := len(sr.shots)
	sr.s.Draw(sr.screen)
	if len(sr.shots) > n {
		s := sr.shots[n]
		if d := diff(sr.frame(), s.img); d.share() > pixelTolerance {
			sr.t.Errorf("screenshot %q is not the scene: %s", s.name, d)
		}
	}
}

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
			sr.t.Fatalf("waited %v for %s; phase %s", waitFor, what, sr.s.phase)
		}
		time.Sleep(time.Millisecond)
		sr.tick()
	}
}

// same checks that the screen, painted a part at a time, is the whole
// frame.
func (sr *screenRig) same(what string) {
	sr.t.Helper()
	got := image.NewRGBA(image.Rect(0, 0, W, H))
	sr.screen.ReadPixels(got.Pix)
	whole := sr.frame()
	if d := diff(whole, got); d.share() > pixelTolerance {
		writePNG("/tmp/dump/"+what+"-screen.png", got)
		writePNG("/tmp/dump/"+what+"-whole.png", whole)
		sr.t.Errorf("%s (%s): the screen differs from a whole frame: %s", what, sr.s.phase, d)
	}
}

// TestRepaintMatchesWholeFrame plays a draw frame by frame, as ebiten
// would, and checks at each step that what the screen shows is what a
// whole repaint shows: the partial repaints leave nothing stale behind, and
// each scene's screenshot is the scene itself.
func TestRepaintMatchesWholeFrame(t *testing.T) {
	sr := newScreenRig(t)
	sr.play(time.Second)
	sr.same("open")
	sr.key(ebiten.KeyPageDown)
	sr.play(time.Second)
	sr.same("attract")
	sr.key(ebiten.KeyPageDown)
	sr.untilF("the intro", func() bool { return sr.s.phase == phaseIntro })
	sr.play(time.Second)
	sr.same("intro")

	sr.key(ebiten.KeyPageDown)
	sr.untilF("the pick", func() bool { return !sr.s.busy && len(sr.seg().Picks) == 1 })
	for _, at := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		sr.play(sr.s.since.Add(at).Sub(sr.clk.Now()))
		sr.same("reel at " + at.String())
	}
	sr.key(ebiten.KeyF1) // help over the reel, then gone
	sr.same("help over the reel")
	sr.key(ebiten.KeyF1)
	sr.same("reel after help")
	sr.untilF("the reveal", func() bool { return sr.s.phase == phaseReveal })
	sr.play(time.Second)
	sr.same("reveal")
	sr.untilF("the countdown", func() bool { return sr.s.phase == phaseCountdown })
	sr.play(2 * time.Second)
	sr.same("countdown")
	sr.key(ebiten.KeyF5)
	sr.play(time.Second)
	sr.same("countdown with the menu")
	sr.key(ebiten.KeyPageUp) // Back
	sr.key(ebiten.KeyEscape)
	sr.play(time.Second)
	sr.same("countdown after the menu")
	sr.key(ebiten.KeyH)
	sr.play(time.Second)
	sr.same("countdown, hints hidden")
	sr.key(ebiten.KeyH)
	sr.key(ebiten.KeyB)
	sr.play(time.Second)
	sr.same("countdown under blackout")
	sr.key(ebiten.KeyB)
	sr.play(time.Second)
	sr.same("countdown after blackout")
	t.FailNow()
	dl := sr.pick().Deadline
	sr.play(dl.Add(-5 * time.Second).Sub(sr.clk.Now()))
	sr.same("countdown, 5 s left")
	sr.untilF("the no-show", func() bool { return sr.seg().Last().Outcome == show.NoShow })
	sr.play(time.Second)
	sr.same("no-show")

	sr.key(ebiten.KeyPageDown) // redraw
	sr.untilF("the redraw", func() bool { return !sr.s.busy && len(sr.seg().Picks) == 2 })
	sr.untilF("the reveal", func() bool { return sr.s.phase == phaseReveal })
	sr.key(ebiten.KeyPageDown)
	sr.play(time.Second)
	sr.key(ebiten.KeyC)
	sr.untilF("the claim", func() bool { return sr.seg().Last().Outcome == show.Claimed })
	sr.play(time.Second)
	sr.same("claimed")

	want := []string{"open", "attract", "intro", "reel", "reveal", "countdown", "reel", "reveal", "countdown"}
	var got []string
	for _, s := range sr.shots {
		got = append(got, s.name)
	}
	if len(got) != len(want) {
		t.Errorf("screenshots %q, want %q", got, want)
	}
}
