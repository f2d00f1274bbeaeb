package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
	"drawshow/show"
)

// A draw before its time asks the host first, off air: any other key
// leaves the bin as it is; Next freezes it, and the record keeps that
// it was early. The console's button says so and confirms in one.
func TestDrawEarlyAsks(t *testing.T) {
	early := time.Date(2026, 12, 5, 21, 20, 0, 0, time.FixedZone("SAST", 2*3600)) // the demo's first draw is at 21:30
	path, err := demo.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var ctl Controls
	r := openRig(t, path, early, func(o *Options) { o.OnControls = func(d Controls) { ctl = d } })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	clean := r.frame()
	var button Button
	for _, b := range ctl.Actions {
		if b.Primary {
			button = b
		}
	}
	if button.Line != "draw early" || !button.Irreversible || !strings.Contains(button.Label, "early") || !strings.Contains(button.Confirm, "set for 21:30") {
		t.Errorf("the console's Next button before the draw's time: %+v", button)
	}
	r.press(ebiten.KeyPageDown)
	if r.s.host.confirm != confirmEarly || !strings.Contains(ctl.Confirm, "set for 21:30 and it is 21:20") {
		t.Fatalf("Next at 21:20 for 21:30: confirm %v, ctl asks %q", r.s.host.confirm, ctl.Confirm)
	}
	if d := diff(clean, r.frame()); d.over != 0 {
		t.Errorf("the question reached the big screen: %s", d)
	}
	r.clk.Add(time.Second)
	r.press(ebiten.KeyB) // no: the blackout key answers nothing but the picture
	r.press(ebiten.KeyB)
	r.press(ebiten.KeyC)
	r.settle()
	if r.seg().Frozen != nil || r.s.host.confirm != confirmNone {
		t.Fatalf("answered no: frozen %v, confirm %v", r.seg().Frozen != nil, r.s.host.confirm)
	}

	// the console's line confirms in one
	if err := r.s.Act("draw early"); err != nil {
		t.Fatal(err)
	}
	r.until("the early freeze", func() bool { return r.seg().Frozen != nil && !r.s.work.busy })
	if !r.seg().Frozen.Early {
		t.Error("the freeze is not recorded as early")
	}
	var frozen *show.Event
	for _, e := range r.events() {
		if e.Kind == show.BinFrozen {
			frozen = &e
		}
	}
	if frozen == nil || !frozen.Frozen.Early {
		t.Errorf("the journal's freeze: %+v", frozen)
	}
}
