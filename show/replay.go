package show

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// Replay folds events read back from the journal, and holds each to the
// rules that decided it: every event must be exactly what the engine
// decides, at the event's time, from the command it records. So a forged
// event, even one whose hash is right, is refused with its seq and the
// rule it breaks, and the rules live once, in the decider.
//
// With the seed (SetSeed before Replay) every pick, card, ball, envelope
// and drawn number is derived again; without it (an open show's export)
// they are taken as recorded once their structure is checked, and
// Underived counts them.
func (e *Engine) Replay(evs []Event) error {
	if e.seed == nil {
		if err := e.revealed(evs); err != nil {
			return err
		}
	}
	decided := map[string]int64{} // segment/pick: the seq that decided it
	for i := 0; i < len(evs); {
		ev := &evs[i]
		if i > 0 && ev.At.Before(evs[i-1].At) {
			return fmt.Errorf("seq %d %s: its time %s is before that of seq %d", ev.Seq, ev.Kind, ev.At.Format(timeLayout), evs[i-1].Seq)
		}
		c, err := e.commandOf(ev, decided)
		if err != nil {
			return fmt.Errorf("seq %d %s: %v", ev.Seq, ev.Kind, err)
		}
		d := &decider{e: e, st: e.st, at: ev.At.UTC(), rec: evs[i:]}
		if err := d.run(c); err != nil {
			return fmt.Errorf("seq %d %s: %v", ev.Seq, ev.Kind, err)
		}
		if len(d.evs) == 0 {
			return fmt.Errorf("seq %d %s: the rules decide nothing here", ev.Seq, ev.Kind)
		}
		for _, x := range d.evs {
			if x.Kind == PickDecided {
				decided[fmt.Sprintf("%s/%d", x.Segment, x.Pick.K)] = x.Seq
			}
		}
		i += len(d.evs)
	}
	return nil
}

// Underived counts the random outcomes a replay without the seed took as
// recorded.
func (e *Engine) Underived() int { return e.underived }

const timeLayout = "2006-01-02 15:04:05.999999999Z07:00"

// commandOf is the command an event records: the host's, or the engine's
// own (a tick past a deadline). An event that only ever follows another
// in the same decision (a register's decline, a jackpot's settlement) has
// no command of its own.
func (e *Engine) commandOf(ev *Event, decided map[string]int64) (Command, error) {
	st := e.st
	if ev.Segment != "" && st.Seg(ev.Segment) == nil {
		return Command{}, fmt.Errorf("segment %q is not in the show file", ev.Segment)
	}
	if ev.Kind != ShowOpened && ev.Show != st.ID {
		return Command{}, fmt.Errorf("the event is of show %q, not %q", ev.Show, st.ID)
	}
	if st.Closed {
		return Command{}, fmt.Errorf("the show is closed at %s: nothing may follow show-closed", st.ClosedAt.Format(timeLayout))
	}
	// a pick event names its pick: it must be the one in play
	if ev.Pick != nil && ev.Kind != PickDrawn {
		if err := e.inPlay(ev, decided); err != nil {
			return Command{}, err
		}
	}
	switch ev.Kind {
	case ShowOpened:
		return Command{Op: OpOpen, ShowID: ev.Show, Opening: ev.Opened}, havePayload(ev.Opened != nil)
	case EntriesLoaded:
		return Command{Op: OpLoad, Segment: ev.Segment, Loaded: ev.Loaded}, havePayload(ev.Loaded != nil && ev.Segment != "")
	case ListsLoaded:
		return Command{Op: OpLoad, Segment: ev.Segment, Lists: ev.Lists}, havePayload(ev.Lists != nil)
	case StandingsRecorded:
		return Command{Op: OpLoad, Segment: ev.Segment, Standings: ev.Standings}, havePayload(ev.Standings != nil && ev.Segment != "")
	case CheckpointCosigned:
		return Command{Op: OpCosigned, Countersign: ev.Countersign}, havePayload(ev.Countersign != nil)
	case StepUnwitnessed:
		if err := havePayload(ev.Unwitnessed != nil); err != nil {
			return Command{}, err
		}
		return Command{Op: OpUnwitnessed, Text: ev.Unwitnessed.Reason}, nil
	case WitnessGiven, DrawWitness, RoomWitness:
		return Command{Op: OpWitness, Text: witnessText(ev)}, havePayload(ev.Witness != nil)
	case WitnessWaived:
		return Command{Op: OpNoWitness}, nil
	case Resumed:
		if err := havePayload(ev.Restart != nil); err != nil {
			return Command{}, err
		}
		return Command{Op: OpResume, Text: string(ev.Restart.Mode)}, nil
	case BinFrozen:
		if err := havePayload(ev.Frozen != nil); err != nil {
			return Command{}, err
		}
		return Command{Op: OpFreeze, Early: ev.Frozen.Early}, nil
	case PickDrawn, PickAnnounced, ClaimStarted, PickDecided, PickVoided:
		return pickCommand(ev)
	case SegmentEnded:
		if err := havePayload(ev.Ended != nil); err != nil {
			return Command{}, err
		}
		if r, ok := skipReason(ev.Ended.Reason); ok {
			return Command{Op: OpSkip, Text: r}, nil
		}
		if strings.HasPrefix(ev.Ended.Reason, sessionsPrefix) {
			return Command{Op: OpTick}, nil // the time it ended at decides it
		}
		return Command{Op: OpPick}, nil // the pool ran out at a pick
	case SelectionPassed:
		if err := havePayload(ev.Passed != nil); err != nil {
			return Command{}, err
		}
		return Command{Op: OpPass, Text: ev.Passed.Reason}, nil
	case SelectionLoaded:
		return Command{Op: OpReselect, Lists: ev.Lists}, havePayload(ev.Lists != nil)
	case SegmentNext:
		return Command{Op: OpNext}, nil
	case ShowClosed:
		return Command{Op: OpClose}, havePayload(ev.Closed != nil)
	case NumbersChosen, PrizeChosen, ItemChosen, JackpotPaid, HourEnded:
		return e.finaleCommand(ev)
	}
	return Command{}, fmt.Errorf("unknown kind %q", ev.Kind)
}

