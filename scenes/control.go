package scenes

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/audio"
	"drawshow/show"
)

// entry is a one-line text field.
type entry struct {
	label string
	text  []rune
	kind  fieldKind
	item  string // the card it is of
	nums  []int  // the wild card's numbers whose typist it asks
	id    string // a proxy's ID number, typed in the console
}

// fieldKind is what a text field takes.
type fieldKind int

const (
	fieldProxy       fieldKind = iota // a proxy's name
	fieldWitness                      // the auditor's witness, at the opening
	fieldSkip                         // the reason a draw is skipped
	fieldTicket                       // a ticket drawn by hand, as printed
	fieldNumbers                      // who typed a wild card's numbers
	fieldDraw                         // the auditor's draw witness, typed after the freeze
	fieldPrize                        // what a physical card turned over
	fieldDecline                      // where a paper decline register is signed
	fieldUnwitnessed                  // why the show goes on without the auditor's witness
)

// String names the kind as the console's desk gives it.
func (k fieldKind) String() string {
	return [...]string{"proxy", "witness", "skip", "ticket", "numbers", "draw-witness", "prize", "decline", "unwitnessed"}[k]
}

// handle turns one tick of input into the show's next step.
func (s *Stage) handle(f Frame) {
	if len(f.Keys) > 0 || len(f.Chars) > 0 {
		s.host.keyAt = s.now()
	}
	if s.host.entry != nil {
		s.typeInto(f)
		return
	}
	for _, k := range f.Keys {
		if k == ebiten.KeyQ && f.Ctrl {
			s.ask(confirmQuit)
			return
		}
		if a := KeyMap[k]; a != None {
			s.act(a)
			return // one key a frame: two at once never take two steps
		}
	}
}

// ask opens a confirm dialog, which waits for a fresh press.
func (s *Stage) ask(c confirmKind) {
	s.host.confirm, s.host.guard = c, s.now().Add(freshPress)
}

// typeInto feeds a text field; Enter submits it, Esc cancels it.
func (s *Stage) typeInto(f Frame) {
	e := s.host.entry
	for _, r := range f.Chars {
		if r >= ' ' && len(e.text) < 64 {
			e.text = append(e.text, r)
		}
	}
	for _, k := range f.Keys {
		switch k {
		case ebiten.KeyBackspace:
			if len(e.text) > 0 {
				e.text = e.text[:len(e.text)-1]
			}
		case ebiten.KeyEscape, ebiten.KeyF5:
			s.host.entry = nil
			if e.kind == fieldWitness && !s.witnessOrWaiver() {
				s.to(&s.mgr.cast.attract)
			}
			if e.kind == fieldDraw {
				s.tell("The draw waits for its witness: Next opens the field again  ·  Prev ◄ back  ·  S skip the draw")
			}
			return
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeyPageDown:
			s.submit(e)
			return
		}
	}
}

// submit records what was typed into a field, as Enter does.
func (s *Stage) submit(e *entry) {
	if e.kind == fieldDraw {
		s.giveDrawWitness(e)
		return
	}
	text := strings.TrimSpace(string(e.text))
	s.host.entry = nil
	switch {
	case e.kind == fieldWitness && strings.EqualFold(text, noWitness) && s.view.st.WitnessAwaited():
		s.send(show.Command{Op: show.OpNoWitness})
		s.to(&s.mgr.cast.attract)
	case e.kind == fieldWitness && text != "":
		s.send(show.Command{Op: show.OpWitness, Text: text})
		s.to(&s.mgr.cast.attract)
	case e.kind == fieldWitness && s.witnessOrWaiver():
		s.host.entry = e // nothing typed: the field stays
	case e.kind == fieldWitness:
		s.to(&s.mgr.cast.attract)
	case e.kind == fieldSkip && text != "":
		s.send(show.Command{Op: show.OpSkip, Text: text})
	case e.kind == fieldTicket && text != "":
		s.send(show.Command{Op: show.OpTicket, Text: text})
	case e.kind == fieldNumbers && text != "":
		s.send(show.Command{Op: show.OpNumbers, Numbers: e.nums, Text: text})
	case e.kind == fieldPrize && text != "":
		s.send(show.Command{Op: show.OpChoose, Text: e.item, Prize: text})
	case e.kind == fieldDecline && text != "":
		s.send(show.Command{Op: show.OpDecline, Text: text})
	case e.kind == fieldProxy && text != "":
		s.send(show.Command{Op: show.OpProxy, Text: text, ID: e.id})
	case e.kind == fieldUnwitnessed && text != "":
		if !s.send(show.Command{Op: show.OpUnwitnessed, Text: text}) {
			s.host.entry = e // a command still in flight: the reason stays for Enter again
		}
	}
}

// giveDrawWitness records what the auditor typed as the draw witness, on
// a fresh press only. An empty one is refused by the engine (it would key
// the draws by what was known before the freeze): the field stays open.
func (s *Stage) giveDrawWitness(e *entry) {
	if s.now().Before(s.host.guard) || s.work.busy {
		return // a press meant for the freeze, or one still in flight: the field stays
	}
	text := strings.TrimSpace(string(e.text))
	if text == "" {
		s.tell("The draw witness is empty: type what the room saw after the freeze (the dice, a ball from the bag)")
		return
	}
	s.host.entry = nil
	if !s.send(show.Command{Op: show.OpWitness, Text: text}) {
		s.host.entry = e
		return
	}
	s.tell("Recording the draw witness…")
}

