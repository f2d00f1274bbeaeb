package show

import (
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"time"
)

// Outcome is how a pick ended; the empty outcome is pending.
type Outcome string

// Pick outcomes.
const (
	Pending   Outcome = ""
	Claimed   Outcome = "claimed"    // the winner in person
	ByProxy   Outcome = "proxy"      // a nominee with a signed form
	Declined  Outcome = "declined"   // on the decline register: acknowledged in absence
	ToContact Outcome = "to-contact" // attendance not required
	Forfeit   Outcome = "forfeit"    // card not the holder's: redraw
	NoShow    Outcome = "no-show"    // deadline passed: redraw
	Void      Outcome = "void"       // a mistake, voided with a reason: redraw
)

// Wins reports whether the outcome makes the pick a winner.
func (o Outcome) Wins() bool {
	return o == Claimed || o == ByProxy || o == Declined || o == ToContact
}

// CollectDays is how long a winner not present has to collect the prize.
const CollectDays = 15

// State is a show as the fold of its events.
type State struct {
	ID       string
	Opened   *Opened
	OpenedAt time.Time
	Closed   bool
	ClosedAt time.Time
	Seed     string // revealed at close
	Cur      int    // index of the current segment
	Segs     []*SegState
	Lists    *Lists // the show's own lists, once loaded
	witness  string // given after open, when not at open
	// Unwitnessed is when the operator confirmed that an official show
	// goes on with no auditor's witness W; zero when not.
	Unwitnessed time.Time
	LastAt      time.Time
	Events      int
	Restarts    []Downtime       // each start of the program on the open show
	register    map[string]bool  // by CardKey
	proxies     map[string]Proxy // by CardKey
	ledger      map[string]int64 // each jackpot's value before tonight, from the campaign's record
	mode        WitnessMode
	auditor     bool // the show file names the auditor's key
	v2          bool // drawshow-v2: the file names the auditor's key, under rules edition 5
	// ShowKey is the key the show signs its checkpoints with, as its
	// first checkpoint-cosigned row gave it; Cosigns counts those rows.
	ShowKey string
	Cosigns int
	// Outage is the auditor's witness's silence the host went on
	// through (step-unwitnessed), until its next countersignature.
	Outage *Outage
	// Outages are every step-unwitnessed of the show, in order.
	Outages []Outage
	// last is the journal's row of the last event, when the events are
	// read back from it: a countersignature is of that row.
	last struct {
		seq  int64
		hash string
	}
}

// Undone is a pick's decision as it stood before its void.
type Undone struct {
	Outcome Outcome
	By      string
	At      time.Time
}

// Downtime is the time between the last event before a start of the
// program and that start: the program was down, or not running the show.
type Downtime struct {
	From, To time.Time
	Mode     Mode // how it started again
}

// SegState is one segment as the fold of its events.
type SegState struct {
	Seg      *Segment
	Loaded   *Loaded
	Lists    *Lists
	Bin      *Bin
	Frozen   *Frozen
	FrozenAt time.Time
	Picks    []Pick
	Ended    *Ended
	Numbers  *Numbers // wild card
	Settled  *Settled // jackpot chest
	Hours    []Hour   // bonus jackpot: the hours that ended short
	// Standings: a leaderboard's final standings, recorded at the close
	Standings *Standings
	// DrawWitness is W_d, given after the freeze in a show with witness
	// each-draw; nil until then.
	DrawWitness *string
	// Due is how many of the show's events were folded when the
	// segment's next pick was made due (its freeze, its draw witness,
	// its last pick's decision): under drawshow-v2 the auditor's VRF is
	// asked on the journal's row there.
	Due int
	// DueSeq and DueHash are the journal's row there, when the events
	// were read back from the journal (a replay); 0 and "" live.
	DueSeq  int64
	DueHash string
	// Room is the room's witness of the next pick, given during an
	// outage of the auditor's witness; nil when none.
	Room *string
	// Pending is a choice made under witness: each-draw whose outcome
	// waits for the choice witness; nil when none.
	Pending *Choice
	// Passed are the places of a selection passed over, in order, and
	// Selections the versions of its file: the first as loaded at the
	// draw, then each corrected one.
	Passed     []Passed
	Selections []Selection
	placed     []placed // the selection's places used so far
	register   map[string]bool
	proxies    map[string]Proxy
	pool       *pool
	shared     bool // pool is another state's too: copy it before a pick changes it
}

// Selection is a version of a segment's selection file: the places from
// From (from 1) on were read from it.
type Selection struct {
	File, SHA256 string
	From         int
	At           time.Time
}

// Pick is one pick of a draw.
type Pick struct {
	PickRef
	// Lapsed: its countdown ended while the program was down, so the
	// engine records no no-show; the host decides (AfterRestart).
	Lapsed bool
	// Undone is the decision a void undid: a claim, a proxy, a decline,
	// or nothing while the pick was still undecided.
	Undone *Undone
	Choice *Choice
	// Held: a drawshow-v2 pick the auditor's witness has not
	// countersigned yet, nor the host gone on without: not shown.
	Held bool
	// Unwitnessed is, under drawshow-v2, the host's reason the pick was
	// drawn or shown while the auditor's witness did not answer.
	Unwitnessed string
	DrawnAt     time.Time
	AnnouncedAt time.Time
	DecidedAt   time.Time
}

// Announced reports whether the pick has been shown.
func (p *Pick) Announced() bool { return !p.AnnouncedAt.IsZero() }

// Won is the prize of the pick: that of the card, ball or envelope its
// winner turned over, else the prize it was drawn for.
func (p *Pick) Won() string {
	if p.Choice != nil {
		return p.Choice.Prize
	}
	return p.Prize
}

// KeyFor is the key of a segment's draws: K, or in a show with witness
// each-draw K_d from the segment's draw witness; ok is false while that
// witness is awaited.
func (st *State) KeyFor(seed []byte, seg *SegState) (key [32]byte, ok bool) {
	k := Key(seed, st.Witness())
	if st.mode != WitnessEachDraw {
		return k, true
	}
	if seg.DrawWitness == nil {
		return k, false
	}
	return DrawKey(k, seg.Seg.ID, *seg.DrawWitness), true
}

// AwaitsDrawWitness reports whether the segment's draws wait for the
// auditor's draw witness: a show with witness each-draw, whose segment
// has frozen its bin (a wild card: has nothing to freeze) and has none.
func (st *State) AwaitsDrawWitness(seg *SegState) bool {
	if st.mode != WitnessEachDraw || seg.DrawWitness != nil {
		return false
	}
	if seg.Seg.traits().numbers {
		// nothing to freeze: awaited once the show's own witness can no
		// longer be given, so the first witness of a show that opens on a
		// wild card stays the show's
		return seg.Numbers == nil && (st.Witness() != "" || st.anyFrozen())
	}
	// until the segment needs nothing more: tickets typed by hand need no
	// key, but the cards, balls and envelopes their winners choose do
	return seg.Frozen != nil && !seg.Done()
}

// anyFrozen reports whether a bin of the show is frozen: the show's own
// witness can then no longer be given.
func (st *State) anyFrozen() bool {
	for _, s := range st.Segs {
		if s.Frozen != nil {
			return true
		}
	}
	return false
}

// Witness is the auditor's witness W: given at open or just after.
func (st *State) Witness() string {
	if st.Opened != nil && st.Opened.Witness != "" {
		return st.Opened.Witness
	}
	return st.witness
}

// WitnessAwaited reports whether an official show, whose draws are
// keyed by the auditor's witness W, has neither W nor the operator's
// typed confirmation that there is none, while W can still be given. A
// show of witness each-draw has a witness at every draw, and one opened
// under an edition before 4 is resumed as it was made.
func (st *State) WitnessAwaited() bool {
	o := st.Opened
	return o != nil && !o.Rehearsal && o.Rules >= 4 && st.mode != WitnessEachDraw && !st.Closed &&
		st.Witness() == "" && st.Unwitnessed.IsZero() && !st.anyFrozen()
}

// Winners counts the segment's winning picks.
func (s *SegState) Winners() int {
	n := 0
	for _, p := range s.Picks {
		if p.Outcome.Wins() {
			n++
		}
	}
	return n
}

// Last is the segment's latest pick, or nil.
func (s *SegState) Last() *Pick {
	if len(s.Picks) == 0 {
		return nil
	}
	return &s.Picks[len(s.Picks)-1]
}

// Done reports whether the segment needs nothing more: no pick, no choice.
func (s *SegState) Done() bool {
	if s.Seg.traits().numbers {
		return s.Numbers != nil
	}
	return s.Drawn() && s.Chooser() == nil
}

// Drawn reports whether the segment needs no more picks.
func (s *SegState) Drawn() bool {
	if l := s.Last(); l != nil && l.Outcome == Pending {
		return false
	}
	return s.Ended != nil || s.Winners() >= s.Seg.Winners
}

// Cur is the current segment.
func (st *State) CurSeg() *SegState {
	if st.Cur < len(st.Segs) {
		return st.Segs[st.Cur]
	}
	return nil
}

