package scenes

import (
	"fmt"
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
// notice, the host's hint bar, help, dialogs, and the blackout over all.
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
	if s.entry != nil {
		s.drawEntry(dst)
	}
	if s.confirm != confirmNone {
		s.drawConfirm(dst)
	}
	if s.help {
		s.drawHelp(dst)
	}
	if !s.hideHints {
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

func (s *Stage) drawHints(dst *ebiten.Image, now time.Time) {
	t := s.theme
	vector.DrawFilledRect(dst, 0, H-64, W, 64, Fade(blackColour, 0.75), false)
	msg := s.hints()
	if s.message != "" && now.Sub(s.messageAt) < noticeTime {
		msg = s.message
	}
	Text(dst, msg, t.Regular(30), 30, H-50, Left, t.Dim)
	if s.busy {
		Text(dst, "working…", t.Regular(30), W-30, H-50, Right, t.Accent)
	}
}

func (s *Stage) drawEntry(dst *ebiten.Image) {
	t := s.theme
	y := float32(840)
	if s.entry.draw && s.phase == phaseIntro {
		y = witnessFieldY // under the fingerprint it follows
	}
	vector.DrawFilledRect(dst, 300, y, W-600, 150, t.Primary, false)
	vector.StrokeRect(dst, 300, y, W-600, 150, 4, t.Accent, false)
	f := t.Regular(34)
	if s.entry.draw {
		f = t.Fit(t.Regular, 34, s.entry.label, W-680)
	}
	Text(dst, s.entry.label, f, 340, float64(y)+15, Left, t.Dim)
	Text(dst, string(s.entry.text)+"_", t.Bold(56), 340, float64(y)+65, Left, t.Text)
}

func (s *Stage) drawConfirm(dst *ebiten.Image) {
	t := s.theme
	q := "Quit drawshow?"
	switch s.confirm {
	case confirmClose:
		q = "Close the show and reveal the seed?"
	case confirmNoWitness:
		q = "Record an empty draw witness?"
	}
	vector.DrawFilledRect(dst, 0, 122, W, H-122, Fade(blackColour, 0.6), false)
	vector.DrawFilledRect(dst, 360, 380, W-720, 320, t.Background, false)
	vector.StrokeRect(dst, 360, 380, W-720, 320, 6, t.Warn, false)
	Text(dst, q, t.Bold(64), W/2, 440, Center, t.Text)
	Text(dst, "Next = yes   ·   any other key = no", t.Regular(44), W/2, 580, Center, t.Dim)
}

func (s *Stage) drawMenu(dst *ebiten.Image) {
	t := s.theme
	x, y := float32(860), float32(640)
	vector.DrawFilledRect(dst, x, y, 760, float32(len(outcomes))*70+20, t.Background, false)
	for i, o := range outcomes {
		c := t.Dim
		if i == s.menu {
			vector.DrawFilledRect(dst, x, y+10+float32(i)*70, 760, 70, t.Primary, false)
			c = t.Text
		}
		Text(dst, o.label, t.Bold(44), float64(x)+30, float64(y)+20+float64(i)*70, Left, c)
	}
}

var helpLines = []string{
	"Next: PageDown  →  ↓  Space  Enter  N",
	"Previous: PageUp  ←  ↑  Backspace  P  (only where nothing is undone)",
	"F5 / Esc: context — pause the loop, open the outcome menu, choose",
	"B or .: blackout, the same key brings the picture back",
	"C claimed  ·  R proxy  ·  D decline register  ·  F forfeit  ·  A team at the device",
	"The no-show is recorded by the engine when the %d seconds run out",
	"Choosing: Next/Prev move  ·  F5 chooses  ·  or its number + Enter",
	"By hand: ticket digits + Enter  ·  T a ticket with letters  ·  wild card: numbers + Enter",
	"U update a leaderboard now  ·  S skip a draw that cannot go on  ·  E export at the close",
	"H hide the hint bar  ·  M mute  ·  + / − volume  ·  Ctrl+Q quit",
}

func (s *Stage) drawHelp(dst *ebiten.Image) {
	t := s.theme
	vector.DrawFilledRect(dst, 0, 122, W, H-122, t.Background, false)
	vector.StrokeRect(dst, 160, 170, W-320, 790, 4, t.Accent, false)
	Text(dst, "Keys", t.Bold(64), W/2, 200, Center, t.Accent)
	for i, l := range helpLines {
		if strings.Contains(l, "%d") {
			l = fmt.Sprintf(l, s.opt.Show.ClaimSeconds)
		}
		Text(dst, l, t.Fit(t.Regular, 38, l, W-440), 220, 290+float64(i)*66, Left, t.Text)
	}
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
