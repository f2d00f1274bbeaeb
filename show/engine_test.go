package show

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// ---- test rig: an in-memory Source, an injected clock and a driver ----

// memRows is an in-memory Source: segment id → the rows of its entry file.
type memRows map[string][]Row

func (m memRows) Rows(seg *Segment, fn func(Row) error) error {
	rows, ok := m[seg.ID]
	if !ok {
		return fmt.Errorf("no entries imported for %s", seg.ID)
	}
	for _, r := range rows {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// t0 is 19:00 on 30 November 2024 in Johannesburg (UTC+2).
var t0 = time.Date(2024, 11, 30, 17, 0, 0, 0, time.UTC)

var johannesburg = func() *time.Location {
	loc, err := time.LoadLocation("Africa/Johannesburg")
	if err != nil {
		panic(err)
	}
	return loc
}()

// seedOf is a fixed 32-byte show seed.
func seedOf(n uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	s := sha256.Sum256(append([]byte("drawshow test seed "), b[:]...))
	return s[:]
}

// rig drives an engine the way the runner does: Decide, commit, Apply.
type rig struct {
	tb      testing.TB
	sh      *Show
	src     memRows
	now     time.Time
	eng     *Engine
	seed    []byte
	witness string
	evs     []Event // every committed event, numbered
	ends    []int   // len(evs) after each decision: where a journal may end
}

// newRig opens sh with seed, witness "" and imports every segment's rows.
func newRig(tb testing.TB, sh *Show, src memRows, seed []byte) *rig {
	tb.Helper()
	return newRigAt(tb, sh, src, seed, t0)
}

// newRigAt is newRig opening the show at now, on the machine's clock:
// an official show opens on its own night.
func newRigAt(tb testing.TB, sh *Show, src memRows, seed []byte, now time.Time) *rig {
	tb.Helper()
	return newRigEdition(tb, sh, src, seed, now, Rules)
}

// newRigEdition is newRigAt opening under edition rules of the host's
// rules: a record made by an older drawshow.
func newRigEdition(tb testing.TB, sh *Show, src memRows, seed []byte, now time.Time, rules int) *rig {
	tb.Helper()
	return openRig(tb, sh, src, seed, now, rules, true)
}

// openRig is newRigEdition; with waive, an official show that awaits the
// auditor's witness goes on without one, as the operator would type.
func openRig(tb testing.TB, sh *Show, src memRows, seed []byte, now time.Time, rules int, waive bool) *rig {
	tb.Helper()
	r := &rig{tb: tb, sh: sh, src: src, now: now, seed: seed}
	r.eng = NewEngine(sh, src, func() time.Time { return r.now })
	if err := r.eng.SetSeed(seed); err != nil {
		tb.Fatal(err)
	}
	ids := make([]string, len(sh.Segments))
	for i, s := range sh.Segments {
		ids[i] = s.ID
	}
	r.do(Command{Op: OpOpen, ShowID: "s", Opening: &Opened{
		Algorithm: r.eng.st.algorithm(rules), Promotion: sh.Promotion, Property: sh.Property,
		Commitment: Commitment(seed), Witness: r.witness, Segments: ids, Rules: rules,
		WallClock: r.now, Mode: ModeHeadless, ClockSource: ClockWall,
	}})
	for _, s := range sh.Segments {
		if _, ok := src[s.ID]; ok || s.Kind == KindDraw {
			r.do(Command{Op: OpLoad, Segment: s.ID, Loaded: &Loaded{File: s.ID + ".csv", Rows: len(src[s.ID])}})
		}
	}
	if waive && r.eng.State().WitnessAwaited() {
		r.do(Command{Op: OpNoWitness}) // the rigs' shows go on without one, as typed
	}
	return r
}

// try decides c and, when allowed, commits and applies its events.
func (r *rig) try(c Command) ([]Event, error) {
	ch, err := r.eng.Decide(c)
	if err != nil {
		return nil, err
	}
	for i := range ch.Events {
		ch.Events[i].Seq = int64(len(r.evs) + 1)
		r.evs = append(r.evs, ch.Events[i])
	}
	if len(ch.Events) > 0 {
		r.ends = append(r.ends, len(r.evs))
	}
	r.eng.Apply(ch)
	return ch.Events, nil
}

// do runs c, which must be allowed.
func (r *rig) do(c Command) []Event {
	r.tb.Helper()
	evs, err := r.try(c)
	if err != nil {
		r.tb.Fatalf("%s %q: %v", c.Op, c.Text, err)
	}
	return evs
}

// refused runs c, which must be refused, and checks that nothing changed.
func (r *rig) refused(c Command, want string) *Refusal {
	r.tb.Helper()
	before, ptr, n := stateJSON(r.tb, r.eng.State()), r.eng.State(), len(r.evs)
	_, err := r.try(c)
	var ref *Refusal
	if !errors.As(err, &ref) {
		r.tb.Fatalf("%s %q: err = %v, want a refusal", c.Op, c.Text, err)
	}
	if !strings.Contains(ref.Reason, want) {
		r.tb.Errorf("%s refused with %q, want it to mention %q", c.Op, ref.Reason, want)
	}
	if r.eng.State() != ptr || stateJSON(r.tb, r.eng.State()) != before || len(r.evs) != n {
		r.tb.Fatalf("%s: the refusal changed the state", c.Op)
	}
	return ref
}

// wait advances the show clock and ticks, as the runner's `wait` does.
func (r *rig) wait(d time.Duration) []Event {
	r.tb.Helper()
	r.now = r.now.Add(d)
	return r.do(Command{Op: OpTick})
}

func (r *rig) cur() *SegState { return r.eng.State().CurSeg() }

// last is the current segment's latest pick.
func (r *rig) last() *Pick {
	r.tb.Helper()
	l := r.cur().Last()
	if l == nil {
		r.tb.Fatal("no pick")
	}
	return l
}

// draw makes the next pick and announces it.
func (r *rig) draw() *Pick {
	r.tb.Helper()
	r.do(Command{Op: OpDraw})
	return r.last()
}

func evKinds(evs []Event) []EventKind {
	ks := make([]EventKind, len(evs))
	for i, e := range evs {
		ks[i] = e.Kind
	}
	return ks
}

// journal round-trips events through their journal form, so that a replay
// has to rebuild every bin from the Source.
func journal(tb testing.TB, evs []Event) []Event {
	tb.Helper()
	out := make([]Event, len(evs))
	for i, e := range evs {
		p, err := e.Payload()
		if err != nil {
			tb.Fatal(err)
		}
		if out[i], err = DecodeEvent(e.Seq, e.At, string(e.Kind), p); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// stateJSON renders everything a State holds, unexported maps included,
// so two states (or one state before and after) can be compared.
func stateJSON(tb testing.TB, st *State) string {
	type segJ struct {
		ID       string
		Loaded   *Loaded
		Lists    *Lists
		Bin      string // fingerprint and counts: the entries are fixed by the fingerprint
		Frozen   *Frozen
		FrozenAt time.Time
		Picks    []Pick
		Ended    *Ended
		Numbers  *Numbers
		Settled  *Settled
		Register map[string]bool
		Proxies  map[string]Proxy
		Picked   map[string]bool // participants out of the pool
		Pool     uint64          // the pool's remaining weight
	}
	v := struct {
		ID       string
		Opened   *Opened
		OpenedAt time.Time
		Closed   bool
		ClosedAt time.Time
		Seed     string
		Cur      int
		Lists    *Lists
		LastAt   time.Time
		Events   int
		Register map[string]bool
		Proxies  map[string]Proxy
		Segs     []segJ
	}{st.ID, st.Opened, st.OpenedAt, st.Closed, st.ClosedAt, st.Seed, st.Cur, st.Lists, st.LastAt, st.Events,
		st.register, st.proxies, nil}
	for _, s := range st.Segs {
		sj := segJ{s.Seg.ID, s.Loaded, s.Lists, binSummary(s.Bin), s.Frozen, s.FrozenAt, s.Picks, s.Ended, s.Numbers, s.Settled, s.register, s.proxies, map[string]bool{}, 0}
		if p := s.pool; p != nil {
			for i, e := range s.Bin.Entries {
				if p.picked(p.id(i)) {
					sj.Picked[e.Participant] = true
				}
			}
			sj.Pool = p.total
		}
		v.Segs = append(v.Segs, sj)
	}
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

func binSummary(b *Bin) string {
	if b == nil {
		return ""
	}
	if Fingerprint(b.Entries) != b.Fingerprint {
		return "entries do not match the fingerprint"
	}
	return fmt.Sprintf("%x %d %d %d %d %v %v %d %d %d", b.Fingerprint, len(b.Entries), b.Total, b.Rows, b.Participants,
		b.Excluded, b.Barred, b.OutOfTier, b.Capped, b.Zero)
}

// ---- shows built by hand ----

// mkShow is a Johannesburg show with claim_seconds 90 and the parser's
// defaults filled into each segment.
func mkShow(segs ...Segment) *Show {
	for i := range segs {
		s := &segs[i]
		s.Kind = or(s.Kind, KindDraw)
		s.Title = or(s.Title, s.ID)
		s.Tickets = or(s.Tickets, PerRow)
		s.WinOnce = or(s.WinOnce, OncePerDraw)
		s.Attendance = or(s.Attendance, Required)
		if s.Winners == 0 {
			s.Winners = 1
		}
	}
	return &Show{Promotion: "Royal Flush", Property: "Gold Reef City", Currency: "ZAR",
		Timezone: "Africa/Johannesburg", Location: johannesburg, ClaimSeconds: 90,
		Mask: Mask{Names: true, Cards: true}, Segments: segs}
}

// oneEach is a per-row file with one ticket per card: ticket "T-" card.
func oneEach(cards ...string) []Row {
	rows := make([]Row, len(cards))
	for i, c := range cards {
		rows[i] = Row{Ticket: "T-" + c, Card: c}
	}
	return rows
}

func cardsN(n int) []string {
	cs := make([]string, n)
	for i := range cs {
		cs[i] = fmt.Sprintf("c%02d", i)
	}
	return cs
}

// oneSeg is a rig over a single segment of n participants with one ticket each.
func oneSeg(tb testing.TB, seg Segment, n int) *rig {
	tb.Helper()
	return newRig(tb, mkShow(seg), memRows{seg.ID: oneEach(cardsN(n)...)}, seedOf(1))
}

// ---- the rules ----

func TestDrawFreezesPicksAnnounces(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 2}, 5)
	evs := r.do(Command{Op: OpDraw})
	if got, want := evKinds(evs), []EventKind{BinFrozen, PickDrawn, PickAnnounced}; !slices.Equal(got, want) {
		t.Fatalf("first draw: %v, want %v", got, want)
	}
	f := evs[0].Frozen
	if f.Entries != 5 || f.Participants != 5 || f.TotalWeight != 5 || f.Rows != 5 || f.Day != "2024-11-30" {
		t.Errorf("frozen %+v", f)
	}
	l := r.last()
	if l.K != 0 || l.Outcome != Pending || !l.Deadline.Equal(t0.Add(90*time.Second)) || !l.AnnouncedAt.Equal(t0) {
		t.Errorf("pick %+v", l)
	}
	r.do(Command{Op: OpClaim})
	// the second draw does not freeze again
	if got, want := evKinds(r.do(Command{Op: OpDraw})), []EventKind{PickDrawn, PickAnnounced}; !slices.Equal(got, want) {
		t.Fatalf("second draw: %v, want %v", got, want)
	}
	r.refused(Command{Op: OpFreeze}, "already frozen")
	r.refused(Command{Op: OpDraw}, "still undecided")
	r.refused(Command{Op: OpPick}, "still undecided")
	r.refused(Command{Op: OpAnnounce}, "no pick is waiting")
}

func TestOutcomes(t *testing.T) {
	for _, c := range []struct {
		name    string
		act     func(r *rig)
		outcome Outcome
		by      string
		wins    bool
	}{
		{"claim", func(r *rig) { r.do(Command{Op: OpClaim}) }, Claimed, "host", true},
		{"proxy", func(r *rig) { r.do(Command{Op: OpProxy, Text: "Jane Doe", ID: "8001015009087"}) }, ByProxy, "host", true},
		{"decline", func(r *rig) { r.do(Command{Op: OpDecline, Text: paperNote}) }, Declined, "host", true},
		{"forfeit", func(r *rig) { r.do(Command{Op: OpForfeit}) }, Forfeit, "host", false},
		{"no-show", func(r *rig) { r.wait(90 * time.Second) }, NoShow, "engine", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R5 000"}}, 4)
			first := r.draw()
			c.act(r)
			p := r.cur().Picks[0]
			if p.Outcome != c.outcome || p.By != c.by || p.Outcome.Wins() != c.wins {
				t.Fatalf("outcome %q by %q (wins %v), want %q by %q (wins %v)", p.Outcome, p.By, p.Outcome.Wins(), c.outcome, c.by, c.wins)
			}
			if c.outcome == ByProxy && (p.Proxy != "Jane Doe" || p.ProxyID != "8001015009087") {
				t.Errorf("proxy %q %q", p.Proxy, p.ProxyID)
			}
			if got := r.cur().Winners(); got != map[bool]int{true: 1}[c.wins] {
				t.Errorf("winners %d", got)
			}
			// a decided pick takes no second decision
			r.refused(Command{Op: OpClaim}, "no pick is waiting")
			if c.wins {
				r.refused(Command{Op: OpDraw}, "all 1 winners are decided")
				return
			}
			// a miss is redrawn, for the same prize, never the same participant
			r.refused(Command{Op: OpNext}, "0 of 1 winners")
			again := r.draw()
			if again.K != 1 || again.Participant == first.Participant || again.Prize != "R5 000" {
				t.Fatalf("redraw %+v after %+v", again.PickRef, first.PickRef)
			}
		})
	}
}

func TestClaimDeadline(t *testing.T) {
	acts := []Command{{Op: OpClaim}, {Op: OpProxy, Text: "Jane"}, {Op: OpDecline, Text: paperNote}, {Op: OpForfeit}}
	for _, c := range acts {
		t.Run(string(c.Op)+"/before", func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a"}, 3)
			dl := r.draw().Deadline
			r.now = dl.Add(-time.Nanosecond)
			if evs := r.do(Command{Op: OpTick}); len(evs) != 0 {
				t.Fatalf("tick 1ns before the deadline: %v", evKinds(evs))
			}
			r.do(c)
			if p := r.last(); p.Outcome == Pending || p.Outcome == NoShow || !p.DecidedAt.Equal(dl.Add(-time.Nanosecond)) {
				t.Fatalf("%+v", p)
			}
		})
		t.Run(string(c.Op)+"/at", func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a"}, 3)
			dl := r.draw().Deadline
			r.now = dl
			r.refused(c, "the no-show stands")
			if r.last().Outcome != Pending {
				t.Fatal("the refusal decided the pick")
			}
		})
	}
}

