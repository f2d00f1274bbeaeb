package scenes

import (
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/audio"
	"drawshow/show"
)

// introScene is the draw to come: its prizes, the tickets and players in
// the frozen bin, the bin's fingerprint and the show's commitment. In a
// draw by hand, the host types the ticket read out here.
type introScene struct {
	digits []rune // a ticket drawn by hand, typed so far
}

func (*introScene) Name() string { return "intro" }

func (sc *introScene) Enter(*Stage) { sc.digits = nil }

func (sc *introScene) leave() { sc.digits = nil }

func (*introScene) witnessLabel(*Stage) string {
	return "Draw witness: the auditor types what the audience saw (the dice, a ball), then Enter"
}

func (sc *introScene) typed() ([]int, []rune) { return nil, sc.digits }

// reply follows a ticket drawn by hand and read out: no reel, its winner
// at once; and tells the draw witness recorded.
func (sc *introScene) reply(s *Stage, r reply) Scene {
	switch {
	case r.err != nil:
	case r.op == show.OpTicket:
		s.sound(audio.RevealHit)
		return &s.mgr.cast.reveal
	case r.op == show.OpWitness && s.onStage(sc):
		s.drawWitnessed()
		s.roomWitnessed()
	}
	return s.onward(r)
}

func (sc *introScene) Act(s *Stage, a Action) {
	if s.witnessDue() {
		// nothing is drawn, typed or chosen before the draw witness
		switch a {
		case Next:
			if !s.busy() {
				s.askDrawWitness()
			}
		case Prev:
			s.to(&s.mgr.cast.attract)
		}
		return
	}
	if s.view.st.CurSeg().Seg.Manual {
		sc.ticketKey(s, a)
		return
	}
	switch a {
	case Next:
		s.startDraw()
	case Prev:
		s.to(&s.mgr.cast.attract)
	}
}

// ticketKey is the intro of a draw by hand: the host types the ticket
// read out from the physical bin, and Enter records it.
func (sc *introScene) ticketKey(s *Stage, a Action) {
	if d, ok := a.Digit(); ok {
		sc.digits = typeDigit(sc.digits, d)
		return
	}
	switch a {
	case Next:
		if len(sc.digits) == 0 {
			s.tell("Type the ticket number read out from the bin, then Enter (T for one with letters)")
			return
		}
		if s.send(show.Command{Op: show.OpTicket, Text: string(sc.digits)}) {
			sc.digits = nil
		}
	case Prev:
		if len(sc.digits) > 0 {
			sc.digits = sc.digits[:len(sc.digits)-1]
			return
		}
		s.to(&s.mgr.cast.attract)
	case Context:
		sc.digits = nil
	case TypeTicket:
		s.field(&entry{label: "Ticket as printed (a receipt: SEGMENT/TICKET), then Enter — Esc to go back", kind: fieldTicket})
	}
}

// typeDigit adds a typed digit to digits, up to a ticket's length.
func typeDigit(digits []rune, d rune) []rune {
	if len(digits) < 24 {
		digits = append(digits, d)
	}
	return digits
}

func (*introScene) Update(*Stage, time.Time) {}

