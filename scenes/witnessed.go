package scenes

import (
	"fmt"
	"strings"
	"time"

	"drawshow/show"
)

// The stage's side of a show whose picks the auditor's witness
// countersigns (drawshow-v2): what the trust line and the console say
// while the witness does not answer, and the host's way on without it.

// notAnswering opens the words of a step the auditor's witness did not
// answer in time (data/session's WitnessSilent), which the stage knows
// only by its error: the scenes import no data package.
const notAnswering = "WITNESS NOT ANSWERING"

// witnessWatch is what the stage knows of the auditor's witness: the
// step it last did not answer, until a step succeeds or the host goes on
// without it.
type witnessWatch struct {
	silent string    // the refusal's words; "" while the witness answers
	since  time.Time // when it first did not answer
}

// watchWitness follows a command's reply: a step the witness did not
// answer starts its silence; any step committed since, or the host going
// on unwitnessed, ends it.
func (s *Stage) watchWitness(r reply) {
	w := &s.view.witness
	switch {
	case r.err != nil && strings.Contains(r.err.Error(), notAnswering):
		if w.silent == "" {
			w.since = s.now()
		}
		w.silent = r.err.Error()
	case r.err == nil && r.op != show.OpTick && len(r.evs) > 0:
		w.silent = ""
	}
	if s.view.st.Outage != nil {
		w.silent = ""
	}
}

// showTime is t as the show's clock reads, in its zone.
func (s *Stage) showTime(t time.Time) string {
	return t.In(s.opt.Show.Location).Format(time.TimeOnly)
}

// trustLead opens the trust line: "Verified draw"; WITNESS NOT ANSWERING
// while the auditor's witness does not answer; UNWITNESSED since the
// host went on without it. warn: in the theme's warning colour.
func (s *Stage) trustLead() (lead string, warn bool) {
	switch {
	case s.view.st.Outage != nil:
		return "UNWITNESSED since " + s.showTime(s.view.st.Outage.Since), true
	case s.view.witness.silent != "":
		return notAnswering, true
	}
	return "Verified draw", false
}

// witnessAlert is what the console says of the auditor's witness, most
// prominently: "" while it answers.
func (s *Stage) witnessAlert() (alert string, outage bool) {
	st := s.view.st
	if o := st.Outage; o != nil {
		return fmt.Sprintf("UNWITNESSED since %s (%s): the auditor's witness does not countersign; each pick waits for the room's witness, typed after the decision (witness TEXT: the dice rolled then), and the report and verify name every step taken so",
			s.showTime(o.Since), o.Reason), true
	}
	w := s.view.witness
	if w.silent == "" {
		return "", false
	}
	_, why, _ := strings.Cut(w.silent, notAnswering+": ")
	return fmt.Sprintf("%s since %s: %s. The way on: wait for it and try again, or go on without it with your reason: unwitnessed REASON (O on the stage, or the button)",
		notAnswering, s.showTime(w.since), strings.TrimSuffix(cutWay(why), ".")), false
}

// cutWay is a WitnessSilent's words without the way on they end with:
// the console gives it in the stage's terms.
func cutWay(why string) string {
	if i := strings.Index(why, "; draw again"); i >= 0 {
		return why[:i]
	}
	return why
}

// unwitnessable reports whether the host may now go on without the
// auditor's witness: a show whose picks it countersigns, not already
// gone on without it, not closed, and not while the reel runs.
func (s *Stage) unwitnessable() bool {
	st := s.view.st
	return st.Witnessed() && st.Outage == nil && !st.Closed && s.mgr.scene != &s.mgr.cast.reel
}

// askUnwitnessed opens the field for the reason the show goes on
// without the auditor's witness (O).
func (s *Stage) askUnwitnessed() {
	if !s.unwitnessable() {
		if st := s.view.st; st.Witnessed() && st.Outage != nil {
			s.tell("The show goes on unwitnessed already, since " + s.showTime(st.Outage.Since) + " (" + st.Outage.Reason + ")")
		}
		return
	}
	s.host.entry = &entry{label: "Why does the show go on without the auditor's witness? (in words: the record, the report and verify name it) — Enter, or Esc to go back", kind: fieldUnwitnessed}
}

// unwitnessedButton appends the console's button for unwitnessed REASON
// while the auditor's witness does not answer.
func (s *Stage) unwitnessedButton(out []Button) []Button {
	if !s.unwitnessable() || s.view.witness.silent == "" {
		return out
	}
	return append(out, Button{Line: "unwitnessed", Label: "Go on without the auditor's witness", Key: "O", Field: "reason", Irreversible: true,
		Confirm: "Go on without the auditor's witness? Each pick then waits for the room's witness, and the record, the report and verify name every step taken so."})
}

// roomWitnessLabel is the field's label for the room's witness of a pick
// drawn while the auditor's witness does not answer.
const roomWitnessLabel = "Room's witness (the auditor's witness is not answering): roll the dice now, in view of the room, and type what they show, then Enter"

// roomWitnessed tells the host that the room's witness is on the record.
func (s *Stage) roomWitnessed() {
	if seg := s.view.st.CurSeg(); seg != nil && seg.Room != nil && s.view.st.Outage != nil {
		s.tell(fmt.Sprintf("The room's witness is on the record: %q; Next draws the pick", *seg.Room))
		s.sceneChanged()
	}
}