func TestNoShowOnlyByTheEngine(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a"}, 3)
	dl := r.draw().Deadline
	if !dl.Equal(t0.Add(90 * time.Second)) {
		t.Fatalf("deadline %v", dl)
	}
	for _, d := range []time.Duration{0, 30 * time.Second, 59*time.Second + 999*time.Millisecond} {
		r.now = t0.Add(d)
		if evs := r.do(Command{Op: OpTick}); len(evs) != 0 {
			t.Fatalf("tick at +%v: %v", d, evKinds(evs))
		}
	}
	if r.last().Outcome != Pending {
		t.Fatal("decided early")
	}
	// a late tick (the laptop slept) still dates the no-show at the deadline
	r.now = dl.Add(time.Hour)
	evs := r.do(Command{Op: OpTick})
	if len(evs) != 1 || evs[0].Kind != PickDecided || evs[0].Pick.Outcome != NoShow || evs[0].Pick.By != "engine" || !evs[0].At.Equal(dl) {
		t.Fatalf("tick after the deadline: %+v", evs)
	}
	if p := r.last(); p.Outcome != NoShow || !p.DecidedAt.Equal(dl) {
		t.Fatalf("%+v", p)
	}
	if evs := r.do(Command{Op: OpTick}); len(evs) != 0 {
		t.Fatalf("second tick: %v", evKinds(evs))
	}
	r.refused(Command{Op: OpClaim}, "no pick is waiting")

	// exactly at the deadline
	r = oneSeg(t, Segment{ID: "a"}, 3)
	dl = r.draw().Deadline
	r.now = dl
	if evs := r.do(Command{Op: OpTick}); len(evs) != 1 || evs[0].Pick.Outcome != NoShow {
		t.Fatalf("tick at the deadline: %v", evKinds(evs))
	}
}