// act is one action at the current step. A key that means nothing now
// does nothing.
func (s *Stage) act(a Action) {
	switch a {
	case Blackout:
		s.air.blackout = !s.air.blackout
		return
	case Hints:
		s.host.hideHints = !s.host.hideHints
		return
	case Help:
		s.host.help = !s.host.help
		return
	case Mute:
		if snd := s.opt.Sound; snd != nil {
			snd.SetMuted(!snd.Muted())
			if snd.Muted() {
				s.notify("Sound muted")
			} else {
				s.notify("Sound on")
			}
		}
		return
	case VolumeUp, VolumeDown:
		if snd := s.opt.Sound; snd != nil {
			d := float32(0.1)
			if a == VolumeDown {
				d = -d
			}
			snd.SetVolume(min(1, max(0, snd.Volume()+d)))
			s.notify(volumeText(snd.Volume()))
		}
		return
	}
	if s.air.blackout {
		return // only the blackout key brings the picture back
	}
	if a == Unwitnessed {
		s.askUnwitnessed()
		return
	}
	if a == Skip {
		// a draw that cannot go on tonight (its entry file will not
		// import, say) ends short on the record, with the host's reason;
		// not while the reel runs, nor while winners choose, unless the
		// winner has nothing left to choose
		if s.skippable() && s.mgr.scene != &s.mgr.cast.reel && (s.mgr.scene != &s.mgr.cast.choose || s.view.st.CurSeg().Cornered()) {
			s.host.entry = &entry{label: "Why is this draw skipped? (it ends short on the record) — Enter, or Esc to go back", kind: fieldSkip}
		}
		return
	}
	if s.host.help {
		s.host.help = false
		return
	}
	if s.host.confirm != confirmNone {
		if a == Next && s.now().Before(s.host.guard) {
			return // too soon to be an answer
		}
		s.answer(a)
		return
	}
	if a == Next && s.early() {
		s.ask(confirmEarly)
		return
	}
	s.mgr.scene.Act(s, a)
}

// early reports whether Next would now freeze the current draw's bin
// before its time, which the host must confirm. A bonus jackpot keeps
// to its sessions instead; a wild card freezes nothing.
func (s *Stage) early() bool {
	seg := s.view.st.CurSeg()
	return s.mgr.scene == &s.mgr.cast.attract && seg != nil && seg.Seg.Draws() && seg.Frozen == nil &&
		!seg.Seg.Sessions() && s.now().Before(seg.Seg.At)
}

// skippable reports whether the current draw could be skipped: it is a
// draw, not done, with no pick waiting on its claim and nobody left to
// choose.
func (s *Stage) skippable() bool {
	seg := s.view.st.CurSeg()
	return seg != nil && seg.Seg.Draws() && !seg.Done() &&
		(seg.Chooser() == nil || seg.Cornered()) &&
		(seg.Last() == nil || seg.Last().Outcome != show.Pending)
}

// past moves on from the current segment: to the next, or at the last one
// to closing the show, which asks first.
func (s *Stage) past() {
	if s.view.st.Cur+1 >= len(s.view.st.Segs) {
		s.ask(confirmClose)
		return
	}
	s.send(show.Command{Op: show.OpNext})
}

// startDraw starts the reel on the next pick, or on a pick made but never shown.
func (s *Stage) startDraw() {
	seg := s.view.st.CurSeg()
	if l := seg.Last(); l != nil && l.Outcome == show.Pending && !l.Announced() {
		s.to(&s.mgr.cast.reel)
		return
	}
	if seg.Chooser() != nil {
		s.to(&s.mgr.cast.choose) // the winners choose their cards, balls or envelope
		return
	}
	if seg.Done() {
		s.to(&s.mgr.cast.board)
		return
	}
	if seg.Seg.Manual || s.view.st.AwaitsRoomWitness() {
		// the host types the next ticket drawn from the bin; or, the
		// auditor's witness not answering, the room's witness first
		s.to(&s.mgr.cast.intro)
		return
	}
	s.mgr.cast.reel.start(s)
}

// answer takes the confirm dialog's answer: Next is yes, anything else no.
func (s *Stage) answer(a Action) {
	c := s.host.confirm
	s.host.confirm = confirmNone
	if a != Next {
		return
	}
	switch c {
	case confirmQuit:
		s.air.quit = true
	case confirmClose:
		s.send(show.Command{Op: show.OpClose})
	case confirmEarly:
		if s.send(show.Command{Op: show.OpFreeze, Early: true}) {
			s.tell("Freezing the bin early…")
		}
	}
}

func volumeText(v float32) string {
	n := int(v*10 + 0.5)
	return "Volume " + strings.Repeat("■", n) + strings.Repeat("□", 10-n)
}

// sheet writes the pre-show sheet, the auditor's to sign: E on the
// opening screen or the run sheet, until the first bin is frozen.
func (s *Stage) sheet() {
	if _, ok := s.opt.Backend.(Sheets); ok && !s.frozenAny() {
		s.send(show.Command{Op: opSheet})
	}
}

// ticked tells what the show clock decided: a no-show sounds the
// buzzer; a bonus jackpot's hour that ended short, or its sessions that
// ended with winners missing, or a draw that ended, is told to the host
// in plain words (the scene on stage goes on from a draw ended: onward).
func (s *Stage) ticked(evs []show.Event) {
	loc := s.opt.Show.Location
	for _, e := range evs {
		switch {
		case e.Kind == show.PickDecided && e.Pick != nil && e.Pick.Outcome == show.NoShow:
			s.sound(audio.Buzzer)
		case e.Kind == show.HourEnded && e.Hour != nil:
			h := e.Hour
			s.tell(fmt.Sprintf("The hour %s–%s ended with %d of its %d winners", h.From.In(loc).Format("15:04"), h.To.In(loc).Format("15:04"), h.Won, h.Target))
		case e.Kind == show.SegmentEnded && e.Ended != nil:
			s.tell("This draw has ended: " + e.Ended.Reason + ". Next goes on to the next segment")
		}
	}
}