// Seg finds a segment by id.
func (st *State) Seg(id string) *SegState {
	for _, s := range st.Segs {
		if s.Seg.ID == id {
			return s
		}
	}
	return nil
}

// StoodFor is the participant a nominee stood for tonight, if any.
func (st *State) StoodFor(name, id string) (string, bool) {
	for _, s := range st.Segs {
		for _, p := range s.Picks {
			if p.Outcome == ByProxy && sameNominee(name, id, p.Proxy, p.ProxyID) {
				return p.Participant, true
			}
		}
	}
	return "", false
}

// RegisterHas reports whether card is on the decline register for seg.
func (st *State) RegisterHas(seg *SegState, card string) bool {
	k := CardKey(card)
	return seg.register[k] || st.register[k]
}

// SignedLate is card's signature on a register loaded for seg that was
// made after the register was read for it, if any.
func (st *State) SignedLate(seg *SegState, card string) (Signature, bool) {
	k := CardKey(card)
	for _, l := range []*Lists{seg.Lists, st.Lists} {
		if l == nil {
			continue
		}
		for _, sig := range l.RegisterLate {
			if CardKey(sig.Card) == k {
				return sig, true
			}
		}
	}
	return Signature{}, false
}

// RegisterFiles are the decline registers loaded for seg: the show's and
// the segment's own.
func (st *State) RegisterFiles(seg *SegState) []string {
	var out []string
	for _, l := range []*Lists{st.Lists, seg.Lists} {
		if l != nil && l.RegisterFile != "" && !slices.Contains(out, l.RegisterFile) {
			out = append(out, l.RegisterFile)
		}
	}
	return out
}

// ProxyFor returns the nomination on file for card in seg.
func (st *State) ProxyFor(seg *SegState, card string) (Proxy, bool) {
	k := CardKey(card)
	if p, ok := seg.proxies[k]; ok {
		return p, true
	}
	p, ok := st.proxies[k]
	return p, ok
}

func newState(sh *Show) *State {
	st := &State{register: map[string]bool{}, proxies: map[string]Proxy{}, mode: sh.Witness, auditor: !sh.AuditorKey.IsZero()}
	for i := range sh.Segments {
		st.Segs = append(st.Segs, &SegState{Seg: &sh.Segments[i], register: map[string]bool{}, proxies: map[string]Proxy{}})
	}
	return st
}

// clone copies what applying an event may change. Bins are shared, and
// so are pools until a pick changes one: a pick over a million entries
// copies one segment's pool, not every one.
func (st *State) clone() *State {
	c := *st
	c.Outages = slices.Clip(st.Outages)
	c.Segs = make([]*SegState, len(st.Segs))
	for i, s := range st.Segs {
		sc := *s
		sc.Picks = slices.Clone(s.Picks)
		sc.shared = s.pool != nil
		c.Segs[i] = &sc
	}
	return &c
}

