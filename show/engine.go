package show

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Source gives the imported rows of a segment's entry file: the segment
// names the columns its rules read.
type Source interface {
	Rows(seg *Segment, fn func(Row) error) error
}

// Engine is the show as a reducer: a command is checked against the state
// and becomes events; the caller writes the events durably, then applies
// them. The state is always the fold of the events.
type Engine struct {
	Show     *Show
	src      Source
	now      func() time.Time
	st       *State
	seed     []byte
	excluded CardSet
	// exclusions tells whether SetExclusions gave the list; a replay
	// without it takes each freeze's excluded cards as recorded
	exclusions bool
	underived  int
	bins       func(segment string) ([]Entry, error) // FromBins
	past       []PastWin                             // SetCampaign
}

// NewEngine starts an engine for sh with no events; now is the show clock.
func NewEngine(sh *Show, src Source, now func() time.Time) *Engine {
	return &Engine{Show: sh, src: src, now: now, st: newState(sh), excluded: CardSet{}}
}

// State is the current state. It must not be modified.
func (e *Engine) State() *State { return e.st }

// Now is the show clock.
func (e *Engine) Now() time.Time { return e.now() }

// SetSeed gives the engine the show seed S. Once the show is open the seed
// must match its commitment. The key K = SHA-256(S || W) is derived at each
// pick from the witness the record holds.
func (e *Engine) SetSeed(seed []byte) error {
	if len(seed) != 32 {
		return fmt.Errorf("seed is %d bytes, want 32", len(seed))
	}
	if o := e.st.Opened; o != nil && Commitment(seed) != o.Commitment {
		return errors.New("seed does not match the show's commitment")
	}
	e.seed = bytes.Clone(seed)
	return nil
}

// SetExclusions gives the cards barred from every bin of the show. An
// entry is excluded when its card matches one of them by CardKey: the list
// typed in Excel, its leading zeros gone, still keeps its members out.
func (e *Engine) SetExclusions(cards []string) {
	e.excluded = NewCardSet(cards)
	e.exclusions = true
}

// Change is what a command decided: the events to write, and the state
// they lead to.
type Change struct {
	Events []Event
	st     *State
}

// Apply adopts a change once its events are written.
func (e *Engine) Apply(c *Change) { e.st = c.st }

// Refusal is a command the rules do not allow now; nothing changed.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return r.Reason }

func refuse(format string, args ...any) error { return &Refusal{Reason: fmt.Sprintf(format, args...)} }

// Decide checks c against the state and returns its events.
func (e *Engine) Decide(c Command) (*Change, error) {
	at := e.now().UTC()
	if at.Before(e.st.LastAt) {
		// a clock set back across a restart: the record's times never run back
		at = e.st.LastAt
	}
	if c.Op == OpTick && e.st.Opened != nil && !e.st.Closed && e.st.overdue(at) == nil && !e.st.hourDue(at) {
		// the stage ticks ten times a second: most ticks find no deadline
		// passed, and need no copy of a state that may hold a million entries
		return &Change{st: e.st}, nil
	}
	d := &decider{e: e, st: e.st.clone(), at: at}
	if err := d.run(c); err != nil {
		return nil, err
	}
	return &Change{Events: d.evs, st: d.st}, nil
}

type decider struct {
	e   *Engine
	st  *State
	at  time.Time
	evs []Event
	rec []Event // replaying: the journal from the event being decided on
	// early: the command confirms a draw before its segment's time
	early bool
	vrf   *VRF // the auditor's VRF output the command brings
}

func (d *decider) emit(ev Event) error {
	if ev.At.IsZero() {
		ev.At = d.at
	}
	if ev.Show == "" {
		ev.Show = d.st.ID
	}
	if d.rec != nil {
		if err := d.replayed(&ev); err != nil {
			return err
		}
	}
	if err := d.st.apply(ev); err != nil {
		return err
	}
	d.evs = append(d.evs, ev)
	return nil
}

