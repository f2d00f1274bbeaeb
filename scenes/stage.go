package scenes

import (
	"errors"
	"fmt"
	"image"
	"image/color"
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
	// OnControls, if set, is handed the host's controls whenever they change:
	// the operator's console shows them (the big screen does not).
	OnControls func(Controls)
	// Preview, if set, is handed the big screen's frame once a second and
	// on every scene change, in Draw (where it may read the pixels).
	Preview func(screen *ebiten.Image)

	// Stepped reports a step of the system clock against Now's (a
	// show.Clock's Stepped): the stage tells the operator, and no
	// countdown changes.
	Stepped func() (time.Duration, bool)
	Log     func(msg string) // nil: none; what the operator is told, for the log
	// OnNote, if set, is handed each key and console action the stage
	// takes and each command's result, refusals included, for the
	// flight log. It runs in the game loop and must not block.
	OnNote func(Note)

	// Size, if set, is the canvas's size in pixels, whatever the
	// screen's: the scenes lay out for its aspect and ebiten scales it.
	Size image.Point

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

// Timings of the show's animations.
const (
	fadeTime   = 350 * time.Millisecond
	reelTime   = 6500 * time.Millisecond
	revealTime = 3 * time.Second
	noticeTime = 6 * time.Second
	// freshPress is how long after a claim can first be taken, or a
	// dialog first answered, that Next waits: a press meant for the step
	// before never decides the one after.
	freshPress = 800 * time.Millisecond
)

// Stage is the presenter: an ebiten.Game whose Update only changes state
// and whose Draw only renders it. It holds the scenes, fades from one to
// the next, and keeps what they share: the worker and its replies, the
// host's fields and dialogs, the overlays, the console's inbox and what
// the last frame painted.
type Stage struct {
	opt   Options
	theme *Theme
	in    Input
	now   func() time.Time
	stats *Stats

	work  workLink  // the commands with the worker
	view  view      // the show as the scenes read it
	mgr   manager   // the scene on stage and the one fading out
	host  hostInput // the host's input in progress
	air   onAir     // what the audience sees besides the scene
	op    console   // the operator's console
	cache caches    // what frames draw from: the canvas, glyphs, stills, sprites
	shot  shots     // the screenshots OnScene is handed
}

// workLink is the stage's side of its worker.
type workLink struct {
	w     *worker
	busy  bool         // a command is with the worker…
	asker Scene        // …sent while this scene was on stage
	sent  show.Command // the last command given the worker…
	sends int          // …and how many so far, for OnNote
}

// view is the show as the scenes read it.
type view struct {
	st     *show.State
	head   string // the journal's head as the trust line shows it: "record 41 · f97a a653 4016 057a"
	people map[string]show.Person
	sample []show.Entry // the frozen bin's sample that the reel rolls
	// witness is what the stage knows of the auditor's witness of a
	// drawshow-v2 show: whether it answers
	witness witnessWatch
}

// manager is the scene on stage, the one before and the fade between:
// what Ebiten's examples/blocks calls the scene manager.
type manager struct {
	cast   cast      // one of each scene, each keeping its own state
	scene  Scene     // the scene on stage
	since  time.Time // when it began
	prev   Scene     // the scene faded out of
	prevAt time.Time
	fadeAt time.Time
	fade   crossfade // the scene fading out, and what a crossfade's frames drew
}

// hostInput is the host's input in progress: a question, a text field,
// the guard on Next, what the hint bar says.
type hostInput struct {
	help      bool
	confirm   confirmKind
	entry     *entry // a text field: the witness, a proxy's name
	message   string // for the host, in the hint bar
	messageAt time.Time
	guard     time.Time // until then Next decides nothing: it needs a fresh press
	keyAt     time.Time // the host's last key, for the stage's hint strip
	hideHints bool
}

// onAir is what the audience sees besides the scene, and the stage's
// own time.
type onAir struct {
	blackout  bool
	notice    string // for everyone, e.g. "resumed"
	noticeAt  time.Time
	turn      turnOver // the last card, ball or envelope turned over, or the numbers drawn
	started   time.Time
	stepCheck time.Time // when the system clock was last compared with the show's
	ticks     int
	quit      bool
}

// console is the stage's side of the operator's console.
type console struct {
	lastControls Controls  // the controls as OnControls was last handed them
	remote       inbox     // what the operator's console asked for
	previewAt    time.Time // the frame Preview was last handed
}

// caches are what frames draw from and how far they are made.
type caches struct {
	warming bool   // glyphs are still being cached, a face a tick…
	warmed  int    // …and how many faces are
	names   string // the letters of the sample's names, being cached a face a tick…
	namesAt int    // …from this face on
	// aside is whether glyphs were cached or stills made that no frame
	// has yet carried out (see carry); carried counts the frames that did
	aside    bool
	carried  int
	canvas   *Canvas         // the screen as the scenes draw on it…
	canvasAt image.Rectangle // …at this size
	shown    look            // what the canvas shows now
	ghost    bool            // it still shows the old scene fading out

	header    *color.RGBA              // the header's band over the background, once read (headerColour)
	laid      any                      // the ground the scene is drawn over now, laid by the stage (grounded)
	sprites   map[string]*ebiten.Image // the table's cards, balls, envelopes, drawn once…
	spritesOf string                   // …for this segment…
	spritesK  float64                  // …at this canvas's pixels a unit
}

// shots are the screenshots of scenes as they fade in.
type shots struct {
	seen string    // the scene of the last screenshot Draw took (see seenScene)
	at   time.Time // when the new scene has faded in: a screenshot is due
	due  bool
}

type confirmKind int

const (
	confirmNone confirmKind = iota
	confirmQuit
	confirmClose
	confirmEarly // a draw before its segment's time: the record keeps that the host said so
)

// New makes the stage for an open show.
func New(opt Options) *Stage {
	s := &Stage{opt: opt, theme: opt.Theme, in: opt.Input, now: opt.Now}
	s.view.people, s.cache.warming = map[string]show.Person{}, opt.Warm
	s.mgr.scene, s.mgr.prev = &s.mgr.cast.open, &s.mgr.cast.open
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
		s.shot.seen = name
		if shot != nil {
			shot(name, screen)
		}
	}
	s.air.started = s.now()
	s.view.st = opt.Backend.State()
	if a, ok := opt.Backend.(Anchors); ok {
		s.view.head, _ = a.Anchor() // the trust line goes without a head it cannot read
	}
	s.resume() // before the worker starts: it reads the backend on this goroutine
	if opt.Backend != nil {
		s.work.w = startWorker(opt.Backend, 100*time.Millisecond)
	}
	return s
}