// apply folds one event into the state. The decider has held the event
// to the rules before it comes here, live or replayed.
func (st *State) apply(e Event) error {
	st.Events++
	st.LastAt = e.At
	defer func() { st.last.seq, st.last.hash = e.Seq, e.Hash }()
	var seg *SegState
	if e.Segment != "" {
		if seg = st.Seg(e.Segment); seg == nil {
			return fmt.Errorf("event %d: segment %q is not in the show file", e.Seq, e.Segment)
		}
	}
	need := func(ok bool) error { return needPayload(e, ok) }
	switch e.Kind {
	case ShowOpened:
		if err := need(e.Opened != nil); err != nil {
			return err
		}
		st.ID, st.Opened, st.OpenedAt = e.Show, e.Opened, e.At
		st.v2 = st.auditor && e.Opened.Rules >= 5
	case EntriesLoaded:
		if err := need(seg != nil && e.Loaded != nil); err != nil {
			return err
		}
		seg.Loaded = e.Loaded
	case ListsLoaded:
		if err := need(e.Lists != nil); err != nil {
			return err
		}
		st.loadLists(e, seg)
	case SelectionPassed:
		if err := need(seg != nil && e.Passed != nil); err != nil {
			return err
		}
		seg.placed = append(slices.Clip(seg.placed), placed{ticket: e.Passed.Ticket})
		seg.Passed = append(slices.Clip(seg.Passed), *e.Passed)
	case SelectionLoaded:
		if err := need(seg != nil && seg.Lists != nil && e.Lists != nil); err != nil {
			return err
		}
		l := *seg.Lists // copy on write: clone shares it
		l.Selected, l.SelectedFile, l.SelectedSHA256 = e.Lists.Selected, e.Lists.SelectedFile, e.Lists.SelectedSHA256
		seg.Lists = &l
		seg.Selections = append(slices.Clip(seg.Selections), Selection{File: l.SelectedFile, SHA256: l.SelectedSHA256, From: len(seg.placed) + 1, At: e.At})
	case StandingsRecorded:
		if err := need(seg != nil && e.Standings != nil); err != nil {
			return err
		}
		seg.Standings = e.Standings
	case BinFrozen:
		if err := need(seg != nil && e.Frozen != nil); err != nil {
			return err
		}
		if e.bin == nil {
			return fmt.Errorf("event %d: bin %s was not built by a freeze", e.Seq, e.Segment)
		}
		seg.Bin, seg.Frozen, seg.FrozenAt, seg.pool, seg.shared = e.bin, e.Frozen, e.At, newPool(e.bin), false
		seg.due(st.Events, e)
	case PickDrawn:
		if err := need(seg != nil && e.Pick != nil); err != nil {
			return err
		}
		if err := seg.drawn(e); err != nil {
			return err
		}
		// a pick with the auditor's VRF is held till countersigned; a
		// ticket typed from a physical bin or taken from a selection
		// file is not drawn here, and the room saw it drawn
		seg.Last().Held, seg.Room = st.v2 && e.Pick.VRF != nil, nil
		if st.Outage != nil {
			seg.Last().Unwitnessed = st.Outage.Reason
		}
	case PickAnnounced, ClaimStarted, PickDecided, PickVoided:
		if err := need(seg != nil && e.Pick != nil); err != nil {
			return err
		}
		if err := seg.changed(e); err != nil {
			return err
		}
		if e.Kind == PickDecided || e.Kind == PickVoided {
			seg.due(st.Events, e)
		}
	case Resumed:
		if err := need(e.Restart != nil); err != nil {
			return err
		}
		st.Restarts = append(slices.Clip(st.Restarts), Downtime{From: e.Restart.Last, To: e.At, Mode: e.Restart.Mode}) // a clone shares the array
		if seg := st.CurSeg(); seg != nil {
			if l := seg.Last(); l != nil && l.Outcome == Pending && !l.Deadline.IsZero() && !e.At.Before(l.Deadline) {
				l.Lapsed = true
			}
		}
	case WitnessGiven, WitnessWaived, DrawWitness, RoomWitness, CheckpointCosigned, StepUnwitnessed:
		return st.applyWitness(e, seg)
	case SegmentEnded:
		if err := need(seg != nil && e.Ended != nil); err != nil {
			return err
		}
		seg.Ended = e.Ended
	case SegmentNext:
		st.Cur++
	case NumbersChosen, PrizeChosen, ItemChosen, JackpotPaid, HourEnded:
		if err := needPayload(e, seg != nil); err != nil {
			return err
		}
		if err := seg.finale(e); err != nil {
			return err
		}
	case ShowClosed:
		if err := need(e.Closed != nil); err != nil {
			return err
		}
		st.Closed, st.ClosedAt, st.Seed = true, e.At, e.Closed.Seed
	default:
		return fmt.Errorf("event %d: unknown kind %q", e.Seq, e.Kind)
	}
	return nil
}

// finale applies an event of a finale's: a wild card's numbers, a
// winner's choice, the jackpot paid, a bonus session's hour.
func (seg *SegState) finale(e Event) error {
	switch e.Kind {
	case NumbersChosen:
		if err := needPayload(e, e.Numbers != nil); err != nil {
			return err
		}
		seg.Numbers = e.Numbers
	case PrizeChosen:
		if err := needPayload(e, e.Choice != nil && e.Choice.K < len(seg.Picks)); err != nil {
			return err
		}
		seg.Picks[e.Choice.K].Choice = e.Choice
		seg.Pending = nil
	case ItemChosen:
		if err := needPayload(e, e.Choice != nil && e.Choice.K < len(seg.Picks)); err != nil {
			return err
		}
		c := *e.Choice
		seg.Pending = &c
	case JackpotPaid:
		if err := needPayload(e, e.Settled != nil); err != nil {
			return err
		}
		seg.Settled = e.Settled
	case HourEnded:
		if err := needPayload(e, e.Hour != nil); err != nil {
			return err
		}
		seg.Hours = append(slices.Clip(seg.Hours), *e.Hour)
	}
	return nil
}

// needPayload is the error of an event whose payload is missing, or nil
// when ok says it is there.
func needPayload(e Event, ok bool) error {
	if !ok {
		return fmt.Errorf("event %d (%s): payload missing", e.Seq, e.Kind)
	}
	return nil
}

