package scenes

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/audio"
	"drawshow/show"
)

// Options are how the stage runs.
type Options struct {
	Show      *show.Show
	Theme     *Theme
	Backend   Backend
	Input     Input            // nil: the keyboard
	Now       func() time.Time // nil: the wall clock
	Rehearsal bool
	Resumed   bool
	Autoplay  bool
	ExitAfter time.Duration // 0: run until the host quits
	Sound     Sound         // nil: silent
	OnScene   func(name string, screen *ebiten.Image)
	OnFirst   func()                   // the first frame is drawn
	Images    map[string]*ebiten.Image // slides' images by segment id
	Warm      bool                     // cache the glyphs of every face the scenes use, a face a tick after the first frame
	// StageHints keeps a small strip of what the keys do now on the big
	// screen for a few seconds after each key: for a one-person show with
	// no laptop screen in view. Nothing typed, no refusal, no dialog.
	StageHints bool
	// OnDesk, if set, is handed the host's controls whenever they change:
	// the operator's console shows them (the big screen does not).
	OnDesk func(Desk)
	// Preview, if set, is handed the big screen's frame once a second and
	// on every scene change, in Draw (where it may read the pixels).
	Preview func(screen *ebiten.Image)

	// Stepped reports a step of the system clock against Now's (a
	// show.Clock's Stepped): the stage tells the operator, and no
	// countdown changes.
	Stepped func() (time.Duration, bool)
	Log     func(msg string) // nil: none; what the operator is told, for the log

	// ExitAfterScene, if set, quits once this scene (as OnScene names it:
	// "intro", "stamp-claimed") has been drawn, faded in: an end that does
	// not depend on how fast the machine draws.
	ExitAfterScene string
}

// Sound is what the stage asks of the audio (an *audio.Player): cues on
// events, and the host's mute and volume keys. Tests count the cues.
type Sound interface {
	Play(c audio.Cue) audio.Voice
	Loop(c audio.Cue) audio.Voice
	Stop(v audio.Voice)
	SetMuted(m bool)
	Muted() bool
	SetVolume(v float32)
	Volume() float32
}

// phase is where the show is on stage.
type phase int

const (
	phaseOpen      phase = iota // the commitment, and the auditor's witness
	phaseAttract                // between draws
	phaseIntro                  // the frozen bin of the draw to come
	phaseReel                   // the drawing animation
	phaseReveal                 // the winner
	phaseCountdown              // the claim countdown and its outcome
	phaseBoard                  // the draw's winners
	phaseClosed                 // the show is closed: the seed is revealed
	phaseChoose                 // winners choose a card, a ball or an envelope
	phaseNumbers                // a wild card's bin numbers
)

var phaseNames = [...]string{"open", "attract", "intro", "reel", "reveal", "countdown", "board", "closed", "choose", "numbers"}

func (p phase) String() string { return phaseNames[p] }

// Timings of the show's animations.
const (
	fadeTime   = 350 * time.Millisecond
	reelTime   = 4500 * time.Millisecond
	revealTime = 3 * time.Second
	noticeTime = 6 * time.Second
	// freshPress is how long after a claim can first be taken, or a
	// dialog first answered, that Next waits: a press meant for the step
	// before never decides the one after.
	freshPress = 800 * time.Millisecond
)