// resume puts the stage where the record says the show is.
func (s *Stage) resume() {
	st := s.view.st
	seg := st.CurSeg()
	c := &s.mgr.cast
	var p Scene
	switch {
	case st.Closed:
		p = &c.closed
	case !s.opt.Resumed:
		p = &c.open
	case seg == nil || seg.Frozen == nil:
		p = &c.attract
	case seg.Last() != nil && seg.Last().Outcome == show.Pending && !seg.Last().Announced():
		p = &c.intro // the pick is made but was never shown: show it now
	case seg.Chooser() != nil:
		p = &c.choose
	case seg.Last() != nil && (seg.Last().Outcome == show.Pending || !seg.Done()):
		p = &c.countdown
	case seg.Done() && len(seg.Picks) > 0:
		p = &c.board
	default:
		p = &c.intro
	}
	if s.opt.Resumed {
		s.notify(fmt.Sprintf("Resumed after a restart — the record holds every step (%d events)", st.Events))
		if seg != nil && seg.Bin != nil {
			s.view.sample = sample(seg.Bin)
			s.fetchPeople(seg)
		}
	}
	s.to(p)
}

// Close stops the stage's worker; the stage is not used after.
func (s *Stage) Close() {
	if s.work.w != nil {
		close(s.work.w.in)
		s.work.w = nil
	}
}

// fetchPeople looks up the names the stage needs for seg on a resume,
// before the worker starts (after, names come with the worker's replies).
func (s *Stage) fetchPeople(seg *show.SegState) {
	smp := s.view.sample
	cards := make([]string, 0, len(smp)+len(seg.Picks))
	for _, e := range smp {
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
			s.view.people[k] = v
		}
	}
}

