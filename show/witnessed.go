package show

import (
	"drawshow/show/keys"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// What a show whose file names the auditor's key (auditor_key) does
// under rules edition 5, drawshow-v2: a pick is keyed by the auditor's
// VRF output on the row that made it due, which the auditor's witness
// makes only once it has countersigned that row; the pick is announced
// only once the witness has countersigned the pick's own row. While the
// witness does not answer, the host goes on only with a reason
// (unwitnessed REASON), and each pick then waits for a witness from the
// room typed after the decision that made it due (witness TEXT).

// VRF is the auditor's VRF output a pick is keyed by, with its proof,
// and the journal row it was asked on: the row that made the pick due.
type VRF struct {
	Seq   int64  `json:"seq"`
	Hash  string `json:"hash"`  // the row's hash, hex
	Beta  string `json:"beta"`  // the VRF output, hex
	Proof string `json:"proof"` // hex
}

// Countersign is the payload of checkpoint-cosigned: the auditor's
// witness's countersignature of a checkpoint of the journal, and the key
// the show signs its checkpoints with.
type Countersign struct {
	Note    string `json:"note"`
	ShowKey string `json:"show_key"`
}

// Unwitnessed is the payload of step-unwitnessed: the host's reason to go
// on while the auditor's witness does not answer.
type Unwitnessed struct {
	Reason string `json:"reason"`
}

// Outage is the witness's silence the host went on through: from the
// step-unwitnessed row to the next countersignature.
type Outage struct {
	Reason string
	Since  time.Time
}

// NeedsVRF is the engine's refusal of a drawshow-v2 pick without the
// auditor's VRF output: the session asks the witness for it, on the row
// the show's first Due events end at, and decides again.
type NeedsVRF struct {
	Segment string
	K       int
	Due     int // the pick is made due by the show's event number Due (from 1)
}

func (e *NeedsVRF) Error() string {
	return fmt.Sprintf("%s: pick %d waits for the auditor's witness (its VRF output); if the witness does not answer, unwitnessed REASON goes on without it", e.Segment, e.K+1)
}

// NeedsCountersign is the engine's refusal to announce a drawshow-v2 pick
// the auditor's witness has not countersigned: the session waits for the
// countersignature, records it, and decides again.
type NeedsCountersign struct {
	Segment string
	K       int
}

func (e *NeedsCountersign) Error() string {
	return fmt.Sprintf("%s: pick %d is drawn and is shown once the auditor's witness countersigns it; if the witness does not answer, unwitnessed REASON shows it without", e.Segment, e.K+1)
}

// Witnessed reports whether the show's picks are countersigned by the
// auditor's witness: drawshow-v2.
func (st *State) Witnessed() bool { return st.v2 }

// AlgorithmOf is the draw algorithm a show of sh opened now is drawn by.
func AlgorithmOf(sh *Show) string {
	if sh.AuditorKey.IsZero() {
		return Algorithm
	}
	return AlgorithmV2
}

// algorithm is the draw algorithm of the show opened under edition rules.
func (st *State) algorithm(rules int) string {
	if st.auditor && rules >= 5 {
		return AlgorithmV2
	}
	return Algorithm
}

// v2Key is the key of pick k of seg under drawshow-v2, from the draw's
// key kd: the auditor's VRF output, checked against the auditor's key,
// or during an outage the room's witness. It refuses a pick that has
// neither.
func (d *decider) v2Key(seg *SegState, k int, kd [32]byte) ([32]byte, *VRF, string, error) {
	if d.st.Outage != nil {
		if seg.Room == nil {
			return kd, nil, "", refuse("%s: pick %d is drawn without the auditor's witness (%s): type the room's witness first, the dice rolled now (witness TEXT)", seg.Seg.ID, k+1, d.st.Outage.Reason)
		}
		return UnwitnessedKey(kd, *seg.Room), nil, *seg.Room, nil
	}
	v := d.vrf
	if v == nil {
		return kd, nil, "", &NeedsVRF{Segment: seg.Seg.ID, K: k, Due: seg.Due}
	}
	if seg.DueHash != "" && (v.Seq != seg.DueSeq || v.Hash != seg.DueHash) {
		// read back from the journal: the row asked on is the one the
		// rules say made the pick due, not one before it or after
		return kd, nil, "", fmt.Errorf("%s pick %d: the auditor's VRF was asked on row %d (%s); the row that made the pick due is %d (%s)", seg.Seg.ID, k+1, v.Seq, v.Hash, seg.DueSeq, seg.DueHash)
	}
	beta, err := v.Check(d.e.Show.AuditorKey, d.st.ID, seg.Seg.ID, k)
	if err != nil {
		return kd, nil, "", fmt.Errorf("%s pick %d: the auditor's VRF output: %v", seg.Seg.ID, k+1, err)
	}
	return WitnessedKey(kd, beta), v, "", nil
}

// Check verifies v, the auditor's VRF output for pick k of draw drawID
// of show showID, against the auditor's key, and returns the output. A
// proof the key did not make is a *VRFProofError, an output that is not
// its proof's a *VRFOutputError.
func (v *VRF) Check(auditor keys.Public, showID, drawID string, k int) ([]byte, error) {
	head, err := hex.DecodeString(v.Hash)
	if err != nil || len(head) != 32 {
		return nil, fmt.Errorf("the row's hash %q is not 64 hex digits", v.Hash)
	}
	proof, err1 := hex.DecodeString(v.Proof)
	_, err2 := hex.DecodeString(v.Beta)
	if err1 != nil || err2 != nil {
		return nil, errors.New("its proof or its output is not hex")
	}
	beta, err := auditor.Verify(VRFInput(showID, drawID, k, v.Seq, [32]byte(head)), proof)
	if err != nil {
		return nil, &VRFProofError{Key: auditor, Err: err}
	}
	if got := hex.EncodeToString(beta); got != v.Beta {
		return nil, &VRFOutputError{Given: v.Beta, Proved: got}
	}
	return beta, nil
}

// VRFProofError is a VRF proof the auditor's key did not make.
type VRFProofError struct {
	Key keys.Public
	Err error
}

func (e *VRFProofError) Error() string {
	return fmt.Sprintf("its proof does not verify with the auditor's key %s (%v)", e.Key, e.Err)
}

// VRFOutputError is a VRF output that is not its proof's.
type VRFOutputError struct{ Given, Proved string }

func (e *VRFOutputError) Error() string {
	return fmt.Sprintf("its output is %s, but its proof's is %s", e.Given, e.Proved)
}

// countersigned records the auditor's witness's countersignature of a
// checkpoint: it lets the pick held back be announced, and ends an
// outage. The note must open with the show's checkpoint key (the same
// all show long) and the auditor's key.
func (d *decider) countersigned(c *Countersign) error {
	switch {
	case !d.st.v2:
		return refuse("the show's picks are not countersigned: its file names no auditor's key, or it opened under an older edition of the rules")
	case c == nil:
		return fmt.Errorf("checkpoint-cosigned needs the note")
	case d.st.ShowKey != "" && c.ShowKey != d.st.ShowKey:
		return fmt.Errorf("the checkpoint is signed by show key %s; the show's checkpoints are signed by %s", c.ShowKey, d.st.ShowKey)
	}
	key, err := parseShowKey(c.ShowKey)
	if err != nil {
		return err
	}
	cs, err := OpenCosigned(c.Note, key, d.e.Show.AuditorKey)
	if err != nil {
		return err
	}
	if cs.Show != d.st.ID {
		return fmt.Errorf("the countersigned checkpoint is of show %s", cs.Show)
	}
	if l := d.st.last; l.hash != "" && (cs.Seq != l.seq || cs.Hash != l.hash) {
		// read back from the journal: the session records what the
		// witness countersigned of the rows it had just written
		return fmt.Errorf("the countersigned checkpoint is of row %d (%s); the row before it is %d (%s)", cs.Seq, cs.Hash, l.seq, l.hash)
	}
	return d.emit(Event{Kind: CheckpointCosigned, Countersign: c})
}

// unwitnessed records the host's reason to go on while the auditor's
// witness does not answer: once an outage.
func (d *decider) unwitnessed(reason string) error {
	reason = strings.TrimSpace(reason)
	seg := d.st.CurSeg()
	switch {
	case !d.st.v2:
		return refuse("the show's picks are not countersigned: nothing to go on without")
	case d.st.Outage != nil:
		return refuse("the show goes on unwitnessed already, since %s (%s)", d.st.Outage.Since.In(d.e.Show.Location).Format(time.TimeOnly), d.st.Outage.Reason)
	case reason == "":
		return refuse("unwitnessed needs the reason the witness does not answer, e.g. unwitnessed router restarted")
	case seg != nil:
		if err := d.inWords(seg, "the reason", reason); err != nil {
			return err
		}
	}
	return d.emit(Event{Kind: StepUnwitnessed, Unwitnessed: &Unwitnessed{Reason: reason}})
}

// roomWitness records the room's witness of a pick due during an outage:
// typed after the decision that made the pick due.
func (d *decider) roomWitness(seg *SegState, w string) error {
	w = strings.TrimSpace(w)
	if w == "" {
		return refuse("%s: the room's witness is empty: type what the dice showed", seg.Seg.ID)
	}
	if seg.Room != nil {
		return refuse("%s: the room's witness of the next pick is given already (%q)", seg.Seg.ID, *seg.Room)
	}
	return d.emit(Event{Kind: RoomWitness, Segment: seg.Seg.ID, Witness: &Witness{Text: w}})
}

// awaitsRoom reports whether witness TEXT now gives the room's witness
// of seg's next pick: during an outage, with a pick due and none given.
func (st *State) awaitsRoom(seg *SegState) bool {
	if st.Outage == nil || seg == nil || seg.Room != nil || seg.Frozen == nil || seg.Ended != nil || seg.Drawn() || st.AwaitsDrawWitness(seg) {
		return false
	}
	l := seg.Last()
	return l == nil || l.Outcome != Pending
}

// UnwitnessedPicks are the show's picks drawn or shown while the
// auditor's witness did not answer, each in words:
// "sat-cash pick 2: drawn unwitnessed at 21:41:07, reason "router
// restarted"".
func (st *State) UnwitnessedPicks(loc *time.Location) []string {
	var out []string
	for _, seg := range st.Segs {
		for _, p := range seg.Picks {
			if p.Unwitnessed == "" {
				continue
			}
			how := "drawn"
			if p.VRF != nil {
				how = "drawn witnessed and shown"
			}
			out = append(out, fmt.Sprintf("%s pick %d: %s unwitnessed at %s, reason %q", seg.Seg.ID, p.K+1, how, p.DrawnAt.In(loc).Format(time.TimeOnly), p.Unwitnessed))
		}
	}
	return out
}

// AwaitsRoomWitness reports whether the current segment's next pick
// waits for the room's witness (witness TEXT), the witness not answering.
func (st *State) AwaitsRoomWitness() bool { return st.awaitsRoom(st.CurSeg()) }

// parseShowKey reads the key a show signs its checkpoints with.
func parseShowKey(s string) (keys.Public, error) {
	k, err := keys.ParsePublic(s)
	if err != nil {
		return k, fmt.Errorf("the show's checkpoint key: %v", err)
	}
	return k, nil
}

// applyWitness folds the events of the witnesses: the show's W, its
// waiver, a draw witness, a room's witness, and the auditor's witness's
// countersignature or the host's going on without it.
func (st *State) applyWitness(e Event, seg *SegState) error {
	need := func(ok bool) error { return needPayload(e, ok) }
	switch e.Kind {
	case WitnessGiven:
		if err := need(e.Witness != nil); err != nil {
			return err
		}
		st.witness = e.Witness.Text
	case WitnessWaived:
		st.Unwitnessed = e.At
	case DrawWitness:
		if err := need(seg != nil && e.Witness != nil); err != nil {
			return err
		}
		w := e.Witness.Text
		seg.DrawWitness = &w
		seg.due(st.Events, e)
	case RoomWitness:
		if err := need(seg != nil && e.Witness != nil); err != nil {
			return err
		}
		w := e.Witness.Text
		seg.Room = &w
	case CheckpointCosigned:
		if err := need(e.Countersign != nil); err != nil {
			return err
		}
		st.countersigned(e)
	case StepUnwitnessed:
		if err := need(e.Unwitnessed != nil); err != nil {
			return err
		}
		st.Outage = &Outage{Reason: e.Unwitnessed.Reason, Since: e.At}
		st.Outages = append(st.Outages, *st.Outage)
		st.release(e.Unwitnessed.Reason)
	}
	return nil
}