func TestPrizesInWinnerOrder(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 3, Prizes: []string{"first", "second", "third"}}, 10)
	steps := []struct {
		act   func()
		prize string
	}{
		{func() { r.do(Command{Op: OpClaim}) }, "first"},
		{func() { r.do(Command{Op: OpForfeit}) }, "second"},
		{func() { r.wait(2 * time.Minute) }, "second"},
		{func() { r.do(Command{Op: OpVoid, Text: "wrong card shown"}) }, "second"},
		{func() { r.do(Command{Op: OpDecline, Text: paperNote}) }, "second"},
		{func() { r.do(Command{Op: OpClaim}); r.do(Command{Op: OpVoid, Text: "ineligible: staff"}) }, "third"},
		{func() { r.do(Command{Op: OpProxy, Text: "Sipho N."}) }, "third"},
	}
	for i, s := range steps {
		p := r.draw()
		if p.K != i || p.Prize != s.prize {
			t.Fatalf("pick %d: k=%d prize %q, want %q", i, p.K, p.Prize, s.prize)
		}
		s.act()
	}
	var won []string
	for _, p := range r.cur().Picks {
		if p.Outcome.Wins() {
			won = append(won, p.Prize)
		}
	}
	if !slices.Equal(won, []string{"first", "second", "third"}) {
		t.Fatalf("prizes of the winners: %v", won)
	}
	r.refused(Command{Op: OpDraw}, "all 3 winners")
}

func TestNextRules(t *testing.T) {
	sh := mkShow(Segment{ID: "a", Winners: 2}, Segment{ID: "b"})
	r := newRig(t, sh, memRows{"a": oneEach(cardsN(5)...), "b": oneEach(cardsN(5)...)}, seedOf(2))
	r.refused(Command{Op: OpNext}, "0 of 2 winners")
	r.draw()
	r.refused(Command{Op: OpNext}, "pick 1 is still undecided")
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpNext}, "1 of 2 winners")
	r.draw()
	r.do(Command{Op: OpForfeit})
	r.refused(Command{Op: OpNext}, "1 of 2 winners")
	r.draw()
	r.do(Command{Op: OpClaim})
	evs := r.do(Command{Op: OpNext})
	if len(evs) != 1 || evs[0].Kind != SegmentNext || evs[0].Segment != "b" || r.eng.State().Cur != 1 {
		t.Fatalf("next: %+v", evs)
	}
	r.draw()
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpNext}, "last segment")
	r.do(Command{Op: OpClose})
}

