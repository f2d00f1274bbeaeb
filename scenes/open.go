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
	if s.st.Witness() == "" && !s.frozenAny() {
		s.entry = &entry{label: "Auditor's witness (optional) — type it, then Enter", witness: true}
	}
}

func (*openScene) Act(s *Stage, a Action) {
	switch a {
	case Next:
		s.to(&s.cast.attract)
	case Export:
		s.sheet()
	}
}

func (*openScene) Update(*Stage, time.Time) {}

func (*openScene) Draw(s *Stage, dst *ebiten.Image, _ time.Duration) {
	t := s.theme
	Text(dst, s.opt.Show.Promotion, t.Bold(110), W/2, 210, Center, t.Text)
	Text(dst, s.opt.Show.Property, t.Regular(56), W/2, 350, Center, t.Dim)
	Text(dst, "Show commitment — SHA-256 of tonight's secret seed", t.Regular(40), W/2, 480, Center, t.Accent)
	c := s.st.Opened.Commitment
	Text(dst, c[:32], t.Mono(64), W/2, 550, Center, t.Text)
	Text(dst, c[32:], t.Mono(64), W/2, 630, Center, t.Text)
	Text(dst, "The seed is revealed when the show closes: every winner can then be re-derived.", t.Regular(36), W/2, 760, Center, t.Dim)
	if w := s.st.Witness(); w != "" {
		Text(dst, "Auditor's witness: "+w, t.Regular(40), W/2, 840, Center, t.Good)
	}
}

func (*openScene) Hints(*Stage) string { return "Next ► start the show" }

func (*openScene) Buttons(s *Stage) []Button {
	var out []Button
	if e := s.entry; e != nil && e.witness {
		out = append(out, Button{Line: "witness", Label: "Record the auditor's witness", Key: "Enter", Field: "witness", Primary: true})
	} else {
		out = s.nextButton(out, "next")
	}
	return s.skipButton(out)
}

func (*openScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }
