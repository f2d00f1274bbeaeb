package scenes

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// openScene is the show's commitment, where the auditor may type a
// witness before the first bin is frozen.
type openScene struct{}

func (*openScene) Name() string { return "open" }

// Enter opens the witness's field while the show has none and no bin is
// frozen yet.
func (*openScene) Enter(s *Stage) {
	if s.view.st.Witness() == "" && s.view.st.Unwitnessed.IsZero() && !s.frozenAny() {
		s.askWitness()
	}
}

// noWitness is what the operator types to go on without an auditor's
// witness in an official show: typed, so that it is never a slip.
const noWitness = "NO WITNESS"

// askWitness opens the auditor's witness's field. An official show draws
// only once it is given, or once the operator has typed that there is none.
func (s *Stage) askWitness() {
	label := "Auditor's witness (optional) — type it, then Enter"
	if s.view.st.WitnessAwaited() {
		label = "Auditor's witness — type it, then Enter  ·  no independent witness tonight: type " + noWitness
	}
	s.host.entry = &entry{label: label, kind: fieldWitness}
}

// witnessOrWaiver tells how an official show still without the auditor's
// witness goes on, and reports whether it must.
func (s *Stage) witnessOrWaiver() bool {
	if !s.view.st.WitnessAwaited() {
		return false
	}
	s.tell("An official show draws only after the auditor's witness: type it, or " + noWitness + " to go on without one")
	return true
}

func (*openScene) Act(s *Stage, a Action) {
	switch a {
	case Next:
		if s.witnessOrWaiver() {
			s.askWitness()
			return
		}
		s.to(&s.mgr.cast.attract)
	case Export:
		s.sheet()
	}
}

func (*openScene) Update(*Stage, time.Time) {}

func (*openScene) reply(s *Stage, r reply) Scene { return s.onward(r) }

func (*openScene) Draw(s *Stage, dst *Canvas, _ time.Duration) {
	t := s.theme
	t.Line(dst, s.opt.Show.Promotion, t.Bold, 110, 210, t.Text)
	t.Line(dst, s.opt.Show.Property, t.Regular, 56, 350, t.Dim)
	t.Line(dst, "Tonight's sealed draw code", t.Bold, sizeSupport, 470, t.Text)
	c := s.view.st.Opened.Commitment
	code := t.Fit(t.Mono, 68, groups4(c[:32], 32), dst.W-2*margin) // both halves at one size
	Text(dst, groups4(c[:32], 32), code, dst.W/2, 560, Center, t.Text)
	Text(dst, groups4(c[32:], 32), code, dst.W/2, 645, Center, t.Text)
	t.Line(dst, "Sealed before the first draw. The seed it seals is revealed at the close,", t.Regular, 44, 760, t.Dim)
	t.Line(dst, "and every winner of tonight can then be re-derived from the record.", t.Regular, 44, 815, t.Dim)
	if w := s.view.st.Witness(); w != "" {
		t.Line(dst, "Auditor's witness: "+w, t.Regular, 44, 900, t.Good)
	} else if !s.view.st.Unwitnessed.IsZero() {
		t.Line(dst, "No independent witness tonight", t.Regular, 44, 900, t.Dim)
	}
}

func (*openScene) Hints(*Stage) string { return "Next ► start the show" }

func (*openScene) Buttons(s *Stage) []Button {
	var out []Button
	if e := s.host.entry; e != nil && e.kind == fieldWitness {
		out = append(out, Button{Line: "witness", Label: "Record the auditor's witness", Key: "Enter", Field: "witness", Primary: true})
	} else {
		out = s.nextButton(out, "next")
	}
	return s.skipButton(out)
}

func (*openScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }
