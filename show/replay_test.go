package show

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// forged replays r's journal after forge has rewritten it, with the seed
// known as a resume knows it, and returns the replay's error.
func forged(t *testing.T, r *rig, forge func([]Event) []Event) error {
	t.Helper()
	fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
	if err := fresh.SetSeed(r.seed); err != nil {
		t.Fatal(err)
	}
	fresh.st.ledger = r.eng.st.ledger
	evs := forge(journal(t, r.evs))
	for i := range evs {
		evs[i].Seq = int64(i + 1)
	}
	return fresh.Replay(evs)
}

// refusedReplay checks that the forged journal is refused, naming want.
func refusedReplay(t *testing.T, r *rig, want string, forge func([]Event) []Event) {
	t.Helper()
	err := forged(t, r, forge)
	if err == nil {
		t.Fatalf("the forged journal replays; want a refusal naming %q", want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("refused with %q, want it to name %q", err, want)
	}
}

// noShowThenClaim is a one-winner draw whose first pick was a no-show and
// whose redraw was claimed; then the show closed.
func noShowThenClaim(t *testing.T) *rig {
	r := oneSeg(t, Segment{ID: "late-points", Winners: 1}, 6)
	r.draw()
	r.wait(90 * time.Second)
	r.draw()
	r.do(Command{Op: OpClaim})
	r.do(Command{Op: OpClose})
	if err := forged(t, r, func(e []Event) []Event { return e }); err != nil {
		t.Fatalf("the true journal is refused: %v", err)
	}
	return r
}

func kindAt(evs []Event, k EventKind, n int) int {
	for i := range evs {
		if evs[i].Kind == k {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

func TestReplayRefusesAppendedClaim(t *testing.T) {
	r := noShowThenClaim(t)
	// a correctly formed claim of the no-show pick, after the close
	refusedReplay(t, r, "nothing may follow show-closed", func(evs []Event) []Event {
		last := evs[len(evs)-1]
		return append(evs, Event{At: last.At, Kind: PickDecided, Show: "s", Segment: "late-points",
			Pick: &PickRef{K: 0, Outcome: Claimed, By: "host"}})
	})
	refusedReplay(t, r, "the show is closed", func(evs []Event) []Event {
		last := evs[len(evs)-1]
		return append(evs, Event{At: last.At, Kind: PickDecided, Show: "s", Segment: "late-points",
			Pick: &PickRef{K: 0, Outcome: Claimed, By: "host"}})
	})
}

func TestReplayRefusesDecidingTwice(t *testing.T) {
	r := noShowThenClaim(t)
	// the no-show at seq n rewritten as a claim after it: decided twice
	refusedReplay(t, r, "pick 1 of late-points was already decided (no-show at seq", func(evs []Event) []Event {
		i := kindAt(evs, PickDecided, 0)
		claim := evs[i]
		claim.Pick = &PickRef{K: 0, Outcome: Claimed, By: "host"}
		return slices.Insert(evs, i+1, claim)
	})
}

func TestReplayRefusesClaimAfterDeadline(t *testing.T) {
	r := noShowThenClaim(t)
	// the no-show rewritten as a claim at the same moment: the deadline
	refusedReplay(t, r, "the no-show stands", func(evs []Event) []Event {
		i := kindAt(evs, PickDecided, 0)
		evs[i].Pick = &PickRef{K: 0, Outcome: Claimed, By: "host"}
		return evs
	})
	// or dated before the announcement it follows: time runs back
	refusedReplay(t, r, "before that of seq", func(evs []Event) []Event {
		i := kindAt(evs, PickDecided, 0)
		evs[i].Pick = &PickRef{K: 0, Outcome: Claimed, By: "host"}
		evs[i].At = evs[i-1].At.Add(-time.Second)
		return evs
	})
}

func TestReplayRefusesAnotherTicket(t *testing.T) {
	r := noShowThenClaim(t)
	refusedReplay(t, r, "but the rules decide", func(evs []Event) []Event {
		i := kindAt(evs, PickDrawn, 1)
		for _, en := range r.eng.State().Segs[0].Bin.Entries {
			if en.Ticket != evs[i].Pick.Ticket && en.Participant != r.eng.State().Segs[0].Picks[0].Participant {
				evs[i].Pick.Ticket, evs[i].Pick.Participant = en.Ticket, en.Participant
				break
			}
		}
		return evs
	})
}

func TestReplayRefusesMoreWinners(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 1}, 6)
	r.draw()
	r.do(Command{Op: OpClaim})
	refusedReplay(t, r, "all 1 winners are decided", func(evs []Event) []Event {
		last := evs[len(evs)-1]
		return append(evs, Event{At: last.At, Kind: PickDrawn, Show: "s", Segment: "a",
			Pick: &PickRef{K: 1, Ticket: "T-card001", Participant: "card001"}})
	})
}

func TestReplayRefusesRegisterDeclineAlone(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 1}, 6)
	r.draw()
	refusedReplay(t, r, "decided only with the announcement", func(evs []Event) []Event {
		last := evs[len(evs)-1]
		return append(evs, Event{At: last.At, Kind: PickDecided, Show: "s", Segment: "a",
			Pick: &PickRef{K: 0, Outcome: Declined, By: "register"}})
	})
}