func (d *decider) run(c Command) error {
	st := d.st
	d.early, d.vrf = c.Early, c.VRF
	if c.Op == OpOpen {
		if st.Opened != nil {
			return refuse("the show is already open")
		}
		if c.Opening == nil || c.ShowID == "" {
			return errors.New("open needs a show id and its opening")
		}
		if c.Opening.FixedSeed && !c.Opening.Rehearsal {
			return refuse("a fixed seed is allowed only in a rehearsal")
		}
		if c.Opening.ClaimSeconds != 0 && !c.Opening.Rehearsal {
			return refuse("a claim countdown other than the show file's is allowed only in a rehearsal")
		}
		if c.Opening.Rules > Rules {
			return fmt.Errorf("the show was opened under rules edition %d; this drawshow knows up to %d: use a newer drawshow", c.Opening.Rules, Rules)
		}
		if c.Opening.Rules >= 2 {
			if err := d.onItsNight(c.Opening); err != nil {
				return err
			}
		}
		if want := d.st.algorithm(c.Opening.Rules); c.Opening.Rules >= 5 && c.Opening.Algorithm != want {
			return fmt.Errorf("the show is drawn by %s, not %s: its file %s the auditor's key", want, c.Opening.Algorithm, map[bool]string{true: "names", false: "does not name"}[d.st.auditor])
		}
		if d.e.seed != nil && Commitment(d.e.seed) != c.Opening.Commitment {
			return fmt.Errorf("the commitment %s is not SHA-256 of the show's seed", c.Opening.Commitment)
		}
		return d.emit(Event{Kind: ShowOpened, Show: c.ShowID, Opened: c.Opening})
	}
	if st.Opened == nil {
		return refuse("the show is not open")
	}
	if st.Closed {
		return refuse("the show is closed")
	}
	switch c.Op {
	case OpLoad:
		if c.Standings != nil {
			return d.standings(c)
		}
		if c.Loaded != nil {
			return d.emit(Event{Kind: EntriesLoaded, Segment: c.Segment, Loaded: c.Loaded})
		}
		if err := d.signedBy(c.Lists); err != nil {
			return err
		}
		return d.emit(Event{Kind: ListsLoaded, Segment: c.Segment, Lists: c.Lists})
	case OpTick:
		return d.tick()
	case OpResume:
		return d.resume(Mode(c.Text))
	case OpWitness:
		return d.witness(c.Text)
	case OpCosigned:
		return d.countersigned(c.Countersign)
	case OpUnwitnessed:
		return d.unwitnessed(c.Text)
	case OpNoWitness:
		return d.noWitness()
	case OpNext:
		return d.next()
	case OpClose:
		return d.close()
	}
	seg := st.CurSeg()
	if seg == nil {
		return refuse("the show has no segment")
	}
	if seg.Seg.traits().numbers && (c.Op == OpDraw || c.Op == OpNumbers) {
		return d.numbers(seg, c)
	}
	if !seg.Seg.Draws() && c.Op != OpVoid && c.Op != OpSkip {
		return refuse("%s is a %s: no draw; next goes on", seg.Seg.ID, seg.Seg.Kind)
	}
	if err := d.hours(seg); err != nil {
		return err
	}
	if err := d.step(seg, c); err != nil {
		return err
	}
	if err := d.emptied(seg); err != nil {
		return err
	}
	return d.settle(seg)
}

func (d *decider) step(seg *SegState, c Command) error {
	if seg.Seg.Manual && c.Op == OpDraw && c.Early && seg.Frozen == nil {
		return d.freeze(seg) // the bin frozen ahead of time; the tickets are typed next
	}
	if seg.Seg.Manual && (c.Op == OpDraw || c.Op == OpPick) {
		return refuse("%s is drawn by hand: type the ticket drawn from the bin (ticket NUMBER)", seg.Seg.ID)
	}
	if p := seg.Chooser(); p != nil && (c.Op == OpDraw || c.Op == OpPick || c.Op == OpTicket) {
		return choosesFirst(seg, p)
	}
	switch c.Op {
	case OpNumbers:
		return refuse("%s is not a wild card: numbers choose a wild card's bins", seg.Seg.ID)
	case OpTicket:
		return d.ticket(seg, c.Text)
	case OpChoose:
		return d.choose(seg, c.Text, c.Prize)
	case OpFreeze:
		return d.freeze(seg)
	case OpPick:
		return d.pick(seg)
	case OpAnnounce:
		return d.announce(seg)
	case OpDraw:
		if seg.Frozen == nil {
			if err := d.freeze(seg); err != nil {
				return err
			}
			if d.st.AwaitsDrawWitness(seg) || d.st.v2 {
				return nil // frozen: its picks wait for the auditor's draw witness, or its VRF on the freeze
			}
		}
		if l := seg.Last(); l == nil || l.Announced() || l.Outcome != Pending {
			if err := d.pick(seg); err != nil {
				return err
			}
			if seg.Ended != nil || seg.Last().Held {
				return nil // the pool ran out: recorded, nothing to announce; or held until countersigned
			}
		}
		return d.announce(seg)
	case OpClaim, OpProxy, OpDecline, OpForfeit, OpNoShow:
		return d.decide(seg, c)
	case OpArrived:
		return d.arrived(seg)
	case OpVoid:
		return d.void(seg, c.Text)
	case OpSkip:
		return d.skip(seg, c.Text)
	case OpPass:
		return d.pass(seg, c.Text)
	case OpReselect:
		return d.reselect(seg, c.Lists)
	}
	return fmt.Errorf("unknown command %q", c.Op)
}

// undecided refuses a command while pick l of seg waits for its outcome,
// and says what decides it.
func (d *decider) undecided(seg *SegState, l *Pick) error {
	loc := d.e.Show.Location
	switch {
	case !l.Announced():
		return refuse("%s: pick %d is drawn and not announced yet; next announces it", seg.Seg.ID, l.K+1)
	case l.Deadline.IsZero():
		return refuse("%s: pick %d is still undecided; arrived (A) when the team is at the device starts its countdown, or claimed (C), proxy (R), decline (D), forfeit (F)", seg.Seg.ID, l.K+1)
	case !d.at.Before(l.Deadline):
		return refuse("%s: pick %d's countdown ended at %s; the no-show is recorded at the next tick, then draw redraws", seg.Seg.ID, l.K+1, l.Deadline.In(loc).Format(time.TimeOnly))
	}
	return refuse("%s: pick %d is still undecided: claimed (C), proxy (R), decline (D) or forfeit (F); else its countdown ends in a no-show at %s", seg.Seg.ID, l.K+1, l.Deadline.In(loc).Format(time.TimeOnly))
}

