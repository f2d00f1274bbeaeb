package show

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestDeclineNeedsRegister: a host's decline of a card that no register
// loaded for the draw holds is refused, naming what is missing, and
// changes nothing; a paper register's note is recorded as the host's
// attestation.
func TestDeclineNeedsRegister(t *testing.T) {
	const paper = "if the signature is on a paper register, decline with its page and who checked it, e.g. decline p.4, checked by Thandi"
	t.Run("no register", func(t *testing.T) {
		r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
		p := r.draw()
		r.refused(Command{Op: OpDecline}, "a: no decline register is loaded for this draw, so card "+p.Participant+" cannot be declined; "+paper)
		r.refused(Command{Op: OpDecline, Text: "   "}, "no decline register is loaded")
	})
	t.Run("not on the register", func(t *testing.T) {
		r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
		r.do(Command{Op: OpLoad, Lists: &Lists{Register: []string{"nobody"}, RegisterFile: "register.csv"}})
		r.do(Command{Op: OpLoad, Segment: "a", Lists: &Lists{Register: []string{"nobody either"}, RegisterFile: "sat-register.csv"}})
		p := r.draw()
		r.refused(Command{Op: OpDecline}, "a: card "+p.Participant+" is not on the decline register (register.csv, sat-register.csv); "+paper)
	})
	t.Run("paper register", func(t *testing.T) {
		r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
		r.draw()
		r.do(Command{Op: OpDecline, Text: "  register p.4, checked by Thandi "})
		if p := r.last(); p.Outcome != Declined || p.By != "host" || p.Reason != "register p.4, checked by Thandi" {
			t.Errorf("%+v, want declined by the host with the note", p.PickRef)
		}
	})
	t.Run("note checked", func(t *testing.T) {
		r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
		r.draw()
		r.refused(Command{Op: OpDecline, Text: strings.Repeat("x", MaxReason+1)}, "a: the decline's note is 201 characters long, more than the 200 it may have")
		r.refused(Command{Op: OpDecline, Text: "p.4\u202echecked"}, "a: the decline's note holds U+202E, a control or bidirectional character; type it again")
	})
}

// TestDecisionReasons: a forfeit carries the host's reason, or the
// default; an engine's no-show says why.
func TestDecisionReasons(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 6)
	r.draw()
	r.do(Command{Op: OpForfeit})
	if p := r.last(); p.Outcome != Forfeit || p.Reason != "not the rightful owner of the card" {
		t.Errorf("forfeit: %+v", p.PickRef)
	}
	r.draw()
	r.do(Command{Op: OpForfeit, Text: "ID does not match the card"})
	if p := r.last(); p.Reason != "ID does not match the card" {
		t.Errorf("typed forfeit: %+v", p.PickRef)
	}
	r.draw()
	r.wait(90 * time.Second)
	if p := r.last(); p.Outcome != NoShow || p.By != "engine" || p.Reason != "not claimed within 90 s" {
		t.Errorf("no-show: %+v", p.PickRef)
	}
	// the replay decides the same
	fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Fatal(err)
	}
	if got, want := stateJSON(t, fresh.State()), stateJSON(t, r.eng.State()); got != want {
		t.Errorf("replayed state differs:\n%s\nwant\n%s", got, want)
	}
}

// TestRulesEdition: a record opened before the rules were numbered
// replays as it was decided (a bare decline, reasons unrecorded); one of
// an edition this program does not know is refused.
func TestRulesEdition(t *testing.T) {
	sh := mkShow(Segment{ID: "a", Prizes: []string{"R10 000"}})
	src := memRows{"a": oneEach(cardsN(4)...)}
	r := &rig{tb: t, sh: sh, src: src, now: t0, seed: seedOf(1)}
	r.eng = NewEngine(sh, src, func() time.Time { return r.now })
	if err := r.eng.SetSeed(r.seed); err != nil {
		t.Fatal(err)
	}
	open := func(rules int) Command {
		return Command{Op: OpOpen, ShowID: "s", Opening: &Opened{Algorithm: Algorithm, Commitment: Commitment(r.seed), Segments: []string{"a"}, Rules: rules}}
	}
	if _, err := r.try(open(Rules + 1)); err == nil || err.Error() != fmt.Sprintf("the show was opened under rules edition %d; this drawshow knows up to %d: use a newer drawshow", Rules+1, Rules) {
		t.Fatalf("a newer edition: %v", err)
	}
	r.do(open(0))
	r.do(Command{Op: OpLoad, Segment: "a", Loaded: &Loaded{File: "a.csv", Rows: 4}})
	r.draw()
	r.do(Command{Op: OpForfeit})
	r.draw()
	r.do(Command{Op: OpDecline})
	if p := r.cur().Picks; p[0].Reason != "" || p[1].Outcome != Declined || p[1].Reason != "" {
		t.Errorf("edition 0 decided %+v, %+v", p[0].PickRef, p[1].PickRef)
	}
	fresh := NewEngine(sh, src, func() time.Time { return r.now })
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Fatalf("an edition 0 record no longer replays: %v", err)
	}
}

// TestVoidReasonChecked: from rules edition 3 a void's reason is held to
// what every typed reason is: at most MaxReason characters, and no
// control or bidirectional character (a reason is printed in the report
// and shown on the console). A record of edition 2, which took any
// reason, replays with it.
func TestVoidReasonChecked(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
	r.draw()
	r.refused(Command{Op: OpVoid, Text: strings.Repeat("x", MaxReason+1)}, "a: the void's reason is 201 characters long, more than the 200 it may have")
	r.refused(Command{Op: OpVoid, Text: "card\u202e belongs to staff"}, "a: the void's reason holds U+202E, a control or bidirectional character; type it again")

	old := newRigEdition(t, r.sh, r.src, seedOf(1), t0, 2)
	old.draw()
	old.do(Command{Op: OpVoid, Text: "card\u202e belongs to staff"})
	fresh := NewEngine(old.sh, old.src, func() time.Time { return old.now })
	if err := fresh.Replay(journal(t, old.evs)); err != nil {
		t.Fatalf("an edition 2 void replays: %v", err)
	}
}