func (sc *introScene) Draw(s *Stage, dst *Canvas, _ time.Duration) {
	t := s.theme
	seg := s.view.st.CurSeg()
	if seg.Frozen != nil && s.view.st.AwaitsDrawWitness(seg) {
		sc.drawWitnessAsked(s, dst, seg)
		return
	}
	if seg.Seg.Properties() && seg.Bin != nil && !seg.Seg.Manual {
		sc.drawFinalists(s, dst, seg)
		return
	}
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 104, seg.Seg.Title, dst.W-160), dst.W/2, 190, Center, t.Text)
	if f := seg.Frozen; f != nil {
		tickets, players := seg.Seg.BinWords()
		line := show.Thousands(f.Entries) + " " + tickets + "  ·  " + show.Thousands(f.Participants) + " " + players
		Text(dst, line, t.Regular(sizeSupport), dst.W/2, 330, Center, t.Text)
		if src := s.view.st.Seg(f.From); src != nil {
			line := "The wild card's bin " + strconv.Itoa(src.Seg.Bin) + ": " + src.Seg.Title
			Text(dst, line, t.Fit(t.Regular, 40, line, dst.W-240), dst.W/2, 410, Center, t.Dim)
		}
	}
	if w := seg.DrawWitness; w != nil {
		// the fingerprint and the commitment share a line; the witness the audience saw has its own
		line := "Show commitment  " + s.view.st.Opened.Commitment[:16]
		if f := seg.Frozen; f != nil {
			line = "Bin fingerprint  " + f.Fingerprint[:16] + "   ·   " + line
		}
		Text(dst, line, t.Fit(t.Mono, 40, line, dst.W-200), dst.W/2, 850, Center, t.Dim)
		wl := drawWitnessLine(*w)
		Text(dst, wl, t.Fit(t.Bold, 52, wl, dst.W-240), dst.W/2, 905, Center, t.Good)
	} else {
		s.drawTrust(dst, seg)
	}
	cur := s.opt.Show.Currency
	switch g := seg.Seg; {
	case g.Manual:
		Text(dst, "Drawn by hand: type the ticket read out, then Enter", t.Regular(44), dst.W/2, 470, Center, t.Dim)
		dst.Rect(dst.W/2-420, 540, 840, 130, t.Primary)
		dst.StrokeRect(dst.W/2-420, 540, 840, 130, 4, t.Accent)
		Text(dst, string(sc.digits)+"_", t.Bold(96), dst.W/2, 550, Center, t.Text)
		switch {
		case g.Jackpot != nil:
			Text(dst, "Jackpot "+show.Money(cur, s.view.st.Jackpot(seg)), t.Bold(56), dst.W/2, 690, Center, t.Accent)
		case g.Chooses() != "":
			// the prize waits on a choice: the ladder, never one prize (rules 70.4-70.5)
			line := prizeLadder(g)
			Text(dst, line, t.Fit(t.Bold, 56, line, dst.W-240), dst.W/2, 690, Center, t.Accent)
		case g.Prize(seg.Winners()) != "":
			Text(dst, "for "+amounts(g.Prize(seg.Winners())), t.Fit(t.Bold, 56, "for "+amounts(g.Prize(seg.Winners())), dst.W-240), dst.W/2, 690, Center, t.Accent)
		}
	case g.Jackpot != nil:
		Text(dst, "Jackpot "+show.Money(cur, s.view.st.Jackpot(seg)), t.Bold(96), dst.W/2, 460, Center, t.Accent)
		line := "1 jackpot ball among " + strconv.Itoa(g.Jackpot.Balls) + "  ·  every other ball " + show.Money(cur, g.Jackpot.Consolation)
		Text(dst, line, t.Regular(44), dst.W/2, 600, Center, t.Text)
	case g.ChoosesAtOnce():
		line := titleCase(string(g.Chooses())) + ": " + strings.Join(prizeLines(g.Ladder()), "  ·  ")
		Text(dst, line, t.Fit(t.Bold, 64, line, dst.W-240), dst.W/2, 470, Center, t.Text)
		if h := s.hourLine(seg, s.now()); h != "" {
			Text(dst, h, t.Bold(52), dst.W/2, 580, Center, t.Good)
		}
	default:
		// the prizes in the money's colour, the first as large as the
		// main item, the rest a level down
		y, size := 440.0, 140.0
		for i, p := range prizeLines(g.Prizes) {
			if i == 4 {
				break
			}
			t.Line(dst, p, t.Bold, size, y, t.Accent)
			y += size + 20
			size = sizeSecond
		}
	}
	if w := seg.Winners(); w > 0 {
		Text(dst, show.Thousands(w)+" of "+show.Thousands(seg.Seg.Winners)+" winners decided", t.Regular(sizeSupport), dst.W/2, 800, Center, t.Good)
	}
}

// witnessFieldY is where the draw witness's field sits on the intro:
// under the fingerprint the auditor saw before typing it.
const witnessFieldY = 660