func TestReplayRefusesCutDecision(t *testing.T) {
	// a first draw is freeze, pick and announcement in one decision: the
	// journal cannot end between them
	r := oneSeg(t, Segment{ID: "a", Winners: 1, Attendance: NotRequired}, 6)
	r.draw()
	refusedReplay(t, r, "which the journal lacks", func(evs []Event) []Event { return evs[:len(evs)-1] })
}

func TestReplayRefusesChoiceOutOfTurn(t *testing.T) {
	r := royalRig(t, 11)
	r.claimAll()
	r.do(Command{Op: OpChoose, Text: "A"})
	// the first winner's choice given to the second
	refusedReplay(t, r, "but the rules decide", func(evs []Event) []Event {
		i := kindAt(evs, PrizeChosen, 0)
		evs[i].Choice.K = 1
		return evs
	})
	// a prize the card does not hide
	refusedReplay(t, r, "but the rules decide", func(evs []Event) []Event {
		i := kindAt(evs, PrizeChosen, 0)
		for _, p := range r.sh.Segments[0].Prizes {
			if p != evs[i].Choice.Prize {
				evs[i].Choice.Prize = p
				break
			}
		}
		return evs
	})
}

func TestReplayRefusesWrongSettlement(t *testing.T) {
	sh := chestShow(t, false, false)
	r := newRig(t, sh, memRows{"chest": pointsRows("c", 40)}, seedOf(3))
	r.claimAll()
	jp := JackpotBall(Key(r.seed, ""), "chest", sh.Segments[0].Jackpot.Balls)
	for _, b := range sh.Segments[0].Items() {
		if r.cur().Chooser() == nil {
			break
		}
		if b != jp {
			r.do(Command{Op: OpChoose, Text: b})
		}
	}
	if r.cur().Settled == nil {
		t.Fatal("not settled")
	}
	refusedReplay(t, r, "jackpot-settled says", func(evs []Event) []Event {
		i := kindAt(evs, JackpotPaid, 0)
		evs[i].Settled.Won, evs[i].Settled.Next = true, sh.Segments[0].Jackpot.Base
		return evs
	})
}

func TestReplayWithoutSeedTakesPicksAsRecorded(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 2}, 6)
	r.draw()
	r.do(Command{Op: OpClaim})
	r.draw()
	fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Fatal(err)
	}
	if fresh.Underived() != 2 {
		t.Fatalf("underived %d, want 2", fresh.Underived())
	}
	// a pick of a participant already picked is refused all the same
	evs := journal(t, r.evs)
	i := kindAt(evs, PickDrawn, 1)
	evs[i].Pick.Ticket, evs[i].Pick.Participant = evs[kindAt(evs, PickDrawn, 0)].Pick.Ticket, evs[kindAt(evs, PickDrawn, 0)].Pick.Participant
	if err := NewEngine(r.sh, r.src, func() time.Time { return r.now }).Replay(evs); err == nil || !strings.Contains(err.Error(), "not in what is left") {
		t.Fatalf("a participant picked twice: %v", err)
	}
}

// fromBins replays r's journal over the bins its state froze, as verify
// replays an export, with edit applied to the bins first.
func fromBins(t *testing.T, r *rig, edit func(seg string, es []Entry) []Entry) error {
	t.Helper()
	fresh := NewEngine(r.sh, memRows{}, func() time.Time { return r.now })
	fresh.FromBins(func(seg string) ([]Entry, error) {
		es := slices.Clone(r.eng.State().Seg(seg).Bin.Entries)
		if edit != nil {
			es = edit(seg, es)
		}
		return es, nil
	})
	return fresh.Replay(journal(t, r.evs))
}

func TestReplayFromBins(t *testing.T) {
	r := scenario(t)
	r.do(Command{Op: OpClose})
	if err := fromBins(t, r, nil); err != nil {
		t.Fatalf("the export's bins: %v", err)
	}
	// a ticket added to a bin changes its fingerprint
	err := fromBins(t, r, func(seg string, es []Entry) []Entry {
		if seg == "cash" {
			es = append(es, Entry{Ticket: "ZZZ-added", Participant: "someone", Weight: 1})
		}
		return es
	})
	if err == nil || !strings.Contains(err.Error(), "fingerprint") {
		t.Fatalf("a ticket added: %v", err)
	}
	// a bin out of canonical order
	err = fromBins(t, r, func(seg string, es []Entry) []Entry {
		if seg == "cash" && len(es) > 1 {
			es[0], es[1] = es[1], es[0]
		}
		return es
	})
	if err == nil || !strings.Contains(err.Error(), "canonical order") {
		t.Fatalf("a bin out of order: %v", err)
	}
}

func TestReplayFromBinsRefusesBarred(t *testing.T) {
	// win once a day: the second draw's bin may not hold the first's winner
	sh := mkShow(Segment{ID: "a", WinOnce: OncePerDay}, Segment{ID: "b", WinOnce: OncePerDay})
	rows := oneEach(cardsN(5)...)
	r := newRig(t, sh, memRows{"a": rows, "b": rows}, seedOf(2))
	r.draw()
	r.do(Command{Op: OpClaim})
	won := r.last().PickRef
	r.do(Command{Op: OpNext})
	r.draw()
	err := fromBins(t, r, func(seg string, es []Entry) []Entry {
		if seg == "b" {
			es = append(es, Entry{Ticket: won.Ticket, Participant: won.Participant, Weight: 1})
			SortEntries(es)
		}
		return es
	})
	if err == nil || !strings.Contains(err.Error(), "won earlier in the win-once scope") {
		t.Fatalf("a barred winner in the bin: %v", err)
	}
}