func TestPoolExhausted(t *testing.T) {
	sh := mkShow(Segment{ID: "a", Winners: 3}, Segment{ID: "b"})
	// c00 holds two tickets: participants, not tickets, leave the pool
	rows := append(oneEach("c00", "c01"), Row{Ticket: "T-c00-2", Card: "c00"})
	r := newRig(t, sh, memRows{"a": rows, "b": oneEach("c00")}, seedOf(3))
	r.draw()
	r.do(Command{Op: OpClaim})
	r.draw()
	r.do(Command{Op: OpForfeit})
	evs := r.do(Command{Op: OpDraw})
	if len(evs) != 1 || evs[0].Kind != SegmentEnded {
		t.Fatalf("draw on an empty pool: %v", evKinds(evs))
	}
	e := evs[0].Ended
	if e.Winners != 1 || e.Wanted != 3 || !strings.Contains(e.Reason, "no eligible entry is left") || !strings.Contains(e.Reason, "1 of 3 winners after 2 picks") {
		t.Fatalf("ended %+v", e)
	}
	if s := r.cur(); !s.Done() || len(s.Picks) != 2 || s.Ended == nil {
		t.Fatalf("segment %+v", s)
	}
	r.refused(Command{Op: OpDraw}, "has ended: no eligible entry is left: 1 of 3 winners after 2 picks; next goes on")
	r.do(Command{Op: OpNext})

	// an empty bin ends at the first draw
	sh = mkShow(Segment{ID: "a", Winners: 2}, Segment{ID: "b"})
	r = newRig(t, sh, memRows{"a": nil, "b": oneEach("c00")}, seedOf(3))
	if got := evKinds(r.do(Command{Op: OpDraw})); !slices.Equal(got, []EventKind{BinFrozen, SegmentEnded}) {
		t.Fatalf("draw on an empty bin: %v", got)
	}
	if e := r.cur().Ended; e.Winners != 0 || e.Wanted != 2 {
		t.Fatalf("ended %+v", e)
	}
	r.do(Command{Op: OpNext})
}

func TestAttendanceNotRequired(t *testing.T) {
	for _, c := range []struct {
		now     time.Time
		collect string
	}{
		{t0, "2024-12-15"},
		// 22:30 UTC is 00:30 on 1 December in Johannesburg: the local date counts
		{time.Date(2024, 11, 30, 22, 30, 0, 0, time.UTC), "2024-12-16"},
		{time.Date(2024, 12, 20, 12, 0, 0, 0, time.UTC), "2025-01-04"},
	} {
		r := oneSeg(t, Segment{ID: "a", Winners: 2, Attendance: NotRequired}, 3)
		r.now = c.now
		// on the register too: attendance not required takes precedence
		r.do(Command{Op: OpLoad, Lists: &Lists{Register: cardsN(3)}})
		evs := r.do(Command{Op: OpDraw})
		if got := evKinds(evs); !slices.Equal(got, []EventKind{BinFrozen, PickDrawn, PickAnnounced, PickDecided}) {
			t.Fatalf("%v", got)
		}
		p := r.last()
		if p.Outcome != ToContact || p.By != "engine" || p.CollectBy != c.collect || !p.Deadline.IsZero() || !p.Outcome.Wins() {
			t.Fatalf("at %v: %+v, want to-contact by %s", c.now, p.PickRef, c.collect)
		}
		r.refused(Command{Op: OpClaim}, "no pick is waiting")
		r.now = r.now.Add(time.Hour)
		if evs := r.do(Command{Op: OpTick}); len(evs) != 0 {
			t.Fatal("tick decided a to-contact pick")
		}
		r.draw()
		if r.cur().Winners() != 2 {
			t.Fatal("second winner missing")
		}
		r.refused(Command{Op: OpDraw}, "all 2 winners")
	}
}

func TestDeclineRegister(t *testing.T) {
	for _, scope := range []string{"", "a"} { // the show's list, the segment's list
		sh := mkShow(Segment{ID: "a", Winners: 2}, Segment{ID: "b"})
		r := newRig(t, sh, memRows{"a": oneEach("c00", "c01", "c02"), "b": oneEach("c00", "c01", "c02")}, seedOf(4))
		r.do(Command{Op: OpLoad, Segment: scope, Lists: &Lists{Register: []string{"c00", "c01", "c02"}}})
		evs := r.do(Command{Op: OpDraw})
		if got := evKinds(evs); !slices.Equal(got, []EventKind{BinFrozen, PickDrawn, PickAnnounced, PickDecided}) {
			t.Fatalf("%v", got)
		}
		if p := r.last(); p.Outcome != Declined || p.By != "register" || !p.Deadline.IsZero() || !p.Outcome.Wins() {
			t.Fatalf("%+v", p.PickRef)
		}
		r.draw()
		r.do(Command{Op: OpNext})
		p := r.draw()
		if scope == "" && p.Outcome != Declined {
			t.Errorf("the show's register did not apply in b: %+v", p.PickRef)
		}
		if scope == "a" && (p.Outcome != Pending || p.Deadline.IsZero()) {
			t.Errorf("a's register applied in b: %+v", p.PickRef)
		}
	}
}

func TestProxy(t *testing.T) {
	onFile := func(r *rig) {
		var ps []Proxy
		for _, c := range cardsN(4) {
			ps = append(ps, Proxy{Card: c, Name: "Nominee " + c, ID: "ID-" + c})
		}
		r.do(Command{Op: OpLoad, Lists: &Lists{Proxies: ps}})
	}
	for _, c := range []struct {
		name          string
		file          bool
		text, id      string
		refused       string
		wantName, id2 string
	}{
		{"host names the nominee", false, "  Jane Doe ", "", "", "Jane Doe", ""},
		{"host names nobody, none on file", false, "", "", "needs the nominee's name", "", ""},
		{"nomination on file", true, "", "", "", "Nominee *", "ID-*"},
		{"on-file name in another case gets its ID", true, "NOMINEE *", "", "", "NOMINEE *", "ID-*"},
		{"host overrides the file", true, "Someone Else", "X1", "", "Someone Else", "X1"},
		{"a right-to-left override in the name", false, "Jane \u202eeoD", "", "holds U+202E", "", ""},
		{"a NUL in the ID", false, "Jane Doe", "8001\x00", "holds U+0000", "", ""},
		{"a line break in the name", false, "Jane\nDoe", "", "holds U+000A", "", ""},
		{"a name of 201 characters", false, strings.Repeat("J", 201), "", "201 characters long", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a"}, 4)
			if c.file {
				onFile(r)
			}
			p := r.draw()
			text := strings.ReplaceAll(c.text, "*", p.Participant)
			if c.refused != "" {
				r.refused(Command{Op: OpProxy, Text: text, ID: c.id}, c.refused)
				return
			}
			r.do(Command{Op: OpProxy, Text: text, ID: c.id})
			p = r.last()
			if p.Outcome != ByProxy || p.Proxy != strings.ReplaceAll(c.wantName, "*", p.Participant) || p.ProxyID != strings.ReplaceAll(c.id2, "*", p.Participant) {
				t.Fatalf("%+v", p.PickRef)
			}
		})
	}
}

