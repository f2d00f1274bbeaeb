package scenes

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/show"
)

var blackColour = color.RGBA{0, 0, 0, 0xff}

// drawOverlays draws what sits over every scene: the REHEARSAL mark, a
// notice, the blackout over all and, with StageHints, the host's hint
// strip for a few seconds after a key. The host's fields, dialogs, help,
// refusals and menus are the operator's console's, never the audience's.
func (s *Stage) drawOverlays(dst *ebiten.Image, now time.Time) {
	t := s.theme
	if s.opt.Rehearsal || (s.st.Opened != nil && s.st.Opened.Rehearsal) {
		Text(dst, "REHEARSAL", t.Bold(48), W/2, 32, Center, Fade(t.Warn, 0.9))
	}
	if s.notice != "" && now.Sub(s.noticeAt) < noticeTime {
		// above the hint bar, clear of every scene's title
		vector.DrawFilledRect(dst, 0, H-64-70, W, 70, Fade(t.Good, 0.9), false)
		Text(dst, s.notice, t.Bold(40), W/2, H-64-58, Center, t.Background)
	}
	if s.hintsShown(now) {
		s.drawHints(dst, now)
	}
	if s.blackout {
		dst.Fill(blackColour)
	}
}

// hints lists the actions that do something now, for the host.
func (s *Stage) hints() string {
	switch {
	case s.entry != nil && s.entry.draw:
		return "Type the draw witness  ·  Enter records it (empty: asks first)  ·  Esc close the field"
	case s.entry != nil:
		return "Type  ·  Enter done  ·  Esc cancel"
	case s.confirm == confirmNoWitness:
		return "Record an empty draw witness?  Next = yes  ·  any other key = no, back to the field"
	case s.confirm == confirmQuit:
		return "Quit drawshow?  Next = yes  ·  any other key = no"
	case s.confirm == confirmClose:
		return "Close the show and reveal the seed? This cannot be undone.  Next = yes  ·  any other key = no"
	case s.help:
		return "Next, Previous or F5 closes help"
	}
	base := "B blackout  ·  H hide hints  ·  F1 help"
	var now string
	switch s.phase {
	case phaseOpen:
		now = "Next ► start the show"
	case phaseAttract:
		switch seg := s.st.CurSeg(); {
		case seg.Seg.Kind == show.KindWildCard:
			now = "Next ► the wild card's numbers"
		case !seg.Seg.Draws() && s.st.Cur+1 < len(s.st.Segs):
			now = "Next ► " + s.st.Segs[s.st.Cur+1].Seg.Title
		case !seg.Seg.Draws():
			now = "Next ► close the show"
		case seg.Frozen != nil:
			now = "Next ► draw intro"
		default:
			now = "Next ► freeze the bin of " + seg.Seg.Title
		}
		if s.st.CurSeg().Seg.Kind == show.KindLeaderboard {
			now += "  ·  U update the board now"
		}
		now += "  ·  F5 pause the loop"
	case phaseIntro:
		now = "Next ► draw  ·  Prev ◄ back"
		if s.witnessDue() {
			now = "Next ► type the draw witness  ·  Prev ◄ back  ·  S skip the draw"
		} else if s.st.CurSeg().Seg.Manual {
			now = "Type the ticket read out, Enter records it  ·  T a ticket with letters  ·  Prev ◄ back"
			if len(s.digits) > 0 {
				now = "Enter ► record ticket " + string(s.digits) + "  ·  Backspace erase  ·  Esc clear"
			}
		}
	case phaseChoose:
		now = s.chooseHint()
	case phaseNumbers:
		now = s.numbersHint()
	case phaseReel:
		now = "Drawing…"
	case phaseReveal:
		now = "Next ► countdown"
	case phaseCountdown:
		p := s.st.CurSeg().Last()
		switch {
		case p == nil:
		case s.st.CurSeg().Chooser() != nil:
			now = "Next ► the winner chooses " + s.st.CurSeg().Seg.Choice()
		case p.Outcome == show.Pending && s.menu >= 0:
			now = "Next/Prev move  ·  F5 choose"
		case p.Outcome == show.Pending && s.st.CurSeg().Seg.Kind == show.KindBonus && p.Deadline.IsZero():
			now = "Next/A team at the device: the seconds start  ·  C claimed  ·  D register  ·  F forfeit"
		case p.Outcome == show.Pending:
			now = "Next/C claimed  ·  R proxy  ·  D register  ·  F forfeit  ·  F5 menu  ·  no-show is automatic"
		case s.st.CurSeg().Done():
			now = "Next ► winners board"
		case p.Outcome.Wins() && s.st.CurSeg().Seg.Manual:
			now = "Next ► type the next ticket drawn"
		case p.Outcome.Wins():
			now = "Next ► draw the next winner"
		case s.st.CurSeg().Seg.Manual:
			now = "Next ► type the ticket drawn in its place"
		default:
			now = "Next ► redraw"
		}
	case phaseBoard:
		if s.st.CurSeg().Chooser() != nil {
			now = "Next ► the winners choose " + s.st.CurSeg().Seg.Choice()
		} else if s.st.Cur+1 >= len(s.st.Segs) {
			now = "Next ► close the show"
		} else {
			now = "Next ► " + s.st.Segs[s.st.Cur+1].Seg.Title
		}
	case phaseClosed:
		now = "The show is closed  ·  E export for the auditor and the prize desk  ·  Ctrl+Q quit"
		if s.exported != "" {
			now = "Exported to " + s.exported + "  ·  Ctrl+Q quit"
		}
	}
	return now + "  ·  " + base
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
	return s.opt.StageHints && !s.hideHints && !s.keyAt.IsZero() && now.Sub(s.keyAt) < hintTime
}