// choosesFirst refuses a command while the winner of pick p has to
// choose, and says how: by number, or, with nothing left to choose, by
// ending the draw short.
func choosesFirst(seg *SegState, p *Pick) error {
	left := seg.InPlay()
	if len(left) == 0 {
		return refuse("%s: the winner of pick %d has no %s left to choose; skip REASON ends the draw with its %d winner(s) so far", seg.Seg.ID, p.K+1, seg.Seg.Chooses(), seg.Winners())
	}
	return refuse("%s: the winner of pick %d has not chosen %s yet: choose one of %s", seg.Seg.ID, p.K+1, seg.Seg.Chooses(), strings.Join(left, ", "))
}

// InPlay are the items still in play for the winner who chooses.
func (s *SegState) InPlay() []string {
	taken := s.Taken()
	return slices.DeleteFunc(slices.Clone(s.Seg.Items()), func(it string) bool { return slices.Contains(taken, it) })
}

// Cornered reports whether a winner is to choose and nothing is left in
// play (a session deck short of its winners): skip then ends the draw.
func (s *SegState) Cornered() bool { return s.Chooser() != nil && len(s.InPlay()) == 0 }

// skip ends the current draw short on the host's word, with a reason: an
// entry file that cannot be used tonight must not hold up the rest of the
// show. Its winners so far stand; nothing is undone.
func (d *decider) skip(seg *SegState, reason string) error {
	reason = strings.TrimSpace(reason)
	if err := d.inWords(seg, "the skip's reason", reason); err != nil {
		return err
	}
	switch l := seg.Last(); {
	case reason == "":
		return refuse("skip needs a reason, e.g. skip entry file not delivered")
	case l != nil && l.Outcome == Pending:
		return d.undecided(seg, l)
	case seg.Drawn() && !seg.Cornered():
		return refuse("%s is done; next goes on", seg.Seg.ID)
	}
	w := seg.Winners()
	return d.emit(Event{Kind: SegmentEnded, Segment: seg.Seg.ID, Ended: &Ended{
		Winners: w, Wanted: seg.Seg.Winners,
		Reason: fmt.Sprintf(skipPrefix+"%d of %d winners: %s", w, seg.Seg.Winners, reason),
	}})
}

func (d *decider) freeze(seg *SegState) error {
	switch {
	case seg.Frozen != nil:
		return refuse("%s: the bin is already frozen; draw picks from it", seg.Seg.ID)
	case d.rec == nil && d.st.WitnessAwaited():
		return refuse("an official show draws only after the auditor's witness: type it (witness TEXT), or confirm there is no independent witness tonight (no-witness)")
	case seg.Seg.Entries != "" && !seg.Seg.traits().fromBin && seg.Loaded == nil:
		return refuse("%s: the entry file has not been imported; drawshow check names what is wrong with it, or skip REASON ends the draw", seg.Seg.ID)
	}
	today := day(d.at, d.e.Show.Location)
	if !seg.Seg.At.IsZero() {
		today = day(seg.Seg.At, d.e.Show.Location)
	}
	f := &Frozen{Day: today}
	f.PrintedUntil = seg.Seg.PrintCutoff(today, d.at, d.e.Show.Location)
	if early, err := d.beforeTime(seg); err != nil {
		return err
	} else {
		f.Early = early
	}
	barred := d.st.wonInScope(seg, today)
	if seg.Seg.traits().fromBin {
		src, err := d.st.wildSource(d.e.Show, seg)
		if err != nil {
			return err
		}
		f.From, f.Rows = src.Seg.ID, src.Loaded.Rows
		maps.Copy(barred, d.st.finalists(seg))
	} else if seg.Loaded != nil {
		f.Rows = seg.Loaded.Rows
	}
	if d.e.bins != nil {
		return d.freezeFromBin(seg, f, barred)
	}
	excluded := d.e.excluded
	if r := d.recorded(BinFrozen); r != nil && !d.e.exclusions {
		excluded = NewCardSet(r.Frozen.Excluded) // no list to hold it to: an export's replay
	}
	earned, sources, of := d.earned(seg, today)
	bin, skipped, err := d.e.build(d.st, seg.Seg, f, func(card string) (bool, bool) { return excluded.Has(card), barred[card] }, earned, d.needsEntry(seg.Seg))
	if err != nil {
		return err
	}
	if len(skipped) > 0 {
		f.NoEntry = noEntry(sources, earned, of, skipped, seg.Seg.BonusEntries.PerWin)
	}
	f.Earned, f.PastWinners, f.BelowSpend, f.NoVisit, f.Late = sources, bin.PastWinners, bin.BelowSpend, bin.NoVisit, bin.Late
	f.Fingerprint, f.Entries, f.Participants, f.TotalWeight = bin.FingerprintHex(), len(bin.Entries), bin.Participants, bin.Total
	f.Rows, f.Excluded, f.Barred = bin.Rows, bin.Excluded, bin.Barred
	f.OutOfTier, f.Capped, f.Zero, f.Filtered = bin.OutOfTier, bin.Capped, bin.Zero, bin.Filtered
	if j := seg.Seg.Jackpot; j != nil {
		if f.Jackpot, f.JackpotStart, err = d.jackpot(j); err != nil {
			return err
		}
	}
	return d.emit(Event{Kind: BinFrozen, Segment: seg.Seg.ID, Frozen: f, bin: bin})
}