// A nomination on file shows at the announcement; a claim in person
// leaves no nominee on the pick.
func TestProxyOnFileShownAtAnnounce(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 2}, 2)
	r.do(Command{Op: OpLoad, Segment: "a", Lists: &Lists{Proxies: []Proxy{{Card: "c00", Name: "N0", ID: "I0"}, {Card: "c01", Name: "N1", ID: "I1"}}}})
	p := r.draw()
	want := map[string]string{"c00": "N0", "c01": "N1"}[p.Participant]
	if p.Proxy != want || p.ProxyID != "I"+want[1:] {
		t.Fatalf("announced %+v, want nominee %s", p.PickRef, want)
	}
	r.do(Command{Op: OpClaim})
	if p := r.cur().Picks[0]; p.Outcome != Claimed || p.Proxy != "" || p.ProxyID != "" {
		t.Fatalf("claimed in person: %+v", p.PickRef)
	}
	r.draw()
	r.do(Command{Op: OpProxy})
	if p := r.last(); p.Outcome != ByProxy || p.Proxy == "" || p.Proxy != map[string]string{"c00": "N0", "c01": "N1"}[p.Participant] {
		t.Fatalf("proxy on file: %+v", p.PickRef)
	}
}

func TestNomineeStandsForOneParticipant(t *testing.T) {
	for _, c := range []struct {
		name          string
		first, second Command
		refused       bool
	}{
		{"same name, no ID", Command{Op: OpProxy, Text: "Jane Doe"}, Command{Op: OpProxy, Text: "  jane   DOE "}, true},
		{"same ID, other name", Command{Op: OpProxy, Text: "Jane Doe", ID: "800101"}, Command{Op: OpProxy, Text: "J. Doe", ID: "800101"}, true},
		{"same name, other IDs", Command{Op: OpProxy, Text: "Jane Doe", ID: "800101"}, Command{Op: OpProxy, Text: "Jane Doe", ID: "900202"}, false},
		{"other names", Command{Op: OpProxy, Text: "Jane Doe"}, Command{Op: OpProxy, Text: "John Doe"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			// across segments: "a nominee may stand for one participant" tonight
			sh := mkShow(Segment{ID: "a"}, Segment{ID: "b", WinOnce: OncePerShow})
			r := newRig(t, sh, memRows{"a": oneEach(cardsN(4)...), "b": oneEach(cardsN(4)...)}, seedOf(5))
			r.draw()
			r.do(c.first)
			r.do(Command{Op: OpNext})
			r.draw()
			if !c.refused {
				r.do(c.second)
				return
			}
			r.refused(c.second, "one participant only")
			r.do(Command{Op: OpClaim}) // the pick still waits for its decision
		})
	}

	// the same nominee for the same participant in two segments is fine
	sh := mkShow(Segment{ID: "a"}, Segment{ID: "b"})
	r := newRig(t, sh, memRows{"a": oneEach("c00"), "b": oneEach("c00")}, seedOf(5))
	r.draw()
	r.do(Command{Op: OpProxy, Text: "Jane Doe"})
	r.do(Command{Op: OpNext})
	r.draw()
	r.do(Command{Op: OpProxy, Text: "jane doe"})

	// a voided proxy pick frees its nominee
	r = oneSeg(t, Segment{ID: "a", Winners: 2}, 4)
	r.draw()
	r.do(Command{Op: OpProxy, Text: "Jane Doe"})
	r.do(Command{Op: OpVoid, Text: "form not signed"})
	r.draw()
	r.do(Command{Op: OpProxy, Text: "Jane Doe"})
	r.draw()
	r.refused(Command{Op: OpProxy, Text: "Jane Doe"}, "one participant only")
}

func TestVoid(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R1"}}, 3)
	r.refused(Command{Op: OpVoid, Text: "oops"}, "no pick to void")
	p0 := r.draw()
	r.refused(Command{Op: OpVoid}, "void needs a reason")
	r.refused(Command{Op: OpVoid, Text: " \t "}, "void needs a reason")
	evs := r.do(Command{Op: OpVoid, Text: "  wrong button  "})
	if len(evs) != 1 || evs[0].Kind != PickVoided {
		t.Fatalf("%v", evKinds(evs))
	}
	if p := r.cur().Picks[0]; p.Outcome != Void || p.Reason != "wrong button" || p.Outcome.Wins() {
		t.Fatalf("%+v", p.PickRef)
	}
	r.refused(Command{Op: OpVoid, Text: "again"}, "no pick to void")
	r.refused(Command{Op: OpClaim}, "no pick is waiting")
	// a voided claim: the winner is undone, the next pick takes the prize
	p1 := r.draw()
	r.do(Command{Op: OpClaim})
	r.do(Command{Op: OpVoid, Text: "card belongs to staff"})
	if r.cur().Winners() != 0 {
		t.Fatal("voided winner still counted")
	}
	r.refused(Command{Op: OpNext}, "0 of 1 winners")
	p2 := r.draw()
	if p2.Prize != "R1" {
		t.Errorf("prize %q", p2.Prize)
	}
	r.do(Command{Op: OpVoid, Text: "test"})
	// every participant was picked once and voided: none is picked again
	if got := evKinds(r.do(Command{Op: OpDraw})); !slices.Equal(got, []EventKind{SegmentEnded}) {
		t.Fatalf("draw after 3 voids of 3 participants: %v", got)
	}
	seen := map[string]bool{p0.Participant: true, p1.Participant: true, p2.Participant: true}
	if len(seen) != 3 {
		t.Fatalf("a voided participant was picked again: %s %s %s", p0.Participant, p1.Participant, p2.Participant)
	}
	// a no-show can be voided too, but not twice
	r = oneSeg(t, Segment{ID: "a"}, 3)
	r.draw()
	r.wait(90 * time.Second)
	r.do(Command{Op: OpVoid, Text: "clock misconfigured"})
	r.refused(Command{Op: OpVoid, Text: "again"}, "no pick to void")
}

