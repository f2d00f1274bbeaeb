package session

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"drawshow/data/store"
	"drawshow/data/witness"
	"drawshow/show"
)

// Witness is the auditor's witness as the show's program reaches it:
// the show's witness feed (*witness.Feed), which the auditor's follower
// answers.
type Witness interface {
	// Prove asks for the auditor's VRF output on a pick's row.
	Prove(ctx context.Context, a witness.Ask) (witness.Proof, error)
	// Countersigned waits for the countersignature of the journal to seq.
	Countersigned(ctx context.Context, seq int64) (show.Cosigned, error)
	// ShowKey is the key the show signs its checkpoints with.
	ShowKey() string
}

// Answer is how long a drawshow-v2 step waits for the auditor's witness
// before the console says it does not answer: on a LAN it answers in
// milliseconds, hidden inside the reel.
const Answer = 2 * time.Second

// WitnessSilent is the error of a step of a drawshow-v2 show the
// auditor's witness did not answer in time: nothing more was recorded.
// The host waits for it, or goes on with unwitnessed REASON.
type WitnessSilent struct {
	Step string // what waits: "pick 2 of sat-cash"
	Err  error
}

func (e *WitnessSilent) Error() string {
	return fmt.Sprintf("WITNESS NOT ANSWERING: %s waits for the auditor's witness (%v); draw again once it answers, or unwitnessed REASON goes on without it", e.Step, e.Err)
}

func (e *WitnessSilent) Unwrap() error { return e.Err }

// errNoFeed is why a show with no feed has no witness.
var errNoFeed = errors.New("the show serves no witness feed: run it with --feed ADDR, the address the auditor's follower reaches")

// witnessed commits c in a drawshow-v2 show, getting first from the
// auditor's witness what the engine asks for: the VRF output of the
// pick a draw makes, on the row that made it due, and the
// countersignature of the pick's own row before it is announced. A
// draw goes on to announce its pick once countersigned; a pick alone
// (the stage's, which announces after its reel) stops there.
func (ss *Session) witnessed(c show.Command, p *store.Progress) ([]show.Event, error) {
	var evs []show.Event
	for range 6 { // freeze, VRF, pick, countersignature, announce: each at most once
		done, err := ss.commit(c, p)
		evs = append(evs, done...)
		var vrf *show.NeedsVRF
		var cosign *show.NeedsCountersign
		switch {
		case errors.As(err, &vrf):
			if c.VRF, err = ss.prove(vrf); err != nil {
				return evs, err
			}
			continue
		case errors.As(err, &cosign):
			cs, err := ss.countersign(fmt.Sprintf("pick %d of %s", cosign.K+1, cosign.Segment))
			if err != nil {
				return evs, err
			}
			done, err := ss.commit(show.Command{Op: show.OpCosigned, Countersign: cs}, nil)
			evs = append(evs, done...)
			if err != nil {
				return evs, err
			}
			continue
		case err != nil:
			return evs, err
		}
		p, c.VRF = nil, nil // committed: what follows is the same action's
		if c.Op != show.OpDraw || !ss.drawing(done) {
			return evs, nil
		}
	}
	return evs, errors.New("the witnessed draw did not settle")
}

// drawing reports whether a draw that committed done goes on: it froze
// its bin and its pick needs no draw witness first, or it drew a pick
// held back until countersigned.
func (ss *Session) drawing(done []show.Event) bool {
	st := ss.Eng.State()
	seg := st.CurSeg()
	if len(done) == 0 || seg == nil {
		return false
	}
	switch done[len(done)-1].Kind {
	case show.BinFrozen:
		return !st.AwaitsDrawWitness(seg)
	case show.PickDrawn:
		return seg.Last().Held
	}
	return false
}

// prove asks the auditor's witness for the VRF output the engine needs.
func (ss *Session) prove(n *show.NeedsVRF) (*show.VRF, error) {
	step := fmt.Sprintf("pick %d of %s", n.K+1, n.Segment)
	if ss.Witness == nil {
		return nil, &WitnessSilent{Step: step, Err: errNoFeed}
	}
	h, err := ss.DB.HeadAfter(ss.ID, n.Due)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), ss.answer())
	defer cancel()
	a := witness.Ask{Show: ss.ID, Draw: n.Segment, K: n.K, Seq: h.Seq, Hash: hex.EncodeToString(h.Hash)}
	pr, err := ss.Witness.Prove(ctx, a)
	if err != nil {
		return nil, &WitnessSilent{Step: step, Err: err}
	}
	return &show.VRF{Seq: a.Seq, Hash: a.Hash, Beta: pr.Beta, Proof: pr.Proof}, nil
}

// countersign waits for the auditor's witness to countersign the journal
// as far as the engine's fold has it: a session resumed on a pick held
// back has written nothing yet, and its head is the record's.
func (ss *Session) countersign(step string) (*show.Countersign, error) {
	if ss.Witness == nil {
		return nil, &WitnessSilent{Step: step, Err: errNoFeed}
	}
	h, err := ss.folded()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), ss.answer())
	defer cancel()
	c, err := ss.Witness.Countersigned(ctx, h.Seq)
	if err != nil {
		return nil, &WitnessSilent{Step: step, Err: err}
	}
	return &show.Countersign{Note: c.Note, ShowKey: ss.Witness.ShowKey()}, nil
}

func (ss *Session) answer() time.Duration {
	if ss.WitnessWait > 0 {
		return ss.WitnessWait
	}
	return Answer
}

// countersignHeld records the auditor's countersignature of the current
// segment's pick held back, and nothing else: the stage asks for it while
// its reel spins, and announces the pick as the reel comes to rest, so
// the claim's countdown starts when the room sees the winner. With no
// pick held it records nothing.
func (ss *Session) countersignHeld() ([]show.Event, error) {
	seg := ss.Eng.State().CurSeg()
	if seg == nil || seg.Last() == nil || !seg.Last().Held {
		return nil, nil
	}
	l := seg.Last()
	cs, err := ss.countersign(fmt.Sprintf("pick %d of %s", l.K+1, seg.Seg.ID))
	if err != nil {
		return nil, err
	}
	return ss.commit(show.Command{Op: show.OpCosigned, Countersign: cs}, nil)
}
