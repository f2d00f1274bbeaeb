package scenes

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The host's controls never reach the big screen. With the outcome menu,
// a typed proxy name, help or a confirm dialog open, the stage's frame is
// the frame without them, pixel for pixel; the desk (what the operator's
// console shows) has each of them.
func TestHostControlsOffAir(t *testing.T) {
	var ctl Controls
	r := newRig(t, func(o *Options) { o.OnControls = func(d Controls) { ctl = d } })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	clean, still := r.frame(), r.s.look(r.clk.Now())
	offAir := func(what string, onControls bool) {
		t.Helper()
		if d := diff(clean, r.frame()); d.over != 0 {
			t.Errorf("%s reached the big screen: %s", what, d)
		}
		// nor does it paint a whole frame, which would cost every pixel
		if k := r.s.look(r.clk.Now()); k != still {
			t.Errorf("%s changes what the big screen is said to show: %+v, was %+v", what, k, still)
		}
		if !onControls {
			t.Errorf("%s is not on the console: %+v", what, ctl)
		}
	}

	r.press(ebiten.KeyF5)
	offAir("the outcome menu", len(ctl.Menu) == len(outcomes) && strings.Contains(strings.Join(ctl.Menu, "|"), "Forfeit"))
	r.press(ebiten.KeyF5) // Back
	r.press(ebiten.KeyR)
	r.in.PushFrame(Frame{Chars: []rune("Nomvula Khumalo")})
	r.update()
	offAir("a typed proxy name", ctl.Field != nil && ctl.Field.Kind == "proxy" && ctl.Field.Text == "Nomvula Khumalo")
	r.press(ebiten.KeyEscape)
	r.press(ebiten.KeyF1)
	offAir("help", len(ctl.Help) == len(helpLines) && strings.Contains(ctl.Help[5], "90 seconds"))
	r.press(ebiten.KeyPageUp)
	r.in.PushFrame(Frame{Keys: []ebiten.Key{ebiten.KeyQ}, Ctrl: true})
	r.update()
	offAir("the quit question", ctl.Confirm == "Quit drawshow?")
	r.press(ebiten.KeyPageUp)
	r.s.tell("Refused: no claim is taken after the deadline")
	r.update()
	offAir("a refusal", ctl.Message != "")
	if ctl.Hints == "" || ctl.Scene != "countdown" {
		t.Errorf("ctl %+v", ctl)
	}
}

// --stage-hints: for a one-person show, a small strip of what the keys do
// appears for a few seconds after a key, then fades away.
func TestStageHintsAfterAKey(t *testing.T) {
	r := newRig(t, func(o *Options) { o.StageHints = true })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.faded()
	r.press(ebiten.KeyF5) // pause the loop: the scene stands still
	strip := r.frame()
	r.s.opt.StageHints = false
	bare := r.frame()
	r.s.opt.StageHints = true
	if d := diff(bare, strip); d.over == 0 || d.at.Y < H-48 {
		t.Fatalf("the hint strip after a key: %s, want a strip at the foot", d)
	}
	r.clk.Add(hintTime)
	r.update()
	if d := diff(bare, r.frame()); d.over != 0 {
		t.Errorf("the hint strip stayed %v after the key: %s", hintTime, d)
	}
}