// Stage is the presenter: an ebiten.Game whose Update only changes state
// and whose Draw only renders it.
type Stage struct {
	opt   Options
	theme *Theme
	in    Input
	now   func() time.Time
	w     *worker

	st     *show.State
	people map[string]show.Person
	sample []show.Entry

	phase   phase
	since   time.Time // when the phase began
	prev    phase     // the phase faded out of
	prevAt  time.Time
	fadeAt  time.Time
	landing bool // the reel waits for its announce to be committed
	busy    bool // a command is with the worker

	blackout   bool
	hideHints  bool
	keyAt      time.Time // the host's last key, for the stage's hint strip
	lastDesk   Desk      // the controls as OnDesk was last handed them
	remote     inbox     // what the operator's console asked for
	previewAt  time.Time // the frame Preview was last handed
	help       bool
	paused     bool // the attract loop stands still…
	held       int  // …on this page
	confirm    confirmKind
	entry      *entry // a text field: the witness, a proxy's name
	menu       int    // the countdown's outcome menu: -1 closed
	boardFocus bool   // Prev from the board shows the last stamp
	message    string // for the host, in the hint bar
	messageAt  time.Time
	notice     string // for everyone, e.g. "resumed"
	noticeAt   time.Time
	started    time.Time
	stepCheck  time.Time // when the system clock was last compared with the show's
	quit       bool

	guard time.Time // until then Next decides nothing: it needs a fresh press

	digits  []rune   // typed: a ticket, a card, ball or envelope, a bin number
	at      int      // the highlighted card, ball or envelope: its index in the segment's items
	nums    []int    // a wild card's numbers typed so far, before the name of who typed them
	turn    turnOver // the last card, ball or envelope turned over, or the numbers drawn
	ticks   int
	warming bool // glyphs are still being cached, a face a tick
	stats   *Stats
	scratch *ebiten.Image // for crossfades
	lastTen int           // the last countdown second cued
	seen    string        // the scene of the last screenshot Draw took (see seenScene)
	shotAt  time.Time     // when the new scene has faded in: a screenshot is due
	shotDue bool
	shown   look // what the canvas shows now
	ghost   bool // it still shows the old scene fading out

	board     []show.Place // the leaderboard on screen…
	boardAt   time.Time    // …from the standings file written then
	boardErr  string       // why the last read failed, when it did
	boardPoll time.Time    // when the standings were last asked for

	anchor    string // the chain head as on paper, on a draw's winners board
	anchorDue bool   // the board is up and its chain head is still to be read

	progress  reply                    // the export's step under way
	exported  string                   // the folder the exports went to
	roll      audio.Voice              // the drum-roll under the reel
	ring      *ebiten.Image            // the countdown ring, drawn apart
	reel      *ebiten.Image            // the reel's window, drawn apart
	sprites   map[string]*ebiten.Image // the table's cards, balls, envelopes, drawn once…
	spritesOf string                   // …for this segment
}

type confirmKind int

const (
	confirmNone confirmKind = iota
	confirmQuit
	confirmClose
	confirmNoWitness // an empty draw witness: the draws then rest on the show's key alone
)

