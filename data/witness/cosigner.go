package witness

import (
	"encoding/hex"
	"fmt"
	"time"

	"golang.org/x/mod/sumdb/note"

	"drawshow/show"
	"drawshow/show/keys"
)

// stamp is a witness's time as its file keeps it.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z07:00") }

// showKeyFrom takes the key the show signs its checkpoints with from the
// feed's head, the first time it comes, and keeps it in the witness file
// so that a follower started again checks the same key. A head with
// another key later is refused: the witness countersigns one show's
// checkpoints, not whoever signs next.
func (f *follower) showKeyFrom(h *Head, now time.Time) []Line {
	if f.key == nil || h.Key == "" {
		return nil
	}
	if !f.showKey.IsZero() {
		if h.Key != f.showKey.String() {
			return f.refuse(now, h.Seq, "the show now signs its checkpoints with key %s, not %s as it did: the witness countersigns no checkpoint of another key", h.Key, f.showKey)
		}
		return nil
	}
	k, err := keys.ParsePublic(h.Key)
	if err != nil {
		return f.refuse(now, h.Seq, "the show's checkpoint key: %v", err)
	}
	f.showKey = k
	return []Line{{Head: &Head{Show: f.show, Seq: h.Seq, Hash: h.Hash, Key: h.Key, Auditor: h.Auditor}}}
}

// refuse raises a refusal as an alarm kept in the witness file.
func (f *follower) refuse(now time.Time, seq int64, format string, args ...any) []Line {
	f.alarms++
	return []Line{{Alarm: &Alarm{Kind: Refused, At: now.UTC().Format(time.RFC3339), Seq: seq, Text: fmt.Sprintf(format, args...)}}}
}

// countersign checks a checkpoint the show signed against the rows the
// witness holds and countersigns it with the witness's key and clock. It
// refuses one that is not the show's, not of a row held, or off the
// branch of the last checkpoint it countersigned: it never countersigns
// two histories that disagree.
func (f *follower) countersign(signed string, now time.Time) []Line {
	if f.key == nil {
		return nil
	}
	n, err := note.Open([]byte(signed), note.VerifierList(f.showKey.Verifier()))
	if f.showKey.IsZero() || err != nil {
		return f.refuse(now, 0, "a checkpoint not signed by the show's key: %v", err)
	}
	c, err := show.ParseCheckpoint(n.Text)
	refused := func(format string, args ...any) []Line {
		f.out.Refused = append(f.out.Refused, Refusal{Checkpoint: &c, Text: fmt.Sprintf(format, args...)})
		return f.refuse(now, c.Seq, format, args...)
	}
	switch {
	case err != nil:
		return f.refuse(now, 0, "%v", err)
	case c.Show != f.show:
		return refused("a checkpoint of show %s on the feed of %s", c.Show, f.show)
	case f.held[c.Seq] != c.Hash:
		return refused("the checkpoint at row %d has hash %s; the witness holds %q there", c.Seq, c.Hash, f.held[c.Seq])
	case f.cosigned.Seq > 0 && f.held[f.cosigned.Seq] != f.cosigned.Hash:
		return refused("the witness countersigned row %d as %s; the rows it now holds are another branch: it countersigns nothing on it", f.cosigned.Seq, f.cosigned.Hash)
	case c.Seq < f.cosigned.Seq:
		return nil // older than what it countersigned: nothing new to sign
	case c.Seq == f.cosigned.Seq:
		f.out.Cosigned = append(f.out.Cosigned, f.cosigned.Note) // the feed missed it
		return nil
	}
	b, err := note.Sign(n, f.key.Cosigner(now))
	if err != nil {
		return f.refuse(now, c.Seq, "countersigning: %v", err)
	}
	f.cosigned = show.Cosigned{Checkpoint: c, Note: string(b), At: now.UTC().Format(time.RFC3339)}
	f.out.Cosigned = append(f.out.Cosigned, f.cosigned.Note)
	cs := f.cosigned
	return []Line{{Cosigned: &cs}}
}

// answer makes the auditor's VRF output for an ask of the show: for a row
// the witness holds and has countersigned, and for each pick once. Asked
// again for the same row, it answers the same; asked for the same pick
// on another row, it refuses: that would be the laptop rolling again.
func (f *follower) answer(a Ask, now time.Time) []Line {
	if f.key == nil {
		return nil
	}
	refused := func(format string, args ...any) []Line {
		f.out.Refused = append(f.out.Refused, Refusal{Ask: a, Text: fmt.Sprintf(format, args...)})
		return f.refuse(now, a.Seq, format, args...)
	}
	switch p, ok := f.pins[askKey(a)]; {
	case a.Show != f.show:
		return refused("an ask of show %s on the feed of %s", a.Show, f.show)
	case ok && p.Ask == a:
		f.out.Proofs = append(f.out.Proofs, p) // the feed missed it
		return nil
	case ok:
		return refused("%s pick %d was answered on row %d (%s); asked again on row %d (%s): a pick is answered once", a.Draw, a.K+1, p.Seq, p.Hash, a.Seq, a.Hash)
	case f.held[a.Seq] != a.Hash:
		return refused("%s pick %d is asked on row %d as %s; the witness holds %q there", a.Draw, a.K+1, a.Seq, a.Hash, f.held[a.Seq])
	case a.Seq > f.cosigned.Seq || f.held[f.cosigned.Seq] != f.cosigned.Hash:
		return refused("%s pick %d is asked on row %d, which the witness has not countersigned", a.Draw, a.K+1, a.Seq)
	}
	alpha, err := a.Input()
	if err != nil {
		return refused("%v", err)
	}
	beta, proof := f.key.Prove(alpha)
	p := Proof{Ask: a, Beta: hex.EncodeToString(beta), Proof: hex.EncodeToString(proof), At: now.UTC().Format(time.RFC3339)}
	f.pins[askKey(a)] = p
	f.out.Proofs = append(f.out.Proofs, p)
	return []Line{{Proof: &p}}
}
