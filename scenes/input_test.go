package scenes

import (
	"errors"
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// The four buttons of a presentation clicker.
const (
	clickNext  = ebiten.KeyPageDown
	clickPrev  = ebiten.KeyPageUp
	clickBlank = ebiten.KeyPeriod
)

// clicker sends F5 and Esc in turn on its start/stop button, as real ones do.
type clicker struct {
	r   *rig
	esc bool
}

func (c *clicker) next()  { c.r.t.Helper(); c.r.press(clickNext) }
func (c *clicker) prev()  { c.r.t.Helper(); c.r.press(clickPrev) }
func (c *clicker) blank() { c.r.t.Helper(); c.r.press(clickBlank) }
func (c *clicker) context() {
	c.r.t.Helper()
	k := ebiten.KeyF5
	if c.esc {
		k = ebiten.KeyEscape
	}
	c.esc = !c.esc
	c.r.press(k)
}

// stepOf is where the stage is: its phase and the record's length.
type stepOf struct {
	phase  string
	events int
}

func (r *rig) step() stepOf { return stepOf{r.scene(), r.s.view.st.Events} }

// TestClickerRunsADraw plays the Saturday cash draw with the four clicker
// buttons only, through the real journal, and checks what it recorded.
func TestClickerRunsADraw(t *testing.T) {
	r := newRig(t, nil)
	c := &clicker{r: r}
	var want []string // the journal's draw events, in order

	// open: the witness field takes Next as "none"
	c.next()
	r.at("attract")

	// F5/Esc pauses and resumes the attract loop; it never quits
	c.context()
	if !r.s.mgr.cast.attract.paused {
		t.Fatal("F5 in the attract loop: not paused")
	}
	c.context()
	if r.s.mgr.cast.attract.paused {
		t.Fatal("Esc in the attract loop: still paused")
	}

	// blackout: Next does nothing under it, the same key brings back the
	// same scene, nothing recorded
	before := r.step()
	c.blank()
	if !r.s.air.blackout {
		t.Fatal("'.' did not black out")
	}
	if img := r.frame(); !allBlack(img) {
		t.Error("blackout frame is not all black")
	}
	c.next()
	c.prev()
	c.context()
	r.settle()
	c.blank()
	if r.s.air.blackout || r.step() != before || r.s.mgr.cast.attract.paused {
		t.Fatalf("after blackout: blackout %v, step %+v, paused %v; want the attract loop as it was, %+v", r.s.air.blackout, r.step(), r.s.mgr.cast.attract.paused, before)
	}

	// one press, one step: Next twice in consecutive frames at the intro
	// starts one pick, not two
	c.next()
	r.at("intro")
	want = append(want, string(show.BinFrozen))
	r.in.Push(clickNext)
	r.in.Push(clickNext)
	r.update()
	r.update()
	r.until("the pick", func() bool { return !r.s.work.busy && len(r.seg().Picks) == 1 })
	if r.scene() != "reel" {
		t.Fatalf("after Next, Next at the intro: phase %s, want reel", r.scene())
	}
	r.clk.Set(r.s.mgr.since.Add(reelTime))
	r.at("reveal")
	want = append(want, string(show.PickDrawn), string(show.PickAnnounced))

	// Prev never undoes: not at the reveal, not in the countdown
	c.prev()
	if r.scene() != "reveal" {
		t.Fatalf("Prev at the reveal: phase %s", r.scene())
	}
	c.next()
	if r.scene() != "countdown" {
		t.Fatalf("Next at the reveal: phase %s, want countdown", r.scene())
	}
	c.prev()
	r.settle()
	if p := r.pick(); p.Outcome != show.Pending {
		t.Fatalf("Prev in the countdown decided %q", p.Outcome)
	}

	// the outcome menu: F5 opens it on Back, Prev once, Esc chooses forfeit
	c.context()
	if r.s.mgr.cast.countdown.menu != len(outcomes)-1 {
		t.Fatalf("F5 in the countdown: menu %d, want %d (Back)", r.s.mgr.cast.countdown.menu, len(outcomes)-1)
	}
	c.prev()
	if got := outcomes[r.s.mgr.cast.countdown.menu].op; got != show.OpForfeit {
		t.Fatalf("menu at %q, want forfeit", got)
	}
	c.context()
	r.decided(show.Forfeit)
	want = append(want, string(show.PickDecided)+" forfeit")

	// the menu's Back closes it without a decision
	c.next() // redraw
	r.until("the redraw", func() bool { return !r.s.work.busy && len(r.seg().Picks) == 2 })
	r.clk.Set(r.s.mgr.since.Add(reelTime))
	r.at("reveal")
	want = append(want, string(show.PickDrawn), string(show.PickAnnounced))
	c.next()
	c.context()
	c.context() // the clicker's F5 then Esc: the menu opened on Back, so nothing is decided
	r.settle()
	if r.s.mgr.cast.countdown.menu != -1 || r.pick().Outcome != show.Pending {
		t.Fatalf("Back: menu %d, outcome %q", r.s.mgr.cast.countdown.menu, r.pick().Outcome)
	}

	// Ctrl+Q asks; any other key says no; Esc never quits
	r.in.PushFrame(Frame{Keys: []ebiten.Key{ebiten.KeyQ}, Ctrl: true})
	r.update()
	if r.s.host.confirm != confirmQuit {
		t.Fatal("Ctrl+Q did not ask")
	}
	c.context() // "no", and not the menu either
	if r.s.host.confirm != confirmNone || r.s.air.quit || r.s.mgr.cast.countdown.menu != -1 {
		t.Fatalf("F5/Esc at the quit question: confirm %v, quit %v, menu %d", r.s.host.confirm, r.s.air.quit, r.s.mgr.cast.countdown.menu)
	}

	// claims with Next until the draw has its winners
	for {
		r.clk.Add(freshPress) // Next claims only as a fresh press in the countdown
		c.next()              // claimed in person
		r.decided(show.Claimed)
		want = append(want, string(show.PickDecided)+" claimed")
		if r.seg().Done() {
			break
		}
		n := len(r.seg().Picks)
		c.next() // the next pick
		r.until("the next pick", func() bool { return !r.s.work.busy && len(r.seg().Picks) == n+1 })
		r.clk.Set(r.s.mgr.since.Add(reelTime))
		r.at("reveal")
		want = append(want, string(show.PickDrawn), string(show.PickAnnounced))
		c.next()
	}
	c.next()
	r.at("board")
	c.next()
	r.at("attract")
	want = append(want, string(show.SegmentNext))
	if got := r.seg().Seg.ID; got != "points-draw" {
		t.Fatalf("after the board: segment %s, want points-draw", got)
	}

	// Esc in every scene it met never ended the game (update fails the
	// test on ebiten.Termination); now Ctrl+Q and Next do
	r.in.PushFrame(Frame{Keys: []ebiten.Key{ebiten.KeyQ}, Ctrl: true})
	r.update()
	r.in.Push(clickNext) // at once: a held or double-tapped key is no answer
	r.update()
	if r.s.host.confirm != confirmQuit || r.s.air.quit {
		t.Fatalf("Ctrl+Q then Next at once: confirm %v, quit %v", r.s.host.confirm, r.s.air.quit)
	}
	r.clk.Add(freshPress)
	r.in.Push(clickNext)
	r.update()
	if err := r.s.Update(); !errors.Is(err, ebiten.Termination) {
		t.Fatalf("Ctrl+Q, Next: Update = %v, want ebiten.Termination", err)
	}

	if got := drawEvents(r.events()); !slices.Equal(got, want) {
		t.Errorf("journal:\n got %s\nwant %s", strings.Join(got, ", "), strings.Join(want, ", "))
	}
	first := r.s.view.st.Segs[0]
	if n := first.Winners(); n != first.Seg.Winners {
		t.Errorf("%s: %d winners, want %d", first.Seg.ID, n, first.Seg.Winners)
	}
}

// drawEvents are the journal's events of a draw, a decision with its
// outcome.
func drawEvents(evs []show.Event) []string {
	var out []string
	for _, e := range evs {
		switch e.Kind {
		case show.BinFrozen, show.PickDrawn, show.PickAnnounced, show.SegmentNext:
			out = append(out, string(e.Kind))
		case show.PickDecided:
			out = append(out, fmt.Sprintf("%s %s", e.Kind, e.Pick.Outcome))
		}
	}
	return out
}

// TestEscNeverQuits presses Esc in each scene of a draw: it never ends
// the game, never asks to quit, and where it has no context action it
// changes nothing.
func TestEscNeverQuits(t *testing.T) {
	r := newRig(t, nil)
	esc := func(inert bool) {
		t.Helper()
		before := r.step()
		r.press(ebiten.KeyEscape) // update fails the test on ebiten.Termination
		r.settle()
		if r.s.host.confirm == confirmQuit || r.s.air.quit {
			t.Fatalf("Esc in %s asked to quit", before.phase)
		}
		if inert && r.step() != before {
			t.Fatalf("Esc in %s: %+v, want %+v", before.phase, r.step(), before)
		}
	}
	esc(false) // open: leaves the witness field for the attract loop
	r.at("attract")
	esc(false) // pause
	esc(false) // and on
	if r.s.mgr.cast.attract.paused {
		t.Fatal("Esc twice in the attract loop: paused")
	}
	r.press(clickNext)
	r.at("intro")
	esc(true)
	r.press(clickNext)
	r.until("the pick", func() bool { return !r.s.work.busy && len(r.seg().Picks) == 1 })
	esc(true)
	r.clk.Set(r.s.mgr.since.Add(reelTime))
	r.at("reveal")
	esc(true)
	r.press(clickNext)
	esc(true) // opens the outcome menu, on Back, records nothing
	if r.s.mgr.cast.countdown.menu != len(outcomes)-1 {
		t.Fatalf("Esc in the countdown: menu %d, want open on Back", r.s.mgr.cast.countdown.menu)
	}
	esc(true) // Back
	if r.s.mgr.cast.countdown.menu != -1 || r.pick().Outcome != show.Pending {
		t.Fatalf("Back: menu %d, outcome %q", r.s.mgr.cast.countdown.menu, r.pick().Outcome)
	}
	r.press(ebiten.KeyF1)
	esc(true) // closes help
	if r.s.host.help {
		t.Fatal("Esc did not close help")
	}
	r.press(ebiten.KeyB)
	esc(true)
	if !r.s.air.blackout {
		t.Fatal("Esc lifted the blackout")
	}
}

func allBlack(img *image.RGBA) bool {
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0 || img.Pix[i+1] != 0 || img.Pix[i+2] != 0 {
			return false
		}
	}
	return true
}