// to puts sc on stage, fading from the scene before; to the scene on
// stage, it starts the scene afresh.
func (s *Stage) to(sc Scene) {
	now := s.now()
	if sc != s.mgr.scene {
		s.mgr.prev, s.mgr.prevAt, s.mgr.fadeAt = s.mgr.scene, s.mgr.since, now
		if _, ok := sc.(cutter); ok {
			s.mgr.prev = sc // no crossfade
		}
	}
	if l, ok := s.mgr.scene.(leaver); ok {
		l.leave()
	}
	s.mgr.scene, s.mgr.since = sc, now
	s.host.entry = nil // a field belongs to its scene
	sc.Enter(s)
	if s.witnessDue() {
		s.askDrawWitness()
	}
	s.sceneChanged()
}

// witnessDue reports whether the scene on stage waits for the auditor's
// draw witness: the intro of a frozen bin, a wild card's numbers, a
// choosing table, in a segment whose draws cannot be derived without it;
// or, on the intro while the show goes on without the auditor's witness
// of a drawshow-v2 show, for the room's witness of the next pick.
func (s *Stage) witnessDue() bool {
	if _, ok := s.mgr.scene.(drawing); !ok {
		return false
	}
	seg := s.view.st.CurSeg()
	return seg != nil && (s.view.st.AwaitsDrawWitness(seg) || s.view.st.AwaitsChoiceWitness(seg) ||
		(s.view.st.AwaitsRoomWitness() && s.mgr.scene == &s.mgr.cast.intro))
}

// askDrawWitness opens the draw witness's field. Enter waits for a fresh
// press: the Next that froze the bin never records a witness.
func (s *Stage) askDrawWitness() {
	label := "Draw witness: the auditor types what the audience saw (the dice, a ball), then Enter"
	if d, ok := s.mgr.scene.(drawing); ok {
		label = d.witnessLabel(s)
	}
	if s.view.st.AwaitsRoomWitness() && s.mgr.scene == &s.mgr.cast.intro {
		label = roomWitnessLabel
	}
	s.host.entry = &entry{label: label, kind: fieldDraw}
	s.host.guard = s.now().Add(freshPress)
}

// drawWitnessed tells the host that the draw witness the scene on stage
// waited for is on the record.
func (s *Stage) drawWitnessed() {
	if seg := s.view.st.CurSeg(); seg != nil && seg.DrawWitness != nil {
		s.tell(fmt.Sprintf("The draw witness is on the record: %q", *seg.DrawWitness))
		s.sceneChanged()
	}
}

func (s *Stage) frozenAny() bool {
	for _, g := range s.view.st.Segs {
		if g.Frozen != nil {
			return true
		}
	}
	return false
}

func (s *Stage) notify(msg string) { s.air.notice, s.air.noticeAt = msg, s.now() }

// checkClock compares the system clock with the show's once a second.
func (s *Stage) checkClock() {
	if s.opt.Stepped == nil || s.now().Sub(s.air.stepCheck) < time.Second {
		return
	}
	s.air.stepCheck = s.now()
	if d, ok := s.opt.Stepped(); ok {
		msg := fmt.Sprintf("The system clock was stepped by %+v; the show keeps its own time: no countdown changed", d.Round(time.Second))
		s.tell(msg)
		if s.opt.Log != nil {
			s.opt.Log(msg)
		}
	}
}

// readying reports whether glyphs are still being cached a face a tick.
func (s *Stage) readying() bool { return s.cache.warming || s.cache.names != "" }

func (s *Stage) tell(msg string) { s.host.message, s.host.messageAt = msg, s.now() }

// Layout makes the canvas the screen's own pixels, so that a 4K wall is
// drawn at 4K, at an aspect the scenes lay out for (ebiten letterboxes
// the rest). Options.Size, when set, fixes it instead.
func (s *Stage) Layout(w, h int) (int, int) {
	if s.opt.Size != (image.Point{}) {
		return s.opt.Size.X, s.opt.Size.Y
	}
	k := ebiten.Monitor().DeviceScaleFactor()
	return canvasSize(int(float64(w)*k), int(float64(h)*k))
}

