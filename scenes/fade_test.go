package scenes

import (
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestFadeMatchesWholeFrame checks every frame of the show's crossfades,
// and the clean frame after each, against a whole frame drawn at the same
// moment: a crossfade painted a part at a time leaves nothing of either
// scene where it should not be, over the backdrop or under an overlay.
func TestFadeMatchesWholeFrame(t *testing.T) {
	sr := newScreenRig(t)
	sr.every = fastFrames
	sr.play(time.Second)
	fade := func(what string) {
		t.Helper()
		parts := sr.s.mgr.fade.parts
		for i := 0; sr.s.fading(sr.clk.Now()) || sr.s.cache.ghost; i++ {
			sr.tick()
			sr.same(fmt.Sprintf("%s, frame %d of the crossfade", what, i+2))
		}
		if sr.s.mgr.fade.parts == parts {
			t.Errorf("%s: every frame of the crossfade was painted whole", what)
		}
	}
	sr.key(ebiten.KeyPageDown)
	if sr.scene() != "attract" || !sr.s.fading(sr.clk.Now()) {
		t.Fatalf("no crossfade into the attract loop: %s", sr.scene())
	}
	fade("open to attract")
	sr.play(time.Second)
	sr.key(ebiten.KeyPageDown)
	sr.untilF("the intro", func() bool { return sr.scene() == "intro" })
	fade("attract to intro")
	sr.play(time.Second)
	sr.key(ebiten.KeyPageDown)
	sr.untilF("the reel", func() bool { return sr.scene() == "reel" })
	// the reel cuts in, as the reveal does: its rows' motion is the
	// transition, and a crossfade under them cost software GL more than
	// a whole frame's pixels for each of its frames
	if sr.s.fading(sr.clk.Now()) {
		t.Error("the reel crossfades in from the intro; it cuts")
	}
	sr.same("the reel's first frame, cut in")
	sr.untilF("the countdown", func() bool { return sr.scene() == "countdown" })
	// a notice over the fade's last frames: an overlay put back and drawn again
	sr.s.notify("resumed")
	fade("reveal to countdown, under a notice")
	sr.play(time.Second)
	sr.same("countdown")
}

// TestStillsPreparedInTheOpening checks that the stills the transitions
// draw on are made while the opening stands still, one a frame, and the
// backdrop's drawn: the first crossfade, reel and reveal do not pay for
// them.
func TestStillsPreparedInTheOpening(t *testing.T) {
	sr := newScreenRig(t)
	sr.tick() // the opening, painted whole
	stills := []*still{&sr.s.mgr.fade.leaving, &sr.s.mgr.fade.arriving, &sr.s.mgr.cast.reel.still, &sr.s.mgr.cast.reveal.still, &sr.s.mgr.fade.backdrop}
	made := func() (n int) {
		for _, st := range stills {
			if st.c != nil {
				n++
			}
		}
		return n
	}
	for i := range len(stills) {
		if made() != i {
			t.Fatalf("%d stills made after %d still frames, want one a frame", made(), i)
		}
		sr.tick()
	}
	if made() != len(stills) || sr.s.mgr.fade.backdrop.key != true {
		t.Fatalf("after the opening's first frames: %d stills made, the backdrop's held: %v", made(), sr.s.mgr.fade.backdrop.key)
	}
	sr.same("the opening, the stills made")
	sr.key(ebiten.KeyPageDown)
	sr.play(time.Second)
	sr.same("attract, through a crossfade over the backdrop made in the opening")
}

// TestAsideCarriedInAStillFrame: what the opening draws off the screen
// alone (the glyphs warmed, the stills) is carried out by one frame once
// all of it is done, a frame that changes no pixel; and autoplay starts
// the show only then.
func TestAsideCarriedInAStillFrame(t *testing.T) {
	sr := (&screenRig{every: slowFrames}).on(newRig(t, func(o *Options) { o.Warm, o.Autoplay = true, true }))
	sr.tick() // the opening, painted whole
	ticks := 0
	for ; sr.s.readying() || sr.s.cache.aside; ticks++ {
		if sr.s.cache.carried != 0 {
			t.Fatalf("a frame carried after %d ticks, with glyphs or stills still to do", ticks)
		}
		if sr.scene() != "open" {
			t.Fatalf("autoplay left the opening after %d ticks, before what it readies was carried out", ticks)
		}
		if ticks > 200 {
			t.Fatal("still readying after 200 ticks")
		}
		sr.tick()
	}
	if want := len(boldSizes) + len(regularSizes) + len(monoSizes); ticks < want {
		t.Fatalf("done after %d ticks: the warming takes a face a tick, %d", ticks, want)
	}
	if sr.s.cache.carried != 1 {
		t.Fatalf("%d frames carried what was drawn aside, want 1", sr.s.cache.carried)
	}
	sr.same("the opening, once the frame that carried is drawn")
	sr.untilF("autoplay to start the show", func() bool { return sr.scene() != "open" })
	sr.play(time.Second)
	if sr.s.cache.carried != 1 {
		t.Fatalf("%d frames carried, with nothing more drawn aside", sr.s.cache.carried)
	}
}
