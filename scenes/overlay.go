package scenes

import (
	"image/color"
	"time"
)

var blackColour = color.RGBA{0, 0, 0, 0xff}

// drawOverlays draws what sits over every scene: the REHEARSAL mark, a
// notice, the blackout over all and, with StageHints, the host's hint
// strip for a few seconds after a key. The host's fields, dialogs, help,
// refusals and menus are the operator's console's, never the audience's.
func (s *Stage) drawOverlays(dst *Canvas, now time.Time) {
	t := s.theme
	if s.opt.Rehearsal || (s.view.st.Opened != nil && s.view.st.Opened.Rehearsal) {
		Text(dst, "REHEARSAL", t.Bold(48), dst.W/2, 32, Center, Fade(t.Warn, 0.9))
	}
	if s.air.notice != "" && now.Sub(s.air.noticeAt) < noticeTime {
		// above the hint bar, clear of every scene's title
		dst.Rect(0, H-64-70, dst.W, 70, Fade(t.Good, 0.9))
		Text(dst, s.air.notice, t.Bold(40), dst.W/2, H-64-58, Center, t.Background)
	}
	if s.hintsShown(now) {
		s.drawHints(dst, now)
	}
	if s.air.blackout {
		dst.Fill(blackColour)
	}
}

// hints lists the actions that do something now, for the host.
func (s *Stage) hints() string {
	switch {
	case s.host.entry != nil && s.host.entry.kind == fieldDraw && s.host.entry.label == roomWitnessLabel:
		return "Type the room's witness  ·  Enter records it  ·  Esc close the field"
	case s.host.entry != nil && s.host.entry.kind == fieldDraw:
		return "Type the draw witness  ·  Enter records it  ·  Esc close the field"
	case s.host.entry != nil:
		return "Type  ·  Enter done  ·  Esc cancel"
	case s.host.confirm == confirmQuit:
		return "Quit drawshow?  Next = yes  ·  any other key = no"
	case s.host.confirm == confirmClose:
		return "Close the show and reveal the seed? This cannot be undone.  Next = yes  ·  any other key = no"
	case s.host.confirm == confirmEarly:
		return s.earlyQuestion() + "  Next = yes  ·  any other key = no"
	case s.host.help:
		return "Next, Previous or F5 closes help"
	}
	h := s.mgr.scene.Hints(s)
	if s.view.witness.silent != "" && s.unwitnessable() {
		h += "  ·  O go on without the auditor's witness"
	}
	return h + "  ·  B blackout  ·  H hide hints  ·  F1 help"
}

// hintTime is how long the stage's hint strip (StageHints) stays after
// a key, the last part of it fading out.
const (
	hintTime = 4 * time.Second
	hintFade = 500 * time.Millisecond
)

// hintsShown reports whether the hint strip is on the big screen: only
// with StageHints, for a one-person show with no laptop in view, and for
// a few seconds after a key.
func (s *Stage) hintsShown(now time.Time) bool {
	return s.opt.StageHints && !s.host.hideHints && !s.host.keyAt.IsZero() && now.Sub(s.host.keyAt) < hintTime
}

// drawHints is the small strip of what the keys do now. It carries
// nothing typed and no refusal: those are the console's.
func (s *Stage) drawHints(dst *Canvas, now time.Time) {
	t := s.theme
	a := 1.0
	if left := hintTime - now.Sub(s.host.keyAt); left < hintFade {
		a = float64(left) / float64(hintFade)
	}
	dst.Rect(0, H-48, dst.W, 48, Fade(blackColour, 0.6*a))
	Text(dst, s.hints(), t.Regular(24), 24, H-40, Left, Fade(t.Dim, a))
}
