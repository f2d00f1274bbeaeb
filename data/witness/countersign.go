package witness

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"drawshow/data/internal/signal"
	"drawshow/show"
	"drawshow/show/keys"
)

// A Report is what a follower sends the feed with each request: who it
// is, the row it holds last, and, from the auditor's witness, the
// checkpoints it countersigned, the VRF outputs it made and what it
// refused since its last request. It travels in the follower's own
// requests, so it reaches a show behind NAT or a firewall that lets the
// follower in, and needs no connection the other way.
type Report struct {
	ID   string `json:"id,omitempty"`
	Have *Head  `json:"have,omitempty"`
	// Key is the public key of a follower that countersigns: the feed
	// offers checkpoints and asks to the auditor's key alone.
	Key      string    `json:"key,omitempty"`
	Cosigned []string  `json:"cosigned,omitempty"` // notes
	Proofs   []Proof   `json:"proofs,omitempty"`
	Refused  []Refusal `json:"refused,omitempty"`
}

// A Refusal is an ask the witness would not answer, or a checkpoint it
// would not countersign, and why.
type Refusal struct {
	Ask        Ask              `json:"ask,omitzero"`
	Checkpoint *show.Checkpoint `json:"checkpoint,omitempty"`
	Text       string           `json:"text"`
}

// maxReport bounds a report's body.
const maxReport = 1 << 20

