package scenes

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
)

// An official show with no auditor's witness leaves the opening only once
// the witness is typed or the operator types NO WITNESS: Enter on an
// empty field, Esc and Next all keep the host at the opening.
func TestNoWitnessIsTypedOnStage(t *testing.T) {
	path, err := demo.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// an official show opens on its own night, by the machine's clock
	now := time.Now().In(testStart.Location())
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text = bytes.ReplaceAll(text, []byte(testStart.Format(time.DateOnly)), []byte(now.Format(time.DateOnly)))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	r := openRigAs(t, path, now, nil, true)
	r.at("open")
	field := func() bool { return r.s.host.entry != nil && r.s.host.entry.kind == fieldWitness }
	if !field() || !strings.Contains(r.s.host.entry.label, noWitness) {
		t.Fatalf("the opening of an official show offers no witness field naming %s: %+v", noWitness, r.s.host.entry)
	}
	r.clk.Add(freshPress)
	r.press(ebiten.KeyEnter)
	if !field() || r.scene() != "open" || !strings.Contains(r.s.host.message, noWitness) {
		t.Fatalf("an empty witness let the show on: phase %s, field %v, message %q", r.scene(), field(), r.s.host.message)
	}
	r.press(ebiten.KeyEscape)
	r.settle()
	if r.scene() != "open" {
		t.Fatalf("Esc left the opening for %s", r.scene())
	}
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	if !field() || r.scene() != "open" {
		t.Fatalf("Next left the opening for %s with no witness", r.scene())
	}
	r.in.PushFrame(Frame{Chars: []rune("no witness")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the confirmation", func() bool { return !r.s.work.busy && !r.s.view.st.Unwitnessed.IsZero() })
	if r.s.view.st.Witness() != "" {
		t.Errorf("NO WITNESS was recorded as the witness %q", r.s.view.st.Witness())
	}
	r.at("attract")
	r.faded()
	r.press(ebiten.KeyPageDown)
	r.settle()
	// before the draw's time the host confirms an early draw; either way
	// the witness no longer holds it
	if r.seg().Frozen == nil && r.s.host.confirm != confirmEarly {
		t.Fatalf("no freeze after the confirmation: phase %s, message %q", r.scene(), r.s.host.message)
	}
}