// havePayload is the error of an event whose payload is missing, or nil
// when ok says it is there.
func havePayload(ok bool) error {
	if !ok {
		return fmt.Errorf("payload missing")
	}
	return nil
}

// pickCommand is the command a pick's event records: its draw, its
// announcement, its claim started, its decision or its void.
func pickCommand(ev *Event) (Command, error) {
	switch ev.Kind {
	case PickDrawn:
		if err := havePayload(ev.Pick != nil); err != nil {
			return Command{}, err
		}
		if ev.Pick.By == "manual" {
			return Command{Op: OpTicket, Text: ev.Pick.Ticket}, nil
		}
		return Command{Op: OpPick, VRF: ev.Pick.VRF}, nil
	case PickAnnounced:
		return Command{Op: OpAnnounce}, nil
	case ClaimStarted:
		return Command{Op: OpArrived}, nil
	case PickDecided:
		switch p := ev.Pick; {
		case p.Outcome == Claimed && p.By == "host":
			return Command{Op: OpClaim}, nil
		case p.Outcome == ByProxy && p.By == "host":
			return Command{Op: OpProxy, Text: p.Proxy, ID: p.ProxyID}, nil
		case p.Outcome == Declined && p.By == "host":
			return Command{Op: OpDecline, Text: p.Reason}, nil
		case p.Outcome == Forfeit && p.By == "host":
			return Command{Op: OpForfeit, Text: p.Reason}, nil
		case p.Outcome == NoShow && p.By == "engine":
			return Command{Op: OpTick}, nil
		case p.Outcome == NoShow && p.By == "host":
			return Command{Op: OpNoShow}, nil
		}
		return Command{}, fmt.Errorf("outcome %q by %q is decided only with the announcement, never on its own", ev.Pick.Outcome, ev.Pick.By)
	case PickVoided:
		return Command{Op: OpVoid, Text: ev.Pick.Reason}, nil
	}
	return Command{}, fmt.Errorf("%s is not a pick's event", ev.Kind)
}