// beforeTime holds a draw to its segment's time: before it, the draw
// needs the host's word (draw early), and early is then true. A bonus
// jackpot keeps to its sessions instead.
func (d *decider) beforeTime(seg *SegState) (early bool, err error) {
	at := seg.Seg.At
	if at.IsZero() || !d.at.Before(at) || seg.Seg.traits().sessions {
		return false, nil
	}
	if !d.early {
		loc := d.e.Show.Location
		return false, refuse("%s is set for %s and it is %s: it draws early only on the host's word (draw early), which the record keeps",
			seg.Seg.ID, at.In(loc).Format("15:04"), d.at.In(loc).Format("15:04:05"))
	}
	return true, nil
}

// wonInScope lists the participants barred from seg by its win-once rule.
func (st *State) wonInScope(seg *SegState, today string) map[string]bool {
	out := map[string]bool{}
	if seg.Seg.WinOnce == OncePerDraw {
		return out
	}
	for _, o := range st.Segs {
		if o == seg || o.Frozen == nil || (seg.Seg.WinOnce == OncePerDay && o.Frozen.Day != today) {
			continue
		}
		if o.Seg.traits().sessions && !seg.Seg.traits().sessions {
			continue // a bonus-jackpot win earns draw entries; it never bars them
		}
		for _, p := range o.Picks {
			if p.Outcome.Wins() {
				out[p.Participant] = true
			}
		}
	}
	return out
}

func (d *decider) pick(seg *SegState) error {
	switch l := seg.Last(); {
	case seg.Frozen == nil:
		return refuse("%s: the bin is not frozen yet; draw freezes it", seg.Seg.ID)
	case l != nil && l.Outcome == Pending:
		return d.undecided(seg, l)
	case seg.Ended != nil:
		return refuse("%s has ended: %s; next goes on", seg.Seg.ID, seg.Ended.Reason)
	case seg.Drawn():
		return refuse("%s: all %d winners are decided; go to the next segment", seg.Seg.ID, seg.Seg.Winners)
	}
	if err := d.inWindow(seg); err != nil {
		return err
	}
	if seg.Seg.Selected != "" {
		return d.selected(seg)
	}
	k := len(seg.Picks)
	i, w, err := d.choosePick(seg, k)
	if errors.Is(err, ErrEmptyPool) {
		w := seg.Winners()
		return d.emit(Event{Kind: SegmentEnded, Segment: seg.Seg.ID, Ended: &Ended{
			Winners: w, Wanted: seg.Seg.Winners,
			Reason: fmt.Sprintf("no eligible entry is left: %d of %d winners after %d picks", w, seg.Seg.Winners, k),
		}})
	}
	if err != nil {
		return err
	}
	en := seg.Bin.Entries[i]
	return d.emit(Event{Kind: PickDrawn, Segment: seg.Seg.ID, Pick: &PickRef{
		K: k, Ticket: en.Ticket, Participant: en.Participant, Prize: d.prizeAtPick(seg),
		VRF: w.vrf, Room: w.room,
	}})
}

// standings records a leaderboard's final standings, once.
func (d *decider) standings(c Command) error {
	seg := d.st.Seg(c.Segment)
	switch {
	case seg == nil:
		return refuse("standings: segment %q is not in the show file", c.Segment)
	case !seg.Seg.Leaderboard():
		return refuse("standings: %s is a %s, not a leaderboard", seg.Seg.ID, seg.Seg.Kind)
	case seg.Standings != nil:
		return refuse("standings: %s's final standings are already recorded", seg.Seg.ID)
	}
	s := *c.Standings
	switch {
	case d.st.Opened.Rules < 4:
		if len(s.Excluded) > 0 {
			return fmt.Errorf("standings: %s names excluded cards, which a show of rules edition %d does not", seg.Seg.ID, d.st.Opened.Rules)
		}
	case d.e.exclusions:
		s.Excluded = OffBoard(s.Rows, d.e.excluded)
	default: // no list to hold it to (an export's replay): the recorded cards, each of the file
		if want := OffBoard(s.Rows, NewCardSet(s.Excluded)); !slices.Equal(want, s.Excluded) {
			return fmt.Errorf("standings: %s's excluded cards %v are not cards of its rows, sorted once each (%v)", seg.Seg.ID, s.Excluded, want)
		}
	}
	return d.emit(Event{Kind: StandingsRecorded, Segment: seg.Seg.ID, Standings: &s})
}