// Update advances the show by one tick: input, the worker's replies, and
// the animations' timed steps.
func (s *Stage) Update() error {
	t0 := time.Now()
	defer func() { s.stats.addUpdate(time.Since(t0)) }()
	s.air.ticks++
	if s.cache.warming && s.air.ticks > 1 && s.cache.canvas != nil { // after the first frame is up, not before it
		s.cache.warming = s.theme.WarmStep(s.cache.warmed, s.cache.canvas.K)
		s.cache.warmed++
		s.cache.aside = true
	}
	if s.cache.names != "" {
		if !s.theme.WarmFace(s.cache.names, s.cache.namesAt) {
			s.cache.names = ""
		}
		s.cache.namesAt++
		s.cache.aside = true
	}
	if s.air.quit {
		return ebiten.Termination
	}
	if s.opt.ExitAfter > 0 && s.now().Sub(s.air.started) >= s.opt.ExitAfter {
		return ebiten.Termination
	}
	if s.opt.ExitAfterScene != "" && s.seenScene() == s.opt.ExitAfterScene {
		return ebiten.Termination
	}
	s.checkClock()
	s.drain()
	f := s.in.Poll()
	n := s.noteKey(f, s.inputName())
	s.handle(f)
	s.noted(n)
	if !s.work.busy { // one command at a time: the console's wait for the one in flight
		if r, ok := s.op.remote.pop(); ok {
			n := s.noteRemote(r)
			s.perform(r)
			s.noted(n)
		}
	}
	s.mgr.scene.Update(s, s.now())
	if !s.shot.at.IsZero() && !s.now().Before(s.shot.at) {
		s.shot.at, s.shot.due = time.Time{}, true
	}
	if s.opt.OnControls != nil {
		if d := s.controls(s.now()); !d.equal(&s.op.lastControls) {
			s.op.lastControls = d
			s.opt.OnControls(d)
		}
	}
	return nil
}

// seenScene is the scene on screen once a frame of it, faded in, has been
// drawn (and its screenshot taken); "" while the latest scene change is
// still to fade in or to be drawn.
func (s *Stage) seenScene() string {
	if !s.shot.at.IsZero() || s.shot.due {
		return ""
	}
	return s.shot.seen
}

// IsScene reports whether name is a scene as OnScene (and --shots) name
// them: a scene ("attract"), or a countdown's outcome stamp ("stamp-claimed").
func IsScene(name string) bool {
	if o, ok := strings.CutPrefix(name, "stamp-"); ok {
		return o != ""
	}
	return slices.Contains(sceneNames, name)
}

// SceneNames are the scenes' names, in the show's order.
func SceneNames() []string { return slices.Clone(sceneNames) }

// drain applies whatever the worker has sent back.
func (s *Stage) drain() {
	if s.work.w == nil {
		return
	}
	for {
		select {
		case r := <-s.work.w.out:
			s.apply(r)
		default:
			return
		}
	}
}

// apply takes a reply from the worker: what the scenes share (the state,
// the people, a refusal's words, the host's fields) here; then the reply
// goes to the scene on stage, and to the scene that asked for it if that
// one has left, and the scene says where the stage goes (replied).
func (s *Stage) apply(r reply) {
	s.noteReply(r)
	var asker Scene // the scene the reply answers, if it answers one
	switch r.op {
	case opProgress:
		s.replied(r, s.work.asker)
		return
	case show.OpTick: // the worker's own step: no one asked for it
	default:
		asker = s.work.asker
		s.work.busy, s.work.asker = false, nil
	}
	if r.op == opStandings || r.op == opAnchor {
		if r.err != nil && r.op == opAnchor {
			s.tell("The chain head could not be read for the board: " + r.err.Error())
		}
		s.replied(r, asker)
		return
	}
	s.keep(r)
	s.watchWitness(r)
	if r.err != nil {
		s.refused(r)
		s.replied(r, asker)
		return
	}
	switch r.op {
	case show.OpFreeze:
		s.host.message = ""
		s.view.sample = r.sample
		var names []string
		for _, e := range r.sample {
			if p, ok := s.view.people[e.Participant]; ok {
				names = append(names, show.MaskName(p.Name), p.Name)
			}
		}
		s.cache.names, s.cache.namesAt = letters(names...), 0
	case show.OpTicket:
		s.host.message = ""
		if r.sample != nil {
			s.view.sample = r.sample
		}
	case show.OpNumbers, show.OpDraw:
		s.host.message = ""
	case show.OpNext:
		s.view.sample = nil
	case show.OpSkip:
		s.tell(s.view.st.CurSeg().Ended.Reason)
	case opSheet:
		s.tell("Pre-show sheet written to " + r.step)
	case show.OpUnwitnessed:
		if o := s.view.st.Outage; o != nil {
			s.tell("The show goes on without the auditor's witness since " + s.showTime(o.Since) + ": each pick now waits for the room's witness, typed after the decision")
		}
	case show.OpTick:
		s.ticked(r.evs)
	}
	s.replied(r, asker)
	if r.op == show.OpClaim || r.op == show.OpProxy || r.op == show.OpDecline {
		s.sound(audio.ClaimChime)
	}
}

