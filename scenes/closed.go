package scenes

import (
	"time"

	"drawshow/show"
)

// closedScene is the show closed: the seed revealed, and the exports for
// the auditor and the prize desk.
type closedScene struct {
	progress reply  // the export's step under way
	exported string // the folder the exports went to
}

func (*closedScene) Name() string { return "closed" }

func (*closedScene) Enter(*Stage) {}

func (sc *closedScene) Act(s *Stage, a Action) {
	if a == Export && sc.exported == "" {
		s.send(show.Command{Op: opExport})
	}
}

func (*closedScene) Update(*Stage, time.Time) {}

func (sc *closedScene) Draw(s *Stage, dst *Canvas, _ time.Duration) {
	t := s.theme
	t.Line(dst, "Thank you — the show is closed", t.Bold, 96, 260, t.Text)
	t.Line(dst, "Tonight's seed, revealed", t.Regular, 44, 480, t.Accent)
	if sd := s.view.st.Seed; len(sd) == 64 {
		t.Line(dst, sd[:32], t.Mono, 60, 550, t.Text)
		t.Line(dst, sd[32:], t.Mono, 60, 625, t.Text)
	}
	t.Line(dst, "With it, anyone can re-derive every winner of tonight from the record.", t.Regular, sizeSupport-8, 780, t.Dim)
	if p := sc.progress; p.total > 0 {
		u := float64(p.done) / float64(p.total)
		dst.Rect(460, 880, dst.W-920, 36, Fade(t.Primary, 0.9))
		dst.Rect(460, 880, (dst.W-920)*u, 36, t.Accent)
		t.Line(dst, "Exporting: "+p.step, t.Regular, 36, 930, t.Dim)
	}
}

// reply follows the export's steps.
func (sc *closedScene) reply(s *Stage, r reply) Scene {
	switch {
	case r.op == opProgress:
		sc.progress = r
	case r.err != nil:
	case r.op == opExport:
		sc.progress, sc.exported = reply{}, r.step
		s.tell("Exported to " + r.step)
	}
	return s.onward(r)
}

func (sc *closedScene) look(*Stage, time.Time) (any, bool) { return sc.progress.step, false }

func (sc *closedScene) Hints(*Stage) string {
	if sc.exported != "" {
		return "Exported to " + sc.exported + "  ·  Ctrl+Q quit"
	}
	return "The show is closed  ·  E export for the auditor and the prize desk  ·  Ctrl+Q quit"
}

// Buttons has no skip: the show is closed.
func (*closedScene) Buttons(s *Stage) []Button { return s.nextButton(nil, "next") }