// Board is st without the players a leaderboard never shows: in a show
// of rules edition 4 or later, the cards of its exclusions list.
func (e *Engine) Board(st []Standing) []Standing {
	if o := e.st.Opened; o == nil || o.Rules < 4 {
		return st
	}
	return OnBoard(st, OffBoard(st, e.excluded))
}

func (d *decider) announce(seg *SegState) error {
	l := seg.Last()
	if l == nil || l.Announced() || l.Outcome != Pending {
		return refuse("%s: no pick is waiting to be announced; draw picks the next", seg.Seg.ID)
	}
	if l.Held {
		return &NeedsCountersign{Segment: seg.Seg.ID, K: l.K}
	}
	ref := PickRef{K: l.K}
	required := seg.Seg.Attendance == Required
	onRegister := required && d.st.RegisterHas(seg, l.Participant)
	if required && !onRegister {
		if !seg.Seg.traits().sessions { // a bonus winner's seconds start when the team reaches the device
			ref.Deadline = d.at.Add(time.Duration(d.claimSeconds()) * time.Second)
		}
		if p, ok := d.st.ProxyFor(seg, l.Participant); ok {
			ref.Proxy, ref.ProxyID = p.Name, p.ID // the nomination on file, shown at once
		}
	}
	if err := d.emit(Event{Kind: PickAnnounced, Segment: seg.Seg.ID, Pick: &ref}); err != nil {
		return err
	}
	switch {
	case onRegister:
		return d.emit(Event{Kind: PickDecided, Segment: seg.Seg.ID, Pick: &PickRef{K: l.K, Outcome: Declined, By: "register"}})
	case !required:
		collect := d.at.In(d.e.Show.Location).AddDate(0, 0, CollectDays).Format(time.DateOnly)
		return d.emit(Event{Kind: PickDecided, Segment: seg.Seg.ID, Pick: &PickRef{K: l.K, Outcome: ToContact, By: "engine", CollectBy: collect}})
	}
	return nil
}

// pending is the current segment's announced, undecided pick.
func (d *decider) pending(seg *SegState) (*Pick, error) {
	l := seg.Last()
	switch {
	case l == nil || l.Outcome != Pending:
		return nil, refuse("%s: no pick is waiting for a claim; draw picks the next", seg.Seg.ID)
	case !l.Announced():
		return nil, refuse("%s: pick %d is not announced yet; next announces it", seg.Seg.ID, l.K+1)
	case !l.Deadline.IsZero() && !d.at.Before(l.Deadline) && !l.Lapsed:
		return nil, refuse("%s: the %ds to claim ended at %s; the no-show stands, and draw redraws", seg.Seg.ID, d.claimSeconds(), l.Deadline.In(d.e.Show.Location).Format(time.TimeOnly))
	}
	return l, nil
}

func (d *decider) decide(seg *SegState, c Command) error {
	l, err := d.pending(seg)
	if err != nil {
		return err
	}
	ref := PickRef{K: l.K, By: "host", AfterRestart: l.Lapsed}
	switch c.Op {
	case OpNoShow:
		if !l.Lapsed {
			return refuse("%s: a no-show is the engine's, when the %ds to claim run out; the host records one only for a countdown that ended while drawshow was down", seg.Seg.ID, d.claimSeconds())
		}
		ref.Outcome, ref.Reason = NoShow, "not claimed in time, by the host's word: the countdown ended while drawshow was down"
	case OpClaim:
		ref.Outcome = Claimed
	case OpDecline:
		ref.Outcome = Declined
		if d.st.Opened.Rules >= 1 {
			if ref.Reason, err = d.declinable(seg, l.Participant, c.Text); err != nil {
				return err
			}
		}
	case OpForfeit:
		ref.Outcome = Forfeit
		if d.st.Opened.Rules >= 1 {
			if ref.Reason, err = typed(seg, "the forfeit's note", c.Text, MaxReason); err != nil {
				return err
			}
			if err := d.inWords(seg, "the forfeit's reason", ref.Reason); err != nil {
				return err
			}
			if ref.Reason == "" {
				ref.Reason = ForfeitReason
			}
		}
	case OpProxy:
		ref.Outcome = ByProxy
		ref.Proxy, ref.ProxyID = strings.TrimSpace(c.Text), strings.TrimSpace(c.ID)
		if onFile, ok := d.st.ProxyFor(seg, l.Participant); ok {
			switch {
			case ref.Proxy == "":
				ref.Proxy, ref.ProxyID = onFile.Name, onFile.ID
			case strings.EqualFold(ref.Proxy, onFile.Name) && ref.ProxyID == "":
				ref.ProxyID = onFile.ID
			}
		}
		if ref.Proxy == "" {
			return refuse("%s: proxy needs the nominee's name (no nomination on file for this card)", seg.Seg.ID)
		}
		for _, t := range []string{ref.Proxy, ref.ProxyID} {
			if _, err := typed(seg, fmt.Sprintf("the proxy %q", t), t, MaxName); err != nil {
				return err
			}
		}
		if other, ok := d.st.StoodFor(ref.Proxy, ref.ProxyID); ok && other != l.Participant {
			return refuse("%s: %s already stood for another participant tonight; a nominee may stand for one participant only", seg.Seg.ID, ref.Proxy)
		}
	}
	return d.emit(Event{Kind: PickDecided, Segment: seg.Seg.ID, Pick: &ref})
}

