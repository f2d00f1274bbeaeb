package scenes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

const tinyShow = `promotion: Tiny
property: Test
segments:
  - id: tiny
    entries: e.csv
    winners: 3
    prizes: ["R1"]
    attendance: not-required
`

func newTinyRig(t *testing.T, snd **fakeSound) *rig {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{"e.csv": "Ticket No,Card Number,Member Name\n1,111,A B\n2,222,C D\n", "show.yaml": tinyShow} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return openRig(t, filepath.Join(dir, "show.yaml"), testStart, func(o *Options) {
		*snd = newFakeSound(o.Now)
		o.Sound = *snd
	})
}

// A pool that runs out stops the drum-roll it started.
func TestDrumRollStopsWhenThePoolRunsOut(t *testing.T) {
	var snd *fakeSound
	r := newTinyRig(t, &snd)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	for i := 0; i < 2; i++ {
		r.toCountdown(ebiten.KeyPageDown)
		r.decided(show.ToContact)
	}
	// third pick: the pool is empty
	r.press(ebiten.KeyPageDown)
	r.at("board")
	if r.seg().Ended == nil || len(snd.loops) != 3 || len(snd.loops) != len(snd.stopped) {
		t.Errorf("drum-roll loops %d, stopped %d: a drum-roll plays on", len(snd.loops), len(snd.stopped))
	}
}

// A Next meant to skip the reveal that lands just after it timed out is
// no claim: the countdown takes a claim from Next only as a fresh press.
func TestNextAfterAutoRevealIsNoClaim(t *testing.T) {
	r := newRig(t, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.clk.Set(r.s.mgr.since.Add(revealTime)) // the reveal times out on its own…
	r.update()
	r.press(ebiten.KeyPageDown) // …one tick before the host's "skip to the countdown"
	r.settle()
	if r.scene() != "countdown" || r.pick().Outcome != show.Pending {
		t.Fatalf("phase %s, outcome %q: a late Next claimed", r.scene(), r.pick().Outcome)
	}
}

// Two keys down in one frame take one step, not two.
func TestTwoKeysOneFrameOneStep(t *testing.T) {
	r := newRig(t, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.press(ebiten.KeySpace, ebiten.KeyEnter)
	r.settle()
	if r.scene() != "countdown" || r.pick().Outcome != show.Pending {
		t.Fatalf("phase %s, outcome %q: Space+Enter took two steps", r.scene(), r.pick().Outcome)
	}
}

// S ends a draw that cannot go on, with the host's reason typed in: the
// record says so and the board follows.
func TestSkipKey(t *testing.T) {
	r := newRig(t, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyS)
	if r.s.host.entry == nil || r.s.host.entry.kind != fieldSkip {
		t.Fatal("S opened no reason field")
	}
	r.in.PushFrame(Frame{Chars: []rune("file late")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.at("board")
	if e := r.seg().Ended; e == nil || !strings.Contains(e.Reason, "file late") {
		t.Fatalf("ended %+v", e)
	}
}
