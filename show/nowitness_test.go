package show

import (
	"strings"
	"testing"
	"time"
)

// An official show keyed by W draws only once W is given or the operator
// has typed that there is none; a rehearsal, a show of witness each-draw
// and one opened under an earlier edition draw as they did.
func TestNoWitnessIsTyped(t *testing.T) {
	rows := func() memRows { return memRows{"a": oneEach(cardsN(5)...)} }
	r := openRig(t, mkShow(Segment{ID: "a"}), rows(), seedOf(1), t0, Rules, false)
	if !r.eng.State().WitnessAwaited() {
		t.Fatal("an official show with no W does not await it")
	}
	if _, err := r.try(Command{Op: OpDraw}); err == nil || !strings.Contains(err.Error(), "witness TEXT") || !strings.Contains(err.Error(), "no-witness") {
		t.Fatalf("a draw with no W and no confirmation: %v; want a refusal naming both ways on", err)
	}
	evs := r.do(Command{Op: OpNoWitness})
	if len(evs) != 1 || evs[0].Kind != WitnessWaived || r.eng.State().Unwitnessed.IsZero() {
		t.Fatalf("no-witness recorded %+v", evs)
	}
	if _, err := r.try(Command{Op: OpNoWitness}); err == nil {
		t.Error("no-witness twice is taken")
	}
	r.do(Command{Op: OpDraw})
	if _, err := r.try(Command{Op: OpWitness, Text: "late"}); err == nil {
		t.Error("a W after the freeze is taken")
	}
	fresh := NewEngine(r.sh, r.src, time.Now)
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Fatalf("the replay of a show without a witness: %v", err)
	}
	if fresh.State().Unwitnessed.IsZero() {
		t.Error("the replay lost the confirmation")
	}

	// a W given leaves nothing to confirm
	w := openRig(t, mkShow(Segment{ID: "a"}), rows(), seedOf(1), t0, Rules, false)
	w.do(Command{Op: OpWitness, Text: "3 5"})
	if _, err := w.try(Command{Op: OpNoWitness}); err == nil {
		t.Error("no-witness after W is taken")
	}
	w.do(Command{Op: OpDraw})

	// a show closed with nothing drawn awaits nothing: a program started
	// on it again with --no-witness records nothing
	shut := openRig(t, mkShow(Segment{ID: "a"}), rows(), seedOf(1), t0, Rules, false)
	shut.do(Command{Op: OpSkip, Text: "entry file not delivered"})
	shut.do(Command{Op: OpClose})
	if shut.eng.State().WitnessAwaited() {
		t.Error("a closed show awaits the witness")
	}

	// an edition before 4 and a show of witness each-draw are not held
	old := openRig(t, mkShow(Segment{ID: "a"}), rows(), seedOf(1), t0, 3, false)
	old.do(Command{Op: OpDraw})
	each := mkShow(Segment{ID: "a"})
	each.Witness = WitnessEachDraw
	if openRig(t, each, rows(), seedOf(1), t0, Rules, false).eng.State().WitnessAwaited() {
		t.Error("a show of witness each-draw awaits the show's W")
	}

	// nor is a rehearsal
	sh := mkShow(Segment{ID: "a"})
	e := NewEngine(sh, rows(), func() time.Time { return t0 })
	if err := e.SetSeed(seedOf(1)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Command{
		{Op: OpOpen, ShowID: "s", Opening: &Opened{Algorithm: Algorithm, Commitment: Commitment(seedOf(1)), Segments: []string{"a"}, Rules: Rules,
			Rehearsal: true, FixedSeed: true, WallClock: t0, Mode: ModeHeadless, ClockSource: ClockWall}},
		{Op: OpLoad, Segment: "a", Loaded: &Loaded{File: "a.csv", Rows: 5}},
		{Op: OpDraw},
	} {
		ch, err := e.Decide(c)
		if err != nil {
			t.Fatalf("rehearsal %s: %v", c.Op, err)
		}
		e.Apply(ch)
	}
}
