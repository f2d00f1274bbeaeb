package scenes

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
	"drawshow/show"
)

// TestNotesOfKeysAndResults: OnNote is handed each key the stage takes,
// with the scene it leaves and the command it sends, and each command's
// result, a refusal included; typing into a field is noted by its Enter
// only, never a key a letter; a console's key and line are noted as the
// console's.
func TestNotesOfKeysAndResults(t *testing.T) {
	var notes []Note
	path, err := demo.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// the demo's first draw is at 21:30: at its time, no early draw to confirm
	r := openRig(t, path, testStart.Add(10*time.Minute), nil)
	r.s.opt.OnNote = func(n Note) { notes = append(notes, n) }
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	if len(notes) != 1 || notes[0].Kind != NoteKey || notes[0].Key != "PageDown" || notes[0].Field != "witness" || notes[0].From != "keyboard" || notes[0].Scene != "attract" || notes[0].Sent != nil {
		t.Fatalf("notes %+v, want PageDown taken as the witness field's Enter, to the attract loop, nothing sent", notes)
	}
	notes = nil
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	if len(notes) != 2 || notes[0].Sent == nil || notes[0].Sent.Op != show.OpFreeze ||
		notes[1].Kind != NoteResult || notes[1].Command.Op != show.OpFreeze || notes[1].Err != nil || !hasKind(notes[1].Events, show.BinFrozen) {
		t.Fatalf("notes %+v, want the key that sent freeze, then its result", notes)
	}
	r.toCountdown(ebiten.KeyPageDown)
	notes = nil
	r.press(ebiten.KeyR) // no nomination on file: the field for the name
	r.in.PushFrame(Frame{Chars: []rune("Sipho\u202eDlamini")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.settle()
	var keys []string
	var refused *Note
	for i, n := range notes {
		switch n.Kind {
		case NoteKey:
			keys = append(keys, n.Key+"/"+n.Field)
		case NoteResult:
			refused = &notes[i]
		}
	}
	if strings.Join(keys, " ") != "R/ Enter/proxy" {
		t.Errorf("keys noted %q, want R, then Enter in the proxy field and nothing typed", keys)
	}
	var ref *show.Refusal
	if refused == nil || refused.Command.Op != show.OpProxy || refused.Command.Text != "Sipho\u202eDlamini" || !errors.As(refused.Err, &ref) {
		t.Fatalf("result %+v, want the proxy refused, with the command as typed for the log to redact", refused)
	}

	notes = nil
	if err := r.s.Press("H"); err != nil {
		t.Fatal(err)
	}
	if err := r.s.Act("claim"); err != nil {
		t.Fatal(err)
	}
	r.update()
	r.update()
	r.settle()
	if len(notes) < 3 || notes[0].From != "console" || notes[0].Action != Hints ||
		notes[1].Kind != NoteLine || notes[1].Line != show.OpClaim || notes[1].Sent == nil || notes[1].Sent.Op != show.OpClaim {
		t.Fatalf("notes %+v, want the console's H, then its claim line sent", notes)
	}
	if last := notes[len(notes)-1]; last.Kind != NoteResult || last.Command.Op != show.OpClaim || last.Err != nil {
		t.Fatalf("last note %+v, want the claim committed", last)
	}
}

func hasKind(evs []show.Event, k show.EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}