// drawWitnessAsked is the intro of a bin frozen in a show with witness
// each-draw, until the auditor's draw witness is given: the bin, its
// fingerprint in full, and the field (an overlay) under it. Nothing of
// the draw to come is derived yet.
func (*introScene) drawWitnessAsked(s *Stage, dst *Canvas, seg *show.SegState) {
	t := s.theme
	f := seg.Frozen
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 104, seg.Seg.Title, dst.W-160), dst.W/2, 190, Center, t.Text)
	tickets, players := seg.Seg.BinWords()
	line := show.Thousands(f.Entries) + " " + tickets + "  ·  " + show.Thousands(f.Participants) + " " + players
	if seg.Seg.Properties() {
		line = show.Thousands(f.Participants) + " finalists  ·  " + strconv.Itoa(seg.Seg.Winners) + " winners each choose " + seg.Seg.ChoosesOne()
	}
	Text(dst, line, t.Regular(52), dst.W/2, 340, Center, t.Accent)
	if src := s.view.st.Seg(f.From); src != nil {
		line := "The wild card's bin " + strconv.Itoa(src.Seg.Bin) + ": " + src.Seg.Title
		Text(dst, line, t.Fit(t.Regular, 40, line, dst.W-240), dst.W/2, 410, Center, t.Dim)
	}
	Text(dst, "The bin is frozen. Its fingerprint:", t.Regular(40), dst.W/2, 470, Center, t.Dim)
	if fp := f.Fingerprint; len(fp) == 64 {
		Text(dst, fp[:32], t.Mono(48), dst.W/2, 525, Center, t.Text)
		Text(dst, fp[32:], t.Mono(48), dst.W/2, 585, Center, t.Text)
	}
	if s.host.entry == nil || s.host.entry.kind != fieldDraw {
		Text(dst, "The draw waits for the auditor's draw witness", t.Regular(44), dst.W/2, witnessFieldY+50, Center, t.Accent)
	}
	Text(dst, "Show commitment  "+s.view.st.Opened.Commitment[:16], t.Mono(40), dst.W/2, 910, Center, t.Dim)
}

func (sc *introScene) Hints(s *Stage) string {
	switch {
	case s.view.st.AwaitsRoomWitness():
		return "Next ► type the room's witness (the dice rolled now)  ·  Prev ◄ back  ·  S skip the draw"
	case s.witnessDue():
		return "Next ► type the draw witness  ·  Prev ◄ back  ·  S skip the draw"
	case s.view.st.CurSeg().Seg.Manual && len(sc.digits) > 0:
		return "Enter ► record ticket " + string(sc.digits) + "  ·  Backspace erase  ·  Esc clear"
	case s.view.st.CurSeg().Seg.Manual:
		return "Type the ticket read out, Enter records it  ·  T a ticket with letters  ·  Prev ◄ back"
	}
	return "Next ► draw  ·  Prev ◄ back"
}

func (*introScene) Buttons(s *Stage) []Button {
	var out []Button
	switch {
	case s.view.st.AwaitsRoomWitness():
		out = append(out, Button{Line: "witness", Label: "Record the room's witness (the dice rolled now)", Key: "PageDown", Field: "witness", Primary: true})
	case s.witnessDue():
		out = append(out, Button{Line: "witness", Label: "Record the draw witness", Key: "PageDown", Field: "witness", Primary: true})
	case s.view.st.CurSeg().Seg.Manual:
		out = append(out, Button{Line: "ticket", Label: "Record the ticket drawn", Key: "T", Field: "ticket", Primary: true})
	default:
		out = s.nextButton(out, "draw")
	}
	out = append(out, Button{Line: "", Label: "Back", Key: "PageUp"})
	return s.skipButton(out)
}

// autoKey draws, or in a draw by hand types a ticket from the bin.
func (*introScene) autoKey(a *autoplay) Frame {
	if seg := a.s.view.st.CurSeg(); seg.Seg.Manual && seg.Bin != nil {
		return a.typeTicket(seg)
	}
	return press(ebiten.KeyPageDown)
}

// prizeLadder is the prizes a choice decides between, highest first as
// the show file lists them: "Behind the cards: R250 000 · R100 000 · …".
func prizeLadder(g *show.Segment) string {
	prizes := g.Prizes
	if l := g.Ladder(); l != nil {
		prizes = l
	}
	what := "Behind the " + string(g.Chooses())
	return what + ": " + strings.Join(prizeLines(prizes), "  ·  ")
}