// arrived starts a bonus winner's claim seconds: the promotions team is at
// the device. Until then no no-show can be recorded.
func (d *decider) arrived(seg *SegState) error {
	l, err := d.pending(seg)
	switch {
	case err != nil:
		return err
	case !seg.Seg.traits().sessions:
		return refuse("%s: arrived is for a bonus jackpot's team at the device; this claim's seconds run from the announcement", seg.Seg.ID)
	case !l.Deadline.IsZero():
		return refuse("%s: the team is at the device already; the seconds end at %s", seg.Seg.ID, l.Deadline.In(d.e.Show.Location).Format(time.TimeOnly))
	}
	return d.emit(Event{Kind: ClaimStarted, Segment: seg.Seg.ID, Pick: &PickRef{K: l.K, Deadline: d.at.Add(time.Duration(d.claimSeconds()) * time.Second)}})
}

// tick records the no-show of a pick whose deadline has passed, and a
// bonus jackpot's hours that ended short.
func (d *decider) tick() error {
	l := d.st.overdue(d.at)
	if l == nil {
		if seg := d.st.CurSeg(); seg != nil {
			return d.hours(seg)
		}
		return nil
	}
	ref := &PickRef{K: l.K, Outcome: NoShow, By: "engine"}
	if d.st.Opened.Rules >= 1 {
		ref.Reason = fmt.Sprintf("not claimed within %d s", d.claimSeconds())
	}
	return d.emit(Event{At: l.Deadline, Kind: PickDecided, Segment: d.st.CurSeg().Seg.ID, Pick: ref})
}

// resume records a start of the program on the open show. A countdown
// whose deadline passed while it was down lapses: the engine never turns
// it into a no-show, since nobody could claim while the stage was dark;
// the host records what happened. One still running goes on to its
// deadline, with the seconds left.
// onItsNight holds an opening to rules edition 2: its mode and clock
// are named; an official show runs on the machine's clock, and opens on
// its own night by it.
func (d *decider) onItsNight(o *Opened) error {
	if o.Mode != ModeStage && o.Mode != ModeHeadless {
		return fmt.Errorf("open: mode %q is neither %s nor %s", o.Mode, ModeStage, ModeHeadless)
	}
	if o.WallClock.IsZero() {
		return errors.New("open: the machine's clock at open is not recorded")
	}
	switch o.ClockSource {
	case ClockWall:
	case ClockSet:
		if !o.Rehearsal {
			return refuse("an official show runs on the machine's clock: a show clock set by hand (--clock) is for rehearsals")
		}
	default:
		return fmt.Errorf("open: clock source %q is neither %s nor %s", o.ClockSource, ClockWall, ClockSet)
	}
	if o.Rehearsal {
		return nil
	}
	if drift := d.at.Sub(o.WallClock); drift.Abs() > ClockDrift {
		return refuse("an official show runs on the machine's clock: the show clock at open, %s, is %v from the machine's, %s",
			d.at.Format(time.RFC3339), drift.Round(time.Second), o.WallClock.UTC().Format(time.RFC3339))
	}
	return d.e.Show.OnItsNight(o.WallClock)
}

func (d *decider) resume(m Mode) error {
	if m != ModeStage && m != ModeHeadless {
		return fmt.Errorf("resume: mode %q is neither %s nor %s", m, ModeStage, ModeHeadless)
	}
	return d.emit(Event{Kind: Resumed, Restart: &Restart{Mode: m, Last: d.st.LastAt}})
}

// ForfeitReason is a forfeit's reason when the host gives none.
const ForfeitReason = "not the rightful owner of the card"

// signedBy holds a register to the time it is read: it keeps only
// signatures made by then, and what it left out was signed later. A
// record that says otherwise is refused.
func (d *decider) signedBy(l *Lists) error {
	if l == nil {
		return nil
	}
	by := d.at.In(d.e.Show.Location).Format(time.DateTime)
	for i, t := range l.RegisterSigned {
		if t > by {
			return fmt.Errorf("card %s on the decline register was signed at %s, after the register was read (%s)", l.Register[i], t, by)
		}
	}
	for _, sig := range l.RegisterLate {
		if sig.Signed <= by {
			return fmt.Errorf("card %s, signed at %s, was left off the decline register read at %s", sig.Card, sig.Signed, by)
		}
	}
	return nil
}