// loadLists applies a lists-loaded event: the show's decline register and
// proxies, or a segment's (seg not nil).
func (st *State) loadLists(e Event, seg *SegState) {
	// copy on write: clone shares these maps with the state it came from
	reg, prox := maps.Clone(st.register), maps.Clone(st.proxies)
	if seg != nil {
		reg, prox = maps.Clone(seg.register), maps.Clone(seg.proxies)
	}
	for _, c := range e.Lists.Register { // by key: see RegisterHas
		reg[CardKey(c)] = true
	}
	for _, p := range e.Lists.Proxies {
		prox[CardKey(p.Card)] = p
	}
	if seg != nil {
		seg.register, seg.proxies, seg.Lists = reg, prox, e.Lists
		if e.Lists.SelectedFile != "" {
			seg.Selections = []Selection{{File: e.Lists.SelectedFile, SHA256: e.Lists.SelectedSHA256, From: 1, At: e.At}}
		}
	} else {
		st.register, st.proxies, st.Lists = reg, prox, e.Lists
	}
}

// drawn applies a pick-drawn event to the segment.
func (seg *SegState) drawn(e Event) error {
	if e.Pick.K != len(seg.Picks) {
		return fmt.Errorf("event %d: pick %d of %s follows %d picks", e.Seq, e.Pick.K, e.Segment, len(seg.Picks))
	}
	i := -1
	if seg.Bin != nil {
		i = find(seg.Bin, e.Pick.Ticket)
	}
	if i < 0 || seg.Bin.Entries[i].Participant != e.Pick.Participant {
		return fmt.Errorf("event %d: ticket %s of %s is not in the frozen bin", e.Seq, e.Pick.Ticket, e.Pick.Participant)
	}
	seg.Picks = append(seg.Picks, Pick{PickRef: *e.Pick, DrawnAt: e.At})
	if seg.Seg.Selected != "" {
		seg.placed = append(slices.Clip(seg.placed), placed{ticket: e.Pick.Ticket, picked: true})
	}
	if seg.shared {
		seg.pool, seg.shared = seg.pool.clone(), false
	}
	seg.pool.remove(i)
	return nil
}

// changed applies an event that changes a drawn pick: announced, its
// claim started, decided or voided.
func (seg *SegState) changed(e Event) error {
	if e.Pick.K >= len(seg.Picks) {
		return fmt.Errorf("event %d: pick %d of %s was never drawn", e.Seq, e.Pick.K, e.Segment)
	}
	p := &seg.Picks[e.Pick.K]
	switch e.Kind {
	case PickAnnounced:
		p.AnnouncedAt, p.Deadline = e.At, e.Pick.Deadline
		p.Proxy, p.ProxyID = e.Pick.Proxy, e.Pick.ProxyID
	case ClaimStarted:
		p.Deadline = e.Pick.Deadline
	case PickDecided:
		p.Outcome, p.By, p.DecidedAt = e.Pick.Outcome, e.Pick.By, e.At
		p.Proxy, p.ProxyID, p.CollectBy, p.Reason, p.AfterRestart = e.Pick.Proxy, e.Pick.ProxyID, e.Pick.CollectBy, e.Pick.Reason, e.Pick.AfterRestart
	case PickVoided:
		if p.Outcome != Pending {
			p.Undone = &Undone{Outcome: p.Outcome, By: p.By, At: p.DecidedAt}
		}
		p.Outcome, p.Reason, p.DecidedAt = Void, e.Pick.Reason, e.At
	}
	return nil
}

// day is the local calendar date of t in the show's timezone.
func day(t time.Time, loc *time.Location) string { return t.In(loc).Format(time.DateOnly) }

func hexOf(b []byte) string { return hex.EncodeToString(b) }

// countersigned folds a checkpoint-cosigned row: the pick held back may
// be shown, and an outage ends.
func (st *State) countersigned(e Event) {
	if st.ShowKey == "" {
		st.ShowKey = e.Countersign.ShowKey
	}
	st.Cosigns++
	st.Outage = nil
	st.release("")
}

// release lets the current segment's pick held back be shown: with a
// reason, unwitnessed.
func (st *State) release(unwitnessed string) {
	if seg := st.CurSeg(); seg != nil {
		if l := seg.Last(); l != nil && l.Held {
			l.Held, l.Unwitnessed = false, unwitnessed
		}
	}
}

// due notes that the segment's next pick is made due by event e, the
// show's n-th.
func (s *SegState) due(n int, e Event) {
	s.Due, s.DueSeq, s.DueHash = n, e.Seq, e.Hash
}