// readReport reads a POST's report, or a GET's id and have.
func readReport(r *http.Request) (Report, error) {
	var rep Report
	if r.Method == http.MethodPost {
		dec := json.NewDecoder(io.LimitReader(r.Body, maxReport))
		if err := dec.Decode(&rep); err != nil {
			return rep, fmt.Errorf("the follower's report: %v", err)
		}
	} else {
		q := r.URL.Query()
		rep.ID = q.Get("id")
		if s := q.Get("have"); s != "" {
			h, err := parseHave(s)
			if err != nil {
				return rep, err
			}
			rep.Have = h
		}
	}
	if len(rep.ID) > 64 {
		return rep, errors.New("id is at most 64 characters")
	}
	if h := rep.Have; h != nil {
		if _, err := parseHave(fmt.Sprintf("%d:%s", h.Seq, h.Hash)); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// witnessing is what the feed of a show whose file names the auditor's
// key keeps of the auditor's witness: the key the show signs its
// checkpoints with, the key whose countersignatures and VRF outputs it
// takes, the last checkpoint countersigned, and the picks asked for.
type witnessing struct {
	key     *keys.Key
	auditor keys.Public
	// the two public keys as the feed's head and a report name them,
	// written once: every request is answered with them
	keyText, auditorText string

	mu       sync.Mutex
	cosigned show.Cosigned
	refused  int64              // the last checkpoint the witness would not countersign
	asks     map[string]*asking // by draw and pick
	moved    signal.Next        // a countersignature, a proof or a refusal came
}

// asking is one pick's ask, and its answer once it comes.
type asking struct {
	ask     Ask
	proof   *Proof
	refused string
}

func askKey(a Ask) string { return fmt.Sprintf("%s\x00%d", a.Draw, a.K) }

// Countersign makes the feed sign a checkpoint of the rows each answer
// brings with showKey, and take countersignatures and VRF outputs made
// by auditor's key alone. Call it before serving.
func (f *Feed) Countersign(showKey *keys.Key, auditor keys.Public) {
	f.wit = &witnessing{key: showKey, auditor: auditor, asks: map[string]*asking{},
		keyText: showKey.Public().String(), auditorText: auditor.String()}
}

// ShowKey is the public key the show signs its checkpoints with, or ""
// for a show with no auditor's key.
func (f *Feed) ShowKey() string {
	if f.wit == nil {
		return ""
	}
	return f.wit.keyText
}

// head is the feed's head line: with the keys of a countersigned show.
func (f *Feed) head(seq int64, hash string) *Head {
	h := &Head{Show: f.show, Seq: seq, Hash: hash}
	if f.wit != nil {
		h.Key, h.Auditor = f.wit.keyText, f.wit.auditorText
	}
	return h
}

// takeReport keeps what the auditor's witness sent: each countersigned
// checkpoint of a row the journal holds, and each proof and refusal of a
// pick asked for. What does not verify against the auditor's key is
// passed over: anyone with the link may send a report. A refusal is not
// signed, so one who sends it in the auditor's name only makes the show
// go on unwitnessed, which the record names, as blocking the feed would.
func (f *Feed) takeReport(rep Report) {
	w := f.wit
	if !f.cosigns(rep) || len(rep.Cosigned)+len(rep.Proofs)+len(rep.Refused) == 0 {
		return
	}
	var best *show.Cosigned
	for _, n := range rep.Cosigned {
		c, err := show.OpenCosigned(n, w.key.Public(), w.auditor)
		if err != nil || c.Show != f.show {
			continue
		}
		rows, err := f.j.RowsFrom(c.Seq, 1)
		if err != nil || len(rows) == 0 || rows[0].Seq != c.Seq || rows[0].Hash != c.Hash {
			continue
		}
		if best == nil || c.Seq > best.Seq {
			best = &c
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if best != nil && best.Seq > w.cosigned.Seq {
		w.cosigned = *best
	}
	for _, p := range rep.Proofs {
		a := w.asks[askKey(p.Ask)]
		if a == nil || a.ask != p.Ask || a.proof != nil || p.check(w.auditor) != nil {
			continue
		}
		a.proof = &p
	}
	for _, r := range rep.Refused {
		if c := r.Checkpoint; c != nil {
			w.refused = max(w.refused, c.Seq)
			continue
		}
		if a := w.asks[askKey(r.Ask)]; a != nil && a.ask == r.Ask && a.proof == nil {
			a.refused = r.Text
		}
	}
	w.moved.Fire()
}

// check verifies the proof of p's output against the auditor's key.
func (p *Proof) check(auditor keys.Public) error {
	_, err := p.VRF().Check(auditor, p.Show, p.Draw, p.K)
	return err
}

// VRF is the output and its proof as the pick's row records them.
func (p *Proof) VRF() *show.VRF {
	return &show.VRF{Seq: p.Seq, Hash: p.Hash, Beta: p.Beta, Proof: p.Proof}
}

// Input is the VRF input the ask is for (show.VRFInput).
func (a Ask) Input() ([]byte, error) {
	h, err := hex.DecodeString(a.Hash)
	if err != nil || len(h) != 32 {
		return nil, fmt.Errorf("ask for %s pick %d: the row's hash %q is not 64 hex digits", a.Draw, a.K+1, a.Hash)
	}
	return show.VRFInput(a.Show, a.Draw, a.K, a.Seq, [32]byte(h)), nil
}

// cosigns reports whether the report is the auditor's witness's: it
// names the auditor's key, so it is offered checkpoints and asks.
func (f *Feed) cosigns(rep Report) bool {
	return f.wit != nil && rep.Key != "" && rep.Key == f.wit.auditorText
}

// owes reports whether the witness has something to be asked now, not
// after the next commit: a checkpoint of the rows it holds not yet
// countersigned, or a pick whose row it holds not yet answered.
func (f *Feed) owes(rep Report) bool {
	w, have := f.wit, rep.Have
	if !f.cosigns(rep) || have == nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if have.Seq > max(w.cosigned.Seq, w.refused) {
		return true
	}
	for _, a := range w.asks {
		if a.proof == nil && a.refused == "" && a.ask.Seq <= have.Seq {
			return true
		}
	}
	return false
}

// witnessLines ends an answer that leaves the follower holding held: the
// show's signed checkpoint there, unless already countersigned, and the
// picks asked for that the witness can answer.
func (f *Feed) witnessLines(enc *json.Encoder, rep Report, held *Head) {
	w := f.wit
	if !f.cosigns(rep) || held == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if held.Seq > max(w.cosigned.Seq, w.refused) {
		if n, err := (show.Checkpoint{Show: f.show, Seq: held.Seq, Hash: held.Hash}).Sign(w.key); err == nil {
			enc.Encode(Line{Checkpoint: &n})
		}
	}
	for _, a := range w.asks {
		if a.proof == nil && a.refused == "" && a.ask.Seq <= held.Seq {
			enc.Encode(Line{Ask: &a.ask})
		}
	}
}

// ErrNotWitnessed is the error of a feed with no auditor's key.
var ErrNotWitnessed = errors.New("the show file names no auditor's key: nothing is countersigned")

// Countersigned waits until the auditor's witness has countersigned a
// checkpoint at row seq or past it, and returns the latest; it gives up
// when ctx ends.
func (f *Feed) Countersigned(ctx context.Context, seq int64) (show.Cosigned, error) {
	w := f.wit
	if w == nil {
		return show.Cosigned{}, ErrNotWitnessed
	}
	for {
		moved := w.moved.Wait()
		w.mu.Lock()
		c, refused := w.cosigned, w.refused
		w.mu.Unlock()
		if c.Seq >= seq {
			return c, nil
		}
		if refused >= seq {
			return show.Cosigned{}, fmt.Errorf("the auditor's witness refused to countersign row %d: it has countersigned another history of the show", refused)
		}
		f.asked.Fire() // a follower waiting with no new row is owed a checkpoint
		select {
		case <-moved:
		case <-ctx.Done():
			return show.Cosigned{}, fmt.Errorf("the auditor's witness has not countersigned row %d: %w", seq, ctx.Err())
		case <-f.done:
			return show.Cosigned{}, errors.New("the feed is closed")
		}
	}
}

// Prove asks the auditor's witness for its VRF output on pick a, and
// waits for it, checked against the auditor's key, until ctx ends. Asked
// again, it waits for the same answer.
func (f *Feed) Prove(ctx context.Context, a Ask) (Proof, error) {
	w := f.wit
	if w == nil {
		return Proof{}, ErrNotWitnessed
	}
	if a.Show != f.show {
		return Proof{}, fmt.Errorf("ask for show %s on the feed of %s", a.Show, f.show)
	}
	w.mu.Lock()
	cur := w.asks[askKey(a)]
	if cur == nil || cur.ask != a {
		// a new ask, or the same pick on another row: only the witness
		// decides whether it answers that
		cur = &asking{ask: a}
		w.asks[askKey(a)] = cur
	}
	w.mu.Unlock()
	f.asked.Fire()
	for {
		moved := w.moved.Wait()
		w.mu.Lock()
		p, refused := cur.proof, cur.refused
		w.mu.Unlock()
		switch {
		case p != nil:
			return *p, nil
		case refused != "":
			return Proof{}, fmt.Errorf("the auditor's witness refused %s pick %d: %s", a.Draw, a.K+1, refused)
		}
		select {
		case <-moved:
		case <-ctx.Done():
			return Proof{}, fmt.Errorf("the auditor's witness has not answered for %s pick %d: %w", a.Draw, a.K+1, ctx.Err())
		case <-f.done:
			return Proof{}, errors.New("the feed is closed")
		}
	}
}