// finaleCommand is the command a finale's event records: a wild card's
// numbers, a winner's choice, the jackpot's settlement, a session's hour.
func (e *Engine) finaleCommand(ev *Event) (Command, error) {
	st := e.st
	switch ev.Kind {
	case NumbersChosen:
		if err := havePayload(ev.Numbers != nil); err != nil {
			return Command{}, err
		}
		if ev.Numbers.By == "engine" {
			return Command{Op: OpDraw}, nil
		}
		return Command{Op: OpNumbers, Numbers: ev.Numbers.Numbers, Text: ev.Numbers.Name}, nil
	case PrizeChosen:
		if err := havePayload(ev.Choice != nil); err != nil {
			return Command{}, err
		}
		if ev.Choice.By != "host" {
			return Command{}, fmt.Errorf("a prize given by %q comes only with another winner's jackpot ball", ev.Choice.By)
		}
		if ev.Choice.Witness != "" {
			return Command{Op: OpWitness, Text: ev.Choice.Witness}, nil // decided by the witness after the choice
		}
		c := Command{Op: OpChoose, Text: ev.Choice.Item}
		if s := st.CurSeg(); s != nil && s.Seg.Cards == CardsPhysical {
			c.Prize = ev.Choice.Prize // what the card on the table turned over, as the host recorded it
		}
		return c, nil
	case ItemChosen:
		if err := havePayload(ev.Choice != nil); err != nil {
			return Command{}, err
		}
		return Command{Op: OpChoose, Text: ev.Choice.Item}, nil
	case JackpotPaid:
		return Command{}, fmt.Errorf("a jackpot is settled only when its last winner has chosen")
	case HourEnded:
		return Command{Op: OpTick}, havePayload(ev.Hour != nil)
	}
	return Command{}, fmt.Errorf("%s is not a finale's event", ev.Kind)
}

// inPlay checks that a pick event names the current segment's last pick,
// the only one any command acts on.
func (e *Engine) inPlay(ev *Event, decided map[string]int64) error {
	seg := e.st.CurSeg()
	if ev.Segment == "" || seg == nil || seg.Seg.ID != ev.Segment {
		return fmt.Errorf("segment %q is not the one in play", ev.Segment)
	}
	k := ev.Pick.K
	if k < 0 || k >= len(seg.Picks) {
		return fmt.Errorf("pick %d of %s was never drawn", k+1, ev.Segment)
	}
	if l := seg.Last(); l.K != k {
		return fmt.Errorf("pick %d of %s is not the pick in play (pick %d is)", k+1, ev.Segment, l.K+1)
	}
	// a void undoes a mistake, decided or not; all else acts on a pick in play
	if p := seg.Picks[k]; p.Outcome != Pending && ev.Kind != PickVoided {
		return fmt.Errorf("pick %d of %s was already decided (%s at seq %d)", k+1, ev.Segment, p.Outcome, decided[fmt.Sprintf("%s/%d", ev.Segment, k)])
	}
	return nil
}

func witnessText(ev *Event) string {
	if ev.Witness == nil {
		return ""
	}
	return ev.Witness.Text
}

const skipPrefix = "skipped by the host with "

// skipReason is the host's reason inside a skip's recorded reason.
func skipReason(recorded string) (string, bool) {
	rest, ok := strings.CutPrefix(recorded, skipPrefix)
	if !ok {
		return "", false
	}
	_, r, ok := strings.Cut(rest, ": ")
	return r, ok
}

// replayed checks an event the decider emits against the journal's next
// one while replaying, and gives it the journal's seq.
func (d *decider) replayed(ev *Event) error {
	n := len(d.evs)
	if n >= len(d.rec) {
		return fmt.Errorf("the rules decide %s here, which the journal lacks", ev.Kind)
	}
	rec := &d.rec[n]
	ev.Seq, ev.Hash = rec.Seq, rec.Hash
	if ev.Kind == PrizeChosen && ev.Choice != nil && rec.Choice != nil && ev.Choice.Prize != rec.Choice.Prize &&
		SameText(ev.Choice.Prize, rec.Choice.Prize) && ev.Choice.Amount == rec.Choice.Amount {
		// an amount the record wrote before money was grouped with U+202F
		ev.Choice.Prize = rec.Choice.Prize
	}
	got, err := ev.Payload()
	if err != nil {
		return err
	}
	want, err := rec.Payload()
	if err != nil {
		return err
	}
	switch {
	case ev.Kind != rec.Kind:
		return fmt.Errorf("seq %d is %s, but the rules decide %s here (%s)", rec.Seq, rec.Kind, ev.Kind, got)
	case !ev.At.Equal(rec.At):
		return fmt.Errorf("seq %d %s is at %s, but the rules decide it at %s", rec.Seq, rec.Kind, rec.At.Format(timeLayout), ev.At.Format(timeLayout))
	case ev.Kind == BinFrozen && ev.Frozen.Jackpot != rec.Frozen.Jackpot:
		j := d.st.Seg(ev.Segment).Seg.Jackpot
		return fmt.Errorf("%s froze the jackpot %s at %d, but the campaign's ledger held %d before this show", ev.Segment, j.Name, rec.Frozen.Jackpot, ev.Frozen.Jackpot)
	case ev.Kind == BinFrozen && ev.Frozen.Fingerprint != rec.Frozen.Fingerprint:
		return fmt.Errorf("the bin rebuilt from the imported rows has fingerprint %s, the journal says %s: the imported entries changed", ev.Frozen.Fingerprint, rec.Frozen.Fingerprint)
	case !bytes.Equal(got, want):
		return fmt.Errorf("seq %d %s says %s, but the rules decide %s", rec.Seq, rec.Kind, want, got)
	}
	return nil
}