// A Friday segment and two Saturday segments over the same participants
// (the first at 00:30 local time, still Friday in UTC); the third
// segment's scope decides whom its freeze bars.
func TestWinOnce(t *testing.T) {
	cards := cardsN(8)
	for _, c := range []struct {
		scope WinOnce
		bar   func(fri, sat []string) []string
	}{
		{OncePerDraw, func(fri, sat []string) []string { return nil }},
		{OncePerDay, func(fri, sat []string) []string { return sat }},
		{OncePerShow, func(fri, sat []string) []string { return append(fri, sat...) }},
	} {
		t.Run(string(c.scope), func(t *testing.T) {
			at := func(s string) time.Time { v, _ := ParseLocal(s, johannesburg); return v }
			sh := mkShow(
				Segment{ID: "fri", At: at("2024-11-29T21:00"), Winners: 2},
				Segment{ID: "sat-early", At: at("2024-11-30T00:30"), Winners: 2},
				Segment{ID: "sat-late", At: at("2024-11-30T23:30"), Winners: 2, WinOnce: c.scope},
			)
			src := memRows{"fri": oneEach(cards...), "sat-early": oneEach(cards...), "sat-late": oneEach(cards...)}
			r := newRig(t, sh, src, seedOf(6))
			var won [2][]string
			for i := range 2 {
				r.draw()
				r.do(Command{Op: OpForfeit}) // a forfeit is no win: never barred
				for range 2 {
					won[i] = append(won[i], r.draw().Participant)
					r.do(Command{Op: OpClaim})
				}
				r.do(Command{Op: OpNext})
			}
			evs := r.do(Command{Op: OpFreeze, Early: true}) // 19:00, for 23:30
			f := evs[0].Frozen
			if !f.Early {
				t.Errorf("a freeze at 19:00 for 23:30 is not recorded as early")
			}
			want := c.bar(won[0], won[1])
			slices.Sort(want)
			if !slices.Equal(f.Barred, want) && !(len(want) == 0 && len(f.Barred) == 0) {
				t.Fatalf("barred %v, want %v", f.Barred, want)
			}
			if f.Day != "2024-11-30" || f.Participants != 8-len(want) {
				t.Fatalf("frozen %+v", f)
			}
			for _, e := range r.cur().Bin.Entries {
				if slices.Contains(want, e.Participant) {
					t.Fatalf("barred %s is in the bin", e.Participant)
				}
			}
			if days := []string{r.eng.State().Segs[0].Frozen.Day, r.eng.State().Segs[1].Frozen.Day}; days[0] != "2024-11-29" || days[1] != "2024-11-30" {
				t.Fatalf("days %v (the local date of at, not UTC)", days)
			}
		})
	}
}

func TestWinOnceUnscheduledUsesClockDay(t *testing.T) {
	sh := mkShow(Segment{ID: "a"}, Segment{ID: "b", WinOnce: OncePerDay})
	r := newRig(t, sh, memRows{"a": oneEach("c00", "c01"), "b": oneEach("c00", "c01")}, seedOf(7))
	r.now = time.Date(2024, 11, 30, 21, 0, 0, 0, time.UTC) // 23:00 local
	w := r.draw().Participant
	r.do(Command{Op: OpClaim})
	r.do(Command{Op: OpNext})
	r.now = r.now.Add(2 * time.Hour) // 01:00 the next local day
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	if f.Day != "2024-12-01" || len(f.Barred) != 0 {
		t.Fatalf("next local day: %+v (winner %s)", f, w)
	}
}

func TestExclusions(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a"}, 5)
	r.eng.SetExclusions([]string{"c03", "c01", "not-in-file"})
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	if !slices.Equal(f.Excluded, []string{"c01", "c03"}) || f.Entries != 3 || f.Participants != 3 || f.Rows != 5 {
		t.Fatalf("frozen %+v", f)
	}
	for _, e := range r.cur().Bin.Entries {
		if e.Participant == "c01" || e.Participant == "c03" {
			t.Fatalf("excluded %s in the bin", e.Participant)
		}
	}
}

func TestClose(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 3}, 5)
	r.draw()
	r.refused(Command{Op: OpClose}, "still undecided")
	r.do(Command{Op: OpClaim})
	// a show closes short only once the draw is ended short, with its reason
	r.refused(Command{Op: OpClose}, "the show cannot close with winners missing: a (1 of 3 winners)")
	r.do(Command{Op: OpSkip, Text: "the prize budget is spent"})
	evs := r.do(Command{Op: OpClose})
	st := r.eng.State()
	if len(evs) != 1 || evs[0].Kind != ShowClosed || !st.Closed || st.Seed != hex.EncodeToString(r.seed) {
		t.Fatalf("close: %+v", evs)
	}
	seed, _ := hex.DecodeString(st.Seed)
	if Commitment(seed) != st.Opened.Commitment {
		t.Fatal("the revealed seed does not match the commitment")
	}
	r.now = r.now.Add(time.Hour)
	for _, c := range []Command{
		{Op: OpDraw}, {Op: OpFreeze}, {Op: OpPick}, {Op: OpAnnounce}, {Op: OpClaim}, {Op: OpProxy, Text: "x"},
		{Op: OpDecline, Text: paperNote}, {Op: OpForfeit}, {Op: OpTick}, {Op: OpVoid, Text: "x"}, {Op: OpNext}, {Op: OpClose},
		{Op: OpLoad, Segment: "a", Loaded: &Loaded{}}, {Op: OpLoad, Lists: &Lists{}},
	} {
		r.refused(c, "closed")
	}
	r.refused(Command{Op: OpOpen, ShowID: "s", Opening: &Opened{}}, "already open")
}

func TestNotOpen(t *testing.T) {
	sh := mkShow(Segment{ID: "a"})
	now := t0
	eng := NewEngine(sh, memRows{"a": oneEach("c00")}, func() time.Time { return now })
	for _, c := range []Op{OpDraw, OpLoad, OpTick, OpClaim, OpNext, OpClose} {
		_, err := eng.Decide(Command{Op: c})
		var ref *Refusal
		if !errors.As(err, &ref) || !strings.Contains(ref.Reason, "not open") {
			t.Errorf("%s before open: %v", c, err)
		}
	}
	if _, err := eng.Decide(Command{Op: OpOpen}); err == nil || err.Error() != "open needs a show id and its opening" {
		t.Errorf("open without an opening: %v", err)
	}
}