// declinable is the reason a host's decline of card is recorded with, or
// the refusal. A winner in absence is one who signed the decline
// register before the draw (RF 15–16, 30–31; SF 3.11–3.12, 5.12–5.17):
// the card is on a register loaded for this draw (reason ""), or, where
// the register is on paper, the host notes where it is signed and who
// checked it, which is recorded as an attestation.
func (d *decider) declinable(seg *SegState, card, note string) (string, error) {
	note, err := typed(seg, "the decline's note", note, MaxReason)
	if err != nil || note != "" {
		return note, err
	}
	if d.st.RegisterHas(seg, card) {
		return "", nil
	}
	const paper = "if the signature is on a paper register, decline with its page and who checked it, e.g. decline p.4, checked by Thandi"
	if sig, ok := d.st.SignedLate(seg, card); ok {
		return "", refuse("%s: card %s signed the decline register at %s, after this draw's register was read: it counts from the next draw, not this one", seg.Seg.ID, card, sig.Signed)
	}
	files := d.st.RegisterFiles(seg)
	if len(files) == 0 {
		return "", refuse("%s: no decline register is loaded for this draw, so card %s cannot be declined; %s", seg.Seg.ID, card, paper)
	}
	return "", refuse("%s: card %s is not on the decline register (%s); %s", seg.Seg.ID, card, strings.Join(files, ", "), paper)
}

// typed is text the host typed, trimmed, or the refusal of one no record
// should hold: longer than max characters, or holding a control or
// bidirectional character. what names it in the refusal ("the decline's
// note").
func typed(seg *SegState, what, text string, max int) (string, error) {
	text = strings.TrimSpace(text)
	if n := utf8.RuneCountInString(text); n > max {
		return "", refuse("%s: %s is %d characters long, more than the %d it may have", seg.Seg.ID, what, n, max)
	}
	if r, bad := UnsafeRune(text); bad {
		return "", refuse("%s: %s holds U+%04X, a control or bidirectional character; type it again", seg.Seg.ID, what, r)
	}
	return text, nil
}

// MaxReason is the most characters a typed reason or note may have.
const MaxReason = 200