// recorded is the journal's next event while replaying, if it is of kind k.
func (d *decider) recorded(k EventKind) *Event {
	if n := len(d.evs); n < len(d.rec) && d.rec[n].Kind == k {
		return &d.rec[n]
	}
	return nil
}

// choosePick is pick k of seg by drawshow-v1; replaying without the seed,
// the journal's pick, once it is found in what is left of the pool.
func (d *decider) choosePick(seg *SegState, k int) (i int, w pickWitness, err error) {
	if d.e.seed != nil {
		key, err := d.key(seg)
		if err != nil {
			return -1, w, err
		}
		if !d.st.v2 {
			i, err = seg.pool.choose(Algorithm, key, seg.Seg.ID, seg.Bin, k)
			return i, w, err
		}
		if key, w.vrf, w.room, err = d.v2Key(seg, k, key); err != nil {
			return -1, w, err
		}
		i, err = seg.pool.choose(AlgorithmV2, key, seg.Seg.ID, seg.Bin, k)
		return i, w, err
	}
	if d.rec == nil {
		return -1, w, errors.New("the engine has no seed")
	}
	if d.st.v2 { // the VRF is held to the auditor's key all the same
		if _, w.vrf, w.room, err = d.v2Key(seg, k, [32]byte{}); err != nil {
			return -1, w, err
		}
	}
	if seg.pool.total == 0 {
		return -1, w, ErrEmptyPool
	}
	r := d.recorded(PickDrawn)
	if r == nil || r.Pick == nil {
		return -1, w, errors.New("the seed is not revealed: the pick cannot be derived")
	}
	i = find(seg.Bin, r.Pick.Ticket)
	if i < 0 || seg.pool.picked(seg.pool.id(i)) {
		return -1, w, fmt.Errorf("ticket %s is not in what is left of the frozen bin of %s", r.Pick.Ticket, seg.Seg.ID)
	}
	d.e.underived++
	return i, w, nil
}

// pickWitness is what a drawshow-v2 pick is keyed by besides the draw's
// key: the auditor's VRF output, or the room's witness.
type pickWitness struct {
	vrf  *VRF
	room string
}

// revealed takes the seed a closed show's journal reveals, so a replay
// without it derives every pick all the same; the show's commitment
// holds it to the seed drawn at open.
func (e *Engine) revealed(evs []Event) error {
	for _, ev := range evs {
		if ev.Kind != ShowClosed || ev.Closed == nil {
			continue
		}
		seed, err := hex.DecodeString(ev.Closed.Seed)
		if err != nil || len(seed) != 32 {
			return fmt.Errorf("seq %d %s: the revealed seed %q is not 64 hex digits", ev.Seq, ev.Kind, ev.Closed.Seed)
		}
		e.seed = seed
	}
	return nil
}

// key is the key of seg's draws (see State.KeyFor); refused while its draw
// witness is awaited.
func (d *decider) key(seg *SegState) ([32]byte, error) {
	if d.e.seed == nil {
		return [32]byte{}, errors.New("the engine has no seed")
	}
	k, ok := d.st.KeyFor(d.e.seed, seg)
	if !ok {
		return k, refuse("%s: the draw witness is awaited: the auditor types it now that the bin is frozen (witness TEXT)", seg.Seg.ID)
	}
	return k, nil
}