func TestSeed(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a"}, 3)
	if err := r.eng.SetSeed(seedOf(99)); err == nil || err.Error() != "seed does not match the show's commitment" {
		t.Fatalf("a seed that does not match the commitment: %v", err)
	}
	if err := r.eng.SetSeed(seedOf(1)[:31]); err == nil || err.Error() != "seed is 31 bytes, want 32" {
		t.Fatalf("a short seed: %v", err)
	}
	if err := r.eng.SetSeed(seedOf(1)); err != nil {
		t.Fatalf("SetSeed after open: %v", err)
	}
	// a witness changes the key and so the picks
	picks := map[string]bool{}
	for _, w := range []string{"", "auditor", "Auditor", "auditor "} {
		sh := mkShow(Segment{ID: "a"})
		src := memRows{"a": oneEach(cardsN(1000)...)}
		r := &rig{tb: t, sh: sh, src: src, now: t0, seed: seedOf(1), witness: w}
		r.eng = NewEngine(sh, src, func() time.Time { return r.now })
		r.eng.SetSeed(r.seed)
		r.do(Command{Op: OpOpen, ShowID: "s", Opening: &Opened{Commitment: Commitment(r.seed), Witness: w}})
		r.do(Command{Op: OpLoad, Segment: "a", Loaded: &Loaded{Rows: 1000}})
		picks[r.draw().Participant] = true
		key := Key(r.seed, w)
		bin := r.cur().Bin
		if i, _ := Choose(key, "a", bin.Fingerprint, bin.Entries, 0, nil); bin.Entries[i].Participant != r.last().Participant {
			t.Errorf("witness %q: the pick is not Choose under K = SHA-256(S || W)", w)
		}
	}
	if len(picks) < 3 {
		t.Errorf("four witnesses gave %d distinct first picks out of 1000", len(picks))
	}
}

// scenario runs a varied show and returns its rig.
func scenario(t *testing.T) *rig {
	at := func(s string) time.Time { v, _ := ParseLocal(s, johannesburg); return v }
	sh := mkShow(
		Segment{ID: "cash", At: at("2024-11-30T21:30"), Winners: 3, Prizes: []string{"R5 000", "R5 000", "R5 000"}, WinOnce: OncePerDay},
		Segment{ID: "points", At: at("2024-11-30T22:00"), Tickets: Points, PointsPerTicket: 300,
			Cap: map[Tier]uint64{Ace: 4}, Winners: 2, Prizes: []string{"R10 000", "R2 000"}, WinOnce: OncePerDay},
		Segment{ID: "members", At: at("2024-11-30T22:30"), Tickets: Points, Fixed: map[Tier]uint64{Ace: 1, King: 1, NoTier: 1},
			PointsPerTicket: 1, Winners: 2, Attendance: NotRequired, WinOnce: OncePerShow},
	)
	var cash, pts []Row
	for i := range 40 {
		c := fmt.Sprintf("card%03d", i)
		for j := range 1 + i%4 {
			cash = append(cash, Row{Ticket: fmt.Sprintf("%05d", (i*7919+j*104729)%100000), Card: c})
		}
		pts = append(pts, Row{Card: c, Tier: Tiers[i%5], Points: uint64(i * 97)})
	}
	r := newRig(t, sh, memRows{"cash": cash, "points": pts, "members": pts}, seedOf(8))
	r.eng.SetExclusions([]string{"card007", "card011"})
	r.do(Command{Op: OpLoad, Lists: &Lists{Register: []string{"card003", "card015"},
		Proxies: []Proxy{{Card: "card020", Name: "Lerato K", ID: "77"}}}})
	// the host's decisions, in turn, for each pick that waits for one
	script := []Command{{Op: OpForfeit}, {Op: OpClaim}, {Op: OpWait}, {Op: OpProxy}, {Op: OpVoid, Text: "misread"},
		{Op: OpDecline, Text: paperNote}, {Op: OpClaim}, {Op: OpProxy, Text: "Ann B"}}
	n := 0
	for {
		for !r.cur().Done() {
			r.now = r.now.Add(10 * time.Second)
			r.do(Command{Op: OpDraw, Early: true}) // from 19:00, for 21:30 on: the replays hold early freezes to their time
			if r.cur().Ended != nil || r.last().Outcome != Pending {
				continue
			}
			c := script[n%len(script)]
			n++
			switch c.Op {
			case OpWait:
				r.wait(90 * time.Second)
			case OpProxy:
				if c.Text == "" {
					c.Text = fmt.Sprintf("Nominee %d", n)
				}
				fallthrough
			default:
				r.do(c)
			}
		}
		if r.eng.State().Cur == len(sh.Segments)-1 {
			break
		}
		r.do(Command{Op: OpNext})
	}
	return r
}

func TestReplay(t *testing.T) {
	r := scenario(t)
	// replay at every decision's end, the last one after the close; a
	// journal cut inside one is refused
	r.do(Command{Op: OpClose})
	for _, n := range append([]int{0}, r.ends...) {
		fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
		if err := fresh.Replay(journal(t, r.evs[:n])); err != nil {
			t.Fatalf("replay of %d events: %v", n, err)
		}
		if n < len(r.evs) {
			continue
		}
		if got, want := stateJSON(t, fresh.State()), stateJSON(t, r.eng.State()); got != want {
			t.Fatalf("replayed state differs:\n%s\nwant\n%s", got, want)
		}
	}
	st := r.eng.State()
	if !st.Closed || st.Cur != 2 || st.Segs[0].Frozen == nil || len(st.Segs[0].Frozen.Excluded) == 0 {
		t.Fatalf("the scenario did not cover the show: %s", stateJSON(t, st))
	}
	var outcomes = map[Outcome]bool{}
	for _, s := range st.Segs {
		for _, p := range s.Picks {
			outcomes[p.Outcome] = true
		}
	}
	for _, o := range []Outcome{Claimed, ByProxy, Declined, ToContact, Forfeit, NoShow, Void} {
		if !outcomes[o] {
			t.Errorf("the scenario has no %q pick", o)
		}
	}
}

// A show resumed from its journal goes on exactly as the uninterrupted one.
func TestReplayResumes(t *testing.T) {
	mk := func() *rig {
		return oneSeg(t, Segment{ID: "a", Winners: 4}, 30)
	}
	a := mk()
	a.draw()
	a.do(Command{Op: OpClaim})
	a.draw()
	a.now = a.now.Add(30 * time.Second)

	b := &rig{tb: t, sh: a.sh, src: a.src, now: a.now, seed: a.seed}
	b.eng = NewEngine(a.sh, a.src, func() time.Time { return b.now })
	if err := b.eng.Replay(journal(t, a.evs)); err != nil {
		t.Fatal(err)
	}
	if err := b.eng.SetSeed(a.seed); err != nil {
		t.Fatal(err)
	}
	b.evs = slices.Clone(a.evs)
	if got := b.last().Deadline; !got.Equal(t0.Add(90 * time.Second)) {
		t.Fatalf("deadline after resume %v", got)
	}
	for _, x := range []*rig{a, b} {
		x.wait(60 * time.Second) // the countdown ends at the stored deadline
		x.draw()
		x.do(Command{Op: OpForfeit})
		x.draw()
		x.do(Command{Op: OpDecline, Text: paperNote})
		x.draw()
		x.do(Command{Op: OpClaim})
		x.do(Command{Op: OpSkip, Text: "the hour is up"})
		x.do(Command{Op: OpClose})
	}
	if stateJSON(t, a.eng.State()) != stateJSON(t, b.eng.State()) {
		t.Fatal("the resumed show differs from the uninterrupted one")
	}
	la, lb := journal(t, a.evs), journal(t, b.evs)
	for i := range la {
		x, _ := la[i].MarshalLine()
		y, _ := lb[i].MarshalLine()
		if string(x) != string(y) {
			t.Fatalf("event %d: %s vs %s", i, x, y)
		}
	}
}