// New makes the stage for an open show.
func New(opt Options) *Stage {
	s := &Stage{opt: opt, theme: opt.Theme, in: opt.Input, now: opt.Now, menu: -1, people: map[string]show.Person{}, warming: opt.Warm}
	if s.in == nil {
		s.in = &Keyboard{}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if opt.Autoplay {
		s.in = newAutoplay(s)
	}
	// Draw hands every new scene, faded in, to OnScene: the stage notes
	// which, so that autoplay and ExitAfterScene go by frames drawn
	shot := opt.OnScene
	s.opt.OnScene = func(name string, screen *ebiten.Image) {
		s.seen = name
		if shot != nil {
			shot(name, screen)
		}
	}
	s.started = s.now()
	s.st = opt.Backend.State()
	s.resume() // before the worker starts: it reads the backend on this goroutine
	if opt.Backend != nil {
		s.w = startWorker(opt.Backend, 100*time.Millisecond)
	}
	return s
}

// resume puts the stage where the record says the show is.
func (s *Stage) resume() {
	st := s.st
	seg := st.CurSeg()
	p := phaseOpen
	switch {
	case st.Closed:
		p = phaseClosed
	case !s.opt.Resumed:
		p = phaseOpen
	case seg == nil || seg.Frozen == nil:
		p = phaseAttract
	case seg.Last() != nil && seg.Last().Outcome == show.Pending && !seg.Last().Announced():
		p = phaseIntro // the pick is made but was never shown: show it now
	case seg.Chooser() != nil:
		p = phaseChoose
	case seg.Last() != nil && (seg.Last().Outcome == show.Pending || !seg.Done()):
		p = phaseCountdown
	case seg.Done() && len(seg.Picks) > 0:
		p = phaseBoard
	default:
		p = phaseIntro
	}
	if s.opt.Resumed {
		s.notify(fmt.Sprintf("Resumed after a restart — the record holds every step (%d events)", st.Events))
		if seg != nil && seg.Bin != nil {
			s.sample = sample(seg.Bin)
			s.fetchPeople(seg)
		}
	}
	s.to(p)
}

// Close stops the stage's worker; the stage is not used after.
func (s *Stage) Close() {
	if s.w != nil {
		close(s.w.in)
		s.w = nil
	}
}

// fetchPeople looks up the names the stage needs for seg on a resume,
// before the worker starts (after, names come with the worker's replies).
func (s *Stage) fetchPeople(seg *show.SegState) {
	cards := make([]string, 0, len(s.sample)+len(seg.Picks))
	for _, e := range s.sample {
		cards = append(cards, e.Participant)
	}
	for _, p := range seg.Picks {
		cards = append(cards, p.Participant)
	}
	if seg.Bin != nil && len(seg.Bin.Entries) <= boardSize {
		for _, e := range seg.Bin.Entries {
			cards = append(cards, e.Participant)
		}
	}
	if ps, err := s.opt.Backend.People(seg.Seg.ID, cards); err == nil {
		for k, v := range ps {
			s.people[k] = v
		}
	}
}

func (s *Stage) to(p phase) {
	now := s.now()
	if p != s.phase {
		s.prev, s.prevAt, s.fadeAt = s.phase, s.since, now
	}
	s.phase, s.since = p, now
	s.menu, s.boardFocus, s.entry = -1, false, nil // a field belongs to its scene
	s.digits, s.nums = nil, nil
	if p == phaseCountdown || p == phaseChoose || p == phaseNumbers {
		s.guard = now.Add(freshPress)
	}
	if p == phaseChoose {
		s.at = s.firstFree(0, 1)
	}
	if p == phaseOpen && s.st.Witness() == "" && !s.frozenAny() {
		s.entry = &entry{label: "Auditor's witness (optional) — type it, then Enter", witness: true}
	}
	if s.witnessDue() {
		s.askDrawWitness()
	}
	if p == phaseBoard {
		s.anchor, s.anchorDue = "", true // the head as it stands now the board is up
	}
	s.sceneChanged()
}

// witnessDue reports whether the scene on stage waits for the auditor's
// draw witness: the intro of a frozen bin, a wild card's numbers, a
// choosing table, in a segment whose draws cannot be derived without it.
func (s *Stage) witnessDue() bool {
	seg := s.st.CurSeg()
	switch s.phase {
	case phaseIntro, phaseNumbers, phaseChoose:
		return seg != nil && s.st.AwaitsDrawWitness(seg)
	}
	return false
}

// askDrawWitness opens the draw witness's field. Enter waits for a fresh
// press: the Next that froze the bin never records a witness.
func (s *Stage) askDrawWitness() {
	label := "Draw witness: the auditor types what the audience saw (the dice, a ball), then Enter"
	if s.phase == phaseNumbers {
		label = "Draw witness for the numbers drawn electronically, then Enter — Esc to type the numbers drawn by hand"
	}
	s.entry = &entry{label: label, draw: true}
	s.guard = s.now().Add(freshPress)
}

func (s *Stage) frozenAny() bool {
	for _, g := range s.st.Segs {
		if g.Frozen != nil {
			return true
		}
	}
	return false
}

func (s *Stage) notify(msg string) { s.notice, s.noticeAt = msg, s.now() }

// checkClock compares the system clock with the show's once a second.
func (s *Stage) checkClock() {
	if s.opt.Stepped == nil || s.now().Sub(s.stepCheck) < time.Second {
		return
	}
	s.stepCheck = s.now()
	if d, ok := s.opt.Stepped(); ok {
		msg := fmt.Sprintf("The system clock was stepped by %+v; the show keeps its own time: no countdown changed", d.Round(time.Second))
		s.tell(msg)
		if s.opt.Log != nil {
			s.opt.Log(msg)
		}
	}
}

func (s *Stage) tell(msg string) { s.message, s.messageAt = msg, s.now() }

// Layout fixes the logical canvas; ebiten scales it to the screen.
func (s *Stage) Layout(int, int) (int, int) { return W, H }

// Update advances the show by one tick: input, the worker's replies, and
// the animations' timed steps.
func (s *Stage) Update() error {
	t0 := time.Now()
	defer func() { s.stats.addUpdate(time.Since(t0)) }()
	s.ticks++
	if s.warming && s.ticks > 1 { // after the first frame is up, not before it
		s.warming = s.theme.WarmStep(s.ticks - 2)
	}
	if s.quit {
		return ebiten.Termination
	}
	if s.opt.ExitAfter > 0 && s.now().Sub(s.started) >= s.opt.ExitAfter {
		return ebiten.Termination
	}
	if s.opt.ExitAfterScene != "" && s.seenScene() == s.opt.ExitAfterScene {
		return ebiten.Termination
	}
	s.checkClock()
	s.drain()
	s.handle(s.in.Poll())
	if !s.busy { // one command at a time: the console's wait for the one in flight
		if r, ok := s.remote.pop(); ok {
			s.perform(r)
		}
	}
	s.step()
	if !s.shotAt.IsZero() && !s.now().Before(s.shotAt) {
		s.shotAt, s.shotDue = time.Time{}, true
	}
	if s.opt.OnDesk != nil {
		if d := s.desk(s.now()); !d.equal(&s.lastDesk) {
			s.lastDesk = d
			s.opt.OnDesk(d)
		}
	}
	return nil
}

// seenScene is the scene on screen once a frame of it, faded in, has been
// drawn (and its screenshot taken); "" while the latest scene change is
// still to fade in or to be drawn.
func (s *Stage) seenScene() string {
	if !s.shotAt.IsZero() || s.shotDue {
		return ""
	}
	return s.seen
}

// IsScene reports whether name is a scene as OnScene (and --shots) name
// them: a phase ("attract"), or a countdown's outcome stamp ("stamp-claimed").
func IsScene(name string) bool {
	if o, ok := strings.CutPrefix(name, "stamp-"); ok {
		return o != ""
	}
	return slices.Contains(phaseNames[:], name)
}

// SceneNames are the phases' scene names, in the show's order.
func SceneNames() []string { return slices.Clone(phaseNames[:]) }

// drain applies whatever the worker has sent back.
func (s *Stage) drain() {
	if s.w == nil {
		return
	}
	for {
		select {
		case r := <-s.w.out:
			s.apply(r)
		default:
			return
		}
	}
}

func (s *Stage) apply(r reply) {
	if r.op == opProgress {
		s.progress = r
		return
	}
	if r.op == opStandings {
		s.busy = false
		s.standings(r)
		return
	}
	if r.op == opAnchor {
		s.busy = false
		if r.err != nil {
			s.tell("The chain head could not be read for the board: " + r.err.Error())
		} else if s.phase == phaseBoard {
			s.anchor = r.step
		}
		return
	}
	if r.op != show.OpTick {
		s.busy = false
	}
	if r.st != nil {
		s.st = r.st
	}
	if s.entry != nil && s.entry.draw && !s.witnessDue() {
		s.entry = nil // the draw witness is on the record
	}
	for k, v := range r.people {
		s.people[k] = v
	}
	if r.err != nil {
		var ref *show.Refusal
		if errors.As(r.err, &ref) {
			s.tell("Refused: " + ref.Reason)
		} else {
			s.tell("Error: " + r.err.Error())
		}
		if r.op == show.OpPick || r.op == show.OpAnnounce {
			s.landing = false
			s.stopRoll()
			s.to(phaseIntro)
		}
		switch r.op {
		case show.OpDraw, show.OpChoose, show.OpWitness:
			if s.entry == nil && s.confirm == confirmNone && s.witnessDue() {
				s.askDrawWitness() // refused for want of the draw witness: its field is the way on
			}
		}
		return
	}
	switch r.op {
	case show.OpFreeze:
		s.message = ""
		s.sample = r.sample
		for _, e := range s.sample {
			if p, ok := s.people[e.Participant]; ok {
				s.theme.Warm(show.MaskName(p.Name) + p.Name)
			}
		}
		s.to(phaseIntro)
	case show.OpPick:
		seg := s.st.CurSeg()
		if seg.Ended != nil {
			s.stopRoll()
			s.tell(seg.Ended.Reason)
			s.ended()
		}
	case show.OpAnnounce:
		s.landing = false
		s.sound(audio.RevealHit)
		s.to(phaseReveal)
	case show.OpTicket:
		// a ticket drawn by hand was read out: no reel, its winner at once
		s.message = ""
		if r.sample != nil {
			s.sample = r.sample
		}
		s.sound(audio.RevealHit)
		s.to(phaseReveal)
	case show.OpChoose:
		s.turned(r.evs)
	case show.OpNumbers, show.OpDraw:
		s.message = ""
		s.numbered(r.evs)
	case show.OpNext:
		s.sample = nil
		s.to(phaseAttract)
	case show.OpWitness:
		if seg := s.st.CurSeg(); seg != nil && seg.DrawWitness != nil && (s.phase == phaseIntro || s.phase == phaseNumbers || s.phase == phaseChoose) {
			s.tell(fmt.Sprintf("The draw witness is on the record: %q", *seg.DrawWitness))
			s.sceneChanged()
		}
	case show.OpClose:
		s.to(phaseClosed)
	case show.OpSkip:
		s.tell(s.st.CurSeg().Ended.Reason)
		s.ended()
	case opSheet:
		s.tell("Pre-show sheet written to " + r.step)
	case opExport:
		s.progress = reply{}
		s.exported = r.step
		s.tell("Exported to " + r.step)
	case show.OpTick:
		s.sound(audio.Buzzer)
	}
	if r.op == show.OpClaim || r.op == show.OpProxy || r.op == show.OpDecline {
		s.sound(audio.ClaimChime)
	}
	if len(r.evs) > 0 && s.phase == phaseCountdown {
		s.sceneChanged() // the outcome stamp
	}
}

// ended follows a draw that ended short: its winners so far choose their
// cards or balls, if they have any to choose; then the board.
func (s *Stage) ended() {
	if s.st.CurSeg().Chooser() != nil {
		s.to(phaseChoose)
		return
	}
	s.to(phaseBoard)
}

// send gives the worker a command, one at a time.
func (s *Stage) send(c show.Command) bool {
	if s.busy || s.w == nil {
		return false
	}
	if s.w.send(c) {
		s.busy = true
		return true
	}
	return false
}

// stopRoll ends the drum-roll under the reel, if it plays.
func (s *Stage) stopRoll() {
	if s.opt.Sound != nil && s.roll != 0 {
		s.opt.Sound.Stop(s.roll)
	}
	s.roll = 0
}

func (s *Stage) sound(c audio.Cue) {
	if s.opt.Sound != nil {
		s.opt.Sound.Play(c)
	}
}

// step runs the animations' timed transitions.
func (s *Stage) step() {
	in := s.now().Sub(s.since)
	switch s.phase {
	case phaseReel:
		seg := s.st.CurSeg()
		if !s.landing && in >= reelTime && !s.busy && seg.Last() != nil && seg.Last().Outcome == show.Pending {
			if s.send(show.Command{Op: show.OpAnnounce}) {
				s.landing = true
				s.stopRoll()
			}
		}
	case phaseReveal:
		if in >= revealTime {
			s.to(phaseCountdown)
		}
	case phaseCountdown:
		s.cueCountdown()
	case phaseBoard:
		if s.anchorDue && !s.busy && s.send(show.Command{Op: opAnchor}) {
			s.anchorDue = false
		}
	case phaseChoose:
		s.cueTurn()
	case phaseAttract:
		// a leaderboard's file is read again every few seconds: a new one
		// is on screen without a restart
		if seg := s.st.CurSeg(); seg.Seg.Kind == show.KindLeaderboard && !s.busy && s.now().Sub(s.boardPoll) >= boardPoll {
			if s.send(show.Command{Op: opStandings, Segment: seg.Seg.ID}) {
				s.boardPoll = s.now()
			}
		}
	}
}

// boardPoll is how often a leaderboard's standings file is looked at.
const boardPoll = 3 * time.Second

// standings takes a read of the leaderboard's file: a new file makes a new
// board, with the movement since the one before; a bad one leaves the last
// good board up and tells the host why.
func (s *Stage) standings(r reply) {
	if r.err != nil {
		if msg := r.err.Error(); msg != s.boardErr {
			s.boardErr = msg
			s.tell("Standings not updated, the last good board stays up: " + msg)
		}
		return
	}
	s.boardErr = ""
	if r.written.Equal(s.boardAt) && s.board != nil {
		return
	}
	g := s.st.CurSeg().Seg
	s.board = show.Rank(r.standings, g.Areas, g.Top, s.board)
	s.boardAt = r.written
	if s.board == nil {
		s.board = []show.Place{} // read, and empty: not "not read yet"
	}
}

// cueCountdown ticks each of the last ten seconds once.
func (s *Stage) cueCountdown() {
	p := s.st.CurSeg().Last()
	if p == nil || p.Outcome != show.Pending || p.Deadline.IsZero() {
		return
	}
	left := int(math.Ceil(p.Deadline.Sub(s.now()).Seconds()))
	if left >= 1 && left <= 10 && left != s.lastTen {
		s.lastTen = left
		s.sound(audio.Tick)
	}
}