// inWords refuses, live, a reason that is not words: "void ." says
// nothing the record can stand on. It holds two letters at least. A
// record's replay takes the reasons it holds.
func (d *decider) inWords(seg *SegState, what, reason string) error {
	if d.rec != nil || reason == "" {
		return nil
	}
	letters := 0
	for _, r := range reason {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters < 2 {
		return refuse("%s: %s %q is not words: say why, e.g. void wrong button", seg.Seg.ID, what, reason)
	}
	return nil
}

// overdue is the current segment's pending pick whose deadline has passed
// at t, or nil.
func (st *State) overdue(t time.Time) *Pick {
	seg := st.CurSeg()
	if seg == nil {
		return nil
	}
	l := seg.Last()
	if l == nil || l.Outcome != Pending || l.Deadline.IsZero() || l.Lapsed || t.Before(l.Deadline) {
		return nil // a lapsed countdown is the host's to decide
	}
	return l
}

func (d *decider) void(seg *SegState, reason string) error {
	reason = strings.TrimSpace(reason)
	if d.st.Opened.Rules >= 3 { // an earlier record's void took any reason
		var err error
		if reason, err = typed(seg, "the void's reason", reason, MaxReason); err != nil {
			return err
		}
	}
	if err := d.inWords(seg, "the void's reason", reason); err != nil {
		return err
	}
	l := seg.Last()
	switch {
	case reason == "":
		return refuse("void needs a reason")
	case l == nil || l.Outcome == Void:
		return refuse("%s: no pick to void", seg.Seg.ID)
	case l.Choice != nil || seg.Settled != nil:
		return refuse("%s: pick %d's prize is turned over already; a revealed prize stands", seg.Seg.ID, l.K+1)
	}
	return d.emit(Event{Kind: PickVoided, Segment: seg.Seg.ID, Pick: &PickRef{K: l.K, Reason: reason}})
}

// witness records the auditor's witness W, typed after seeing the
// commitment; it must come before any bin is frozen. In a show with
// witness each-draw, a witness typed while the current segment awaits its
// draw witness is that: W_d. An empty W_d would key the draws by what was
// known before the freeze, so it is refused; a journal that holds one
// (written before this rule) still replays.
func (d *decider) witness(w string) error {
	if seg := d.st.CurSeg(); seg != nil && seg.Pending != nil {
		return d.choiceWitness(seg, strings.TrimSpace(w))
	}
	if seg := d.st.CurSeg(); d.st.awaitsRoom(seg) {
		return d.roomWitness(seg, w)
	}
	if seg := d.st.CurSeg(); seg != nil && d.st.AwaitsDrawWitness(seg) {
		if d.rec == nil && strings.TrimSpace(w) == "" {
			return refuse("%s: the draw witness is empty: type what the room saw after the freeze (the dice, a ball from the bag)", seg.Seg.ID)
		}
		return d.emit(Event{Kind: DrawWitness, Segment: seg.Seg.ID, Witness: &Witness{Text: w}})
	} else if seg != nil && seg.DrawWitness != nil {
		return refuse("%s: the draw witness is already given (%q)", seg.Seg.ID, *seg.DrawWitness)
	}
	switch {
	case d.st.Witness() != "":
		return refuse("the witness is already given (%q)", d.st.Witness())
	case w == "":
		return refuse("the witness is empty")
	}
	if d.st.anyFrozen() {
		return refuse("a bin is frozen already: the witness can no longer be given")
	}
	return d.emit(Event{Kind: WitnessGiven, Witness: &Witness{Text: w}})
}

// noWitness records the operator's confirmation that an official show
// goes on with no auditor's witness W. It is typed, never defaulted, so
// that a show keyed by the seed alone says so in its record.
func (d *decider) noWitness() error {
	switch {
	case d.st.Witness() != "":
		return refuse("the witness is given already (%q): nothing to confirm", d.st.Witness())
	case !d.st.Unwitnessed.IsZero():
		return refuse("the show goes on without a witness already, as confirmed at %s", d.st.Unwitnessed.Format("15:04"))
	case d.st.anyFrozen():
		return refuse("a bin is frozen already: the show's witness can no longer be given or waived")
	}
	return d.emit(Event{Kind: WitnessWaived})
}

func (d *decider) next() error {
	seg := d.st.CurSeg()
	if seg == nil {
		return refuse("the show has no segment")
	}
	if err := d.hours(seg); err != nil {
		return err
	}
	switch l := seg.Last(); {
	case l != nil && l.Outcome == Pending:
		return d.undecided(seg, l)
	case seg.Seg.traits().numbers && seg.Numbers == nil:
		return refuse("%s: the numbers are not chosen yet (draw, or numbers N N by=NAME)", seg.Seg.ID)
	case !seg.Seg.traits().numbers && !seg.Drawn():
		return refuse("%s: %d of %d winners decided; draw again, or skip REASON ends it short", seg.Seg.ID, seg.Winners(), seg.Seg.Winners)
	case seg.Chooser() != nil:
		return choosesFirst(seg, seg.Chooser())
	case d.st.Cur+1 >= len(d.st.Segs):
		return refuse("%s is the last segment; close the show", seg.Seg.ID)
	}
	return d.emit(Event{Kind: SegmentNext, Segment: d.st.Segs[d.st.Cur+1].Seg.ID})
}

func (d *decider) close() error {
	if seg := d.st.CurSeg(); seg == nil {
		return refuse("the show has no segment")
	} else if l := seg.Last(); l != nil && l.Outcome == Pending {
		return d.undecided(seg, l)
	} else if p := seg.Chooser(); p != nil {
		return choosesFirst(seg, p)
	}
	// a show never ends with winners missing unsaid: a draw that cannot
	// have them all is ended short first (skip REASON), and the record says why
	var short []string
	for _, s := range d.st.Segs {
		if s.Seg.Draws() && !s.Done() {
			if s.Seg.traits().numbers {
				short = append(short, s.Seg.ID+" (its numbers are not chosen)")
			} else {
				short = append(short, fmt.Sprintf("%s (%d of %d winners)", s.Seg.ID, s.Winners(), s.Seg.Winners))
			}
		}
	}
	if len(short) > 0 {
		return refuse("the show cannot close with winners missing: %s; draw them, or end each draw short with skip REASON", strings.Join(short, ", "))
	}
	if d.e.seed == nil {
		return errors.New("the engine has no seed")
	}
	return d.emit(Event{Kind: ShowClosed, Closed: &Closed{Seed: hexOf(d.e.seed)}})
}

// build makes seg's bin: from its imported rows (or, for a wild-card
// draw, those of the month-end bin f names), and from the winners of the
// segments it takes them from. With needEntry an earned entry whose
// winner is on no row is left out: skipped lists them, by index in earned.
func (e *Engine) build(st *State, seg *Segment, f *Frozen, removed func(string) (bool, bool), earned []Entry, needEntry bool) (bin *Bin, skipped []int, err error) {
	rules, rowsOf := seg, seg.ID
	if f.From != "" {
		src := *st.Seg(f.From).Seg
		src.ID = seg.ID
		rules, rowsOf = &src, f.From
	}
	b := NewBinBuilder(rules, removed)
	b.BarPast(e.pastWinners(seg))
	b.VisitsSince(f.Day)
	b.PrintedBy(f.PrintedUntil)
	b.Grow(f.Rows + len(earned))
	if needEntry && len(earned) > 0 {
		b.NeedEntry(earned)
	}
	if st.Seg(rowsOf).Loaded != nil {
		if err := e.src.Rows(st.Seg(rowsOf).Seg, func(r Row) error { b.Add(r); return nil }); err != nil {
			return nil, nil, err
		}
	}
	if seg.traits().receipts {
		for _, r := range st.receipts(e.Show, seg) {
			b.Add(r)
		}
	}
	for i, en := range earned {
		if b.AddEarned(en) {
			skipped = append(skipped, i)
		}
	}
	bin, err = b.Bin()
	return bin, skipped, err
}

func set(ss []string) map[string]bool {
	m := make(map[string]bool, len(ss))
	for _, s := range ss {
		m[s] = true
	}
	return m
}

// sameNominee reports whether two nominations name the same person: by ID
// number when both give one, else by name, whatever its case and spacing.
func sameNominee(name1, id1, name2, id2 string) bool {
	if id1 != "" && id2 != "" {
		return id1 == id2
	}
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	return norm(name1) == norm(name2)
}

// claimSeconds is the claim countdown: the show file's, or the one a
// rehearsal was opened with.
func (d *decider) claimSeconds() int {
	if o := d.st.Opened; o != nil && o.ClaimSeconds > 0 {
		return o.ClaimSeconds
	}
	return d.e.Show.ClaimSeconds
}