func TestReplayDetectsChangedRows(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(m memRows)
	}{
		{"ticket renamed", func(m memRows) { m["a"][2].Ticket = "T-other" }},
		{"row added", func(m memRows) { m["a"] = append(m["a"], Row{Ticket: "T-new", Card: "new"}) }},
		{"row removed", func(m memRows) { m["a"] = m["a"][1:] }},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a"}, 5)
			r.draw()
			evs := journal(t, r.evs)
			src := memRows{"a": slices.Clone(r.src["a"])}
			c.change(src)
			err := NewEngine(r.sh, src, time.Now).Replay(evs)
			if err == nil || !strings.Contains(err.Error(), "fingerprint") || !strings.Contains(err.Error(), "changed") {
				t.Fatalf("replay over changed rows: %v", err)
			}
		})
	}
	// a missing source is an error too
	r := oneSeg(t, Segment{ID: "a"}, 5)
	r.draw()
	if err := NewEngine(r.sh, memRows{}, time.Now).Replay(journal(t, r.evs)); err == nil || err.Error() != "seq 4 bin-frozen: no entries imported for a" {
		t.Fatalf("replay without the rows: %v", err)
	}
}

func TestReplayRejectsBadJournal(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a"}, 5)
	r.draw()
	evs := journal(t, r.evs) // opened, loaded, no witness, frozen, drawn, announced: seq 1 to 6
	for _, c := range []struct {
		name string
		edit func(evs []Event) []Event
		want string // the whole refusal: each forgery is refused for its own reason
	}{
		{"unknown kind", func(evs []Event) []Event { evs[1].Kind = "bogus"; return evs },
			`seq 2 bogus: unknown kind "bogus"`},
		{"unknown segment", func(evs []Event) []Event { evs[1].Segment = "zz"; return evs },
			`seq 2 entries-loaded: segment "zz" is not in the show file`},
		{"pick out of order", func(evs []Event) []Event { return append(evs[:4], evs[5:]...) },
			`seq 6 pick-announced: pick 1 of a was never drawn`},
		{"pick drawn twice", func(evs []Event) []Event { return append(evs[:5], evs[4:]...) },
			`seq 5 pick-drawn: a: pick 1 is drawn and not announced yet; next announces it`},
		{"missing payload", func(evs []Event) []Event { evs[3].Frozen = nil; return evs },
			`seq 4 bin-frozen: payload missing`},
		{"pick not in the bin", func(evs []Event) []Event { p := *evs[4].Pick; p.Ticket = "T-zz"; evs[4].Pick = &p; return evs },
			`seq 5 pick-drawn: ticket T-zz is not in what is left of the frozen bin of a`},
		{"pick of another participant", func(evs []Event) []Event { p := *evs[4].Pick; p.Participant = "zz"; evs[4].Pick = &p; return evs },
			`seq 5 pick-drawn: seq 5 pick-drawn says {"show":"s","segment":"a","pick":{"k":0,"ticket":"T-c04","participant":"zz"}}, ` +
				`but the rules decide {"show":"s","segment":"a","pick":{"k":0,"ticket":"T-c04","participant":"c04"}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := NewEngine(r.sh, r.src, time.Now).Replay(c.edit(slices.Clone(evs)))
			if err == nil || err.Error() != c.want {
				t.Fatalf("replay: %v\nwant the refusal %q", err, c.want)
			}
		})
	}
}

// Decide never mutates the engine: neither a refusal nor a change that is
// not applied (the journal write failed) leaves a trace.
func TestDecideDoesNotMutate(t *testing.T) {
	r := scenario(t)
	// back to the start of the scenario and walk again, deciding every
	// command twice: once discarded, once applied
	evs := r.evs
	fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
	if err := fresh.SetSeed(r.seed); err != nil {
		t.Fatal(err)
	}
	cmds := []Command{{Op: OpDraw}, {Op: OpClaim}, {Op: OpProxy, Text: "Zed"}, {Op: OpDecline, Text: paperNote}, {Op: OpForfeit},
		{Op: OpVoid, Text: "x"}, {Op: OpVoid}, {Op: OpNext}, {Op: OpTick}, {Op: OpClose}, {Op: OpFreeze}, {Op: OpPick},
		{Op: OpAnnounce}, {Op: OpLoad, Lists: &Lists{Register: []string{"card001"}, Proxies: []Proxy{{Card: "card002", Name: "N"}}}},
		{Op: OpLoad, Segment: "points", Lists: &Lists{Register: []string{"card004"}}},
		{Op: OpLoad, Segment: "cash", Loaded: &Loaded{Rows: 1}}}
	from := 0
	for _, i := range r.ends {
		if err := fresh.Replay(journal(t, evs[from:i])); err != nil {
			t.Fatal(err)
		}
		from = i
		before := stateJSON(t, fresh.State())
		for _, c := range cmds {
			ch, err := fresh.Decide(c)
			if err == nil && len(ch.Events) == 0 && c.Op != OpTick {
				t.Errorf("%s: allowed with no events", c.Op)
			}
			if after := stateJSON(t, fresh.State()); after != before {
				t.Fatalf("after event %d, Decide(%s) changed the state", i, c.Op)
			}
		}
	}
}

// close names every draw still short of its winners, the ones not yet
// reached too; a slide needs none.
func TestCloseNamesEachShortDraw(t *testing.T) {
	sh := mkShow(Segment{ID: "a", Winners: 1}, Segment{ID: "welcome", Kind: KindSlide}, Segment{ID: "b", Winners: 2})
	r := newRig(t, sh, memRows{"a": oneEach(cardsN(3)...), "b": oneEach(cardsN(3)...)}, seedOf(2))
	r.refused(Command{Op: OpClose}, "winners missing: a (0 of 1 winners), b (0 of 2 winners)")
	r.draw()
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpClose}, "winners missing: b (0 of 2 winners); draw them, or end each draw short with skip REASON")
}

// paperNote is a host's note of a paper decline register.
const paperNote = "paper register p.3, checked by Thandi"