// drawHints is the small strip of what the keys do now. It carries
// nothing typed and no refusal: those are the console's.
func (s *Stage) drawHints(dst *ebiten.Image, now time.Time) {
	t := s.theme
	a := 1.0
	if left := hintTime - now.Sub(s.keyAt); left < hintFade {
		a = float64(left) / float64(hintFade)
	}
	vector.DrawFilledRect(dst, 0, H-48, W, 48, Fade(blackColour, 0.6*a), false)
	Text(dst, s.hints(), t.Regular(24), 24, H-40, Left, Fade(t.Dim, a))
}

// chooseHint is the choosing table's hint: what moves, what chooses.
func (s *Stage) chooseHint() string {
	seg := s.st.CurSeg()
	switch {
	case s.turning(s.now()):
		return "Turning over…"
	case seg.Chooser() == nil && seg.Seg.Kind == show.KindBonus && !seg.Done():
		return "Next ► draw the next winner"
	case seg.Chooser() == nil:
		return "Next ► winners board"
	case len(s.digits) > 0:
		return "Enter ► choose " + string(s.digits) + "  ·  Backspace erase  ·  Esc clear"
	}
	items := seg.Seg.Items()
	it := ""
	if s.at < len(items) {
		it = items[s.at]
	}
	typed := "type the ball's number"
	switch seg.Seg.Kind {
	case show.KindRoyalFlush:
		typed = "type the card's place 1–5 (or 10)"
	case show.KindBonus:
		typed = "type the envelope's number"
	}
	return "Next/Prev move  ·  F5 choose " + it + "  ·  or " + typed + " + Enter"
}

// numbersHint is the wild card's hint.
func (s *Stage) numbersHint() string {
	seg := s.st.CurSeg()
	switch {
	case seg.Numbers != nil && s.st.Cur+1 < len(s.st.Segs):
		return "Next ► " + s.st.Segs[s.st.Cur+1].Seg.Title
	case seg.Numbers != nil:
		return "Next ► close the show"
	case len(s.digits) > 0:
		return "Enter ► bin " + string(s.digits) + "  ·  Backspace erase"
	case len(s.nums) > 0 && len(s.nums) < seg.Seg.Winners:
		return "Type the next number drawn, then Enter  ·  Backspace takes the last back  ·  Esc clears"
	case len(s.nums) > 0:
		return "Enter ► who typed the numbers  ·  Backspace takes the last back"
	}
	if s.st.AwaitsDrawWitness(seg) {
		return "Next ► the draw witness, then the numbers drawn electronically  ·  or type each number drawn by hand, then Enter  ·  Prev ◄ back"
	}
	return "Next ► draw the numbers electronically  ·  or type each number drawn by hand, then Enter  ·  Prev ◄ back"
}

// drawStamp is a claim's outcome, large and unmistakable.
func (s *Stage) drawStamp(dst *ebiten.Image, o show.Outcome, x, y float64) {
	t := s.theme
	label, sub, c := "", "", t.Good
	switch o {
	case show.Claimed:
		label = "CLAIMED"
	case show.ByProxy:
		label, sub = "PROXY", "represented by a nominee"
	case show.Declined:
		label, sub, c = "ON REGISTER", "acknowledged winner in absence", t.Accent
	case show.ToContact:
		label, sub, c = "TO BE CONTACTED", "15 days to collect", t.Accent
	case show.Forfeit:
		label, sub, c = "FORFEIT", "redraw", t.Warn
	case show.NoShow:
		label, sub, c = "NO SHOW", "redraw", t.Warn
	case show.Void:
		label, sub, c = "VOID", "redraw", t.Warn
	}
	f := t.Bold(104)
	w := text.Advance(label, f) + 100
	vector.StrokeRect(dst, float32(x-w/2), float32(y), float32(w), 170, 10, c, false)
	Text(dst, label, f, x, y+22, Center, c)
	if sub != "" {
		Text(dst, sub, t.Regular(40), x, y+190, Center, t.Dim)
	}
}

func (s *Stage) maskName(card string) string { return s.maskedName(s.people[card].Name, card) }

// maskedName is a name as the big screen shows it; the masked card when
// the file gave none.
func (s *Stage) maskedName(name, card string) string {
	switch {
	case name == "":
		return s.maskCard(card)
	case s.opt.Show.Mask.Names:
		return show.MaskName(name)
	}
	return name
}

// ticketLabel is a ticket as the screen shows it: when the ticket is the
// card itself (points and fixed bins), it is masked like the card.
func (s *Stage) ticketLabel(ticket, card string) string {
	if ticket == card {
		return s.maskCard(card)
	}
	return ticket
}

// cardLine is "Card •••• 1234 · Ticket 100045", without the ticket when
// it is the card.
func (s *Stage) cardLine(ticket, card, sep string) string {
	line := "Card " + s.maskCard(card)
	if ticket != card {
		line += sep + "Ticket " + ticket
	}
	return line
}

func (s *Stage) maskCard(card string) string {
	if s.opt.Show.Mask.Cards {
		return show.MaskCard(card)
	}
	return card
}

// prizeLines collapses repeated prizes: "5 × R5 000".
func prizeLines(prizes []string) []string {
	var out []string
	for i := 0; i < len(prizes); {
		j := i
		for j < len(prizes) && prizes[j] == prizes[i] {
			j++
		}
		if j-i > 1 {
			out = append(out, strconv.Itoa(j-i)+" × "+prizes[i])
		} else {
			out = append(out, prizes[i])
		}
		i = j
	}
	return out
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// secondsText rounds up: the countdown shows 1 until the last instant.
func secondsText(d time.Duration) string {
	return strconv.Itoa(int(math.Ceil(d.Seconds())))
}