// keep takes what a committed step brings that the scenes share: the
// state, the trust line's head, the people; and closes the draw witness's
// field once the witness is on the record.
func (s *Stage) keep(r reply) {
	if r.st != nil {
		s.view.st = r.st
	}
	if r.head != "" {
		s.view.head = r.head
	}
	if s.host.entry != nil && s.host.entry.kind == fieldDraw && !s.witnessDue() {
		s.host.entry = nil // the draw witness is on the record
	}
	for k, v := range r.people {
		s.view.people[k] = v
	}
}

// refused tells the host why a command was refused; refused for want of
// the draw witness, its field is the way on.
func (s *Stage) refused(r reply) {
	var ref *show.Refusal
	if errors.As(r.err, &ref) {
		s.tell("Refused: " + ref.Reason)
	} else {
		s.tell("Error: " + r.err.Error())
	}
	switch r.op {
	case show.OpDraw, show.OpChoose, show.OpWitness:
		if s.host.entry == nil && s.host.confirm == confirmNone && s.witnessDue() {
			s.askDrawWitness()
		}
	}
}

// replied hands r to the scene on stage, and to asker, the scene on stage
// when its command was sent, if that one has left since: each keeps what
// the reply brings it. The scene on stage says where the stage goes; if
// it stays, the asker may still call the stage on (a ticket read out on
// the intro goes on to its winner). The manager only goes there.
func (s *Stage) replied(r reply, asker Scene) {
	on := s.mgr.scene
	next := on.reply(s, r)
	if asker != nil && asker != on {
		if n := asker.reply(s, r); next == nil {
			next = n
		}
	}
	if next != nil {
		s.to(next)
	}
}

// onward is where the show's own steps take the stage, whatever scene is
// on it; each scene's reply ends with it unless the scene goes elsewhere.
// The show gone on to its next segment goes to the run sheet; closed, to
// its close; a draw ended short, skipped or by the show's clock, to its
// winners' choices or its board. A pick refused goes back to the intro,
// and a freeze or a draw refused for want of the show's witness to the
// opening: there, what the draw waits for is asked.
func (s *Stage) onward(r reply) Scene {
	c := &s.mgr.cast
	switch {
	case r.err == nil:
	case r.op == show.OpPick || r.op == show.OpAnnounce || r.op == show.OpCosigned:
		return &c.intro
	case (r.op == show.OpFreeze || r.op == show.OpDraw) && s.host.entry == nil && s.host.confirm == confirmNone && s.view.st.WitnessAwaited():
		return &c.open
	default:
		return nil
	}
	switch {
	case r.op == show.OpNext:
		return &c.attract
	case r.op == show.OpClose:
		return &c.closed
	case r.op == show.OpSkip, r.op == show.OpTick && segmentEnded(r.evs):
		return s.ended()
	}
	return nil
}

// segmentEnded reports whether evs end a draw.
func segmentEnded(evs []show.Event) bool {
	return slices.ContainsFunc(evs, func(e show.Event) bool { return e.Kind == show.SegmentEnded && e.Ended != nil })
}

// ended is where a draw that ended short goes: its winners so far choose
// their cards or balls, if they have any to choose; then the board.
func (s *Stage) ended() Scene {
	if s.view.st.CurSeg().Chooser() != nil {
		return &s.mgr.cast.choose
	}
	return &s.mgr.cast.board
}

// send gives the worker a command, one at a time.
func (s *Stage) send(c show.Command) bool {
	if s.work.busy || s.work.w == nil {
		return false
	}
	if s.work.w.send(c) {
		s.work.busy, s.work.asker = true, s.mgr.scene
		s.work.sent, s.work.sends = c, s.work.sends+1
		return true
	}
	return false
}

func (s *Stage) sound(c audio.Cue) {
	if s.opt.Sound != nil {
		s.opt.Sound.Play(c)
	}
}
