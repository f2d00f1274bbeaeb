package witness

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"time"

	"drawshow/data/record"
	"drawshow/show"
	"drawshow/show/keys"
)

// follower is what a follower holds: the rows of the branch it follows,
// by seq, and the last of them.
type follower struct {
	held   map[int64]string // seq → hash
	last   *record.Row
	show   string
	alarms int
	closed bool

	// the auditor's witness: nil key for a follower that keeps a copy
	// and countersigns nothing
	key      *keys.Key
	showKey  keys.Public      // the key the show signs checkpoints with, as its first head said
	cosigned show.Cosigned    // the last checkpoint countersigned
	pins     map[string]Proof // each pick answered, by draw and pick: never another
	out      Report           // what the next request tells the feed
	now      func() time.Time // the witness's clock
}

func newFollower(key *keys.Key) *follower {
	f := &follower{held: map[int64]string{}, key: key, pins: map[string]Proof{}, now: time.Now}
	if key != nil {
		f.out.Key = key.Public().String()
	}
	return f
}

// take judges one line of the feed and returns the lines to keep in the
// witness file: the row (unless already held) and any alarm it raised.
func (f *follower) take(l Line, now time.Time) []Line {
	switch {
	case l.Head != nil:
		if f.show == "" {
			f.show = l.Head.Show
		}
		return f.showKeyFrom(l.Head, now)
	case l.Checkpoint != nil:
		return f.countersign(*l.Checkpoint, now)
	case l.Ask != nil:
		return f.answer(*l.Ask, now)
	case l.Cosigned != nil: // a witness file read again
		if l.Cosigned.Seq > f.cosigned.Seq {
			f.cosigned = *l.Cosigned
		}
		return nil
	case l.Proof != nil: // a witness file read again
		f.pins[askKey(l.Proof.Ask)] = *l.Proof
		return nil
	case l.Alarm != nil:
		f.alarms++
		a := *l.Alarm
		a.At = now.UTC().Format(time.RFC3339)
		return []Line{{Alarm: &a}}
	case l.Closed != nil:
		if f.closed {
			return nil // said again, to the follower's last word
		}
		if c := l.Closed; f.last == nil || f.last.Kind != string(show.ShowClosed) || f.last.Seq != c.Seq || f.last.Hash != c.Hash {
			// a close is the show-closed row the follower holds, or none:
			// a feed that says closed early would end the witness there
			f.alarms++
			return []Line{{Alarm: &Alarm{Kind: FalseClose, At: now.UTC().Format(time.RFC3339), Seq: c.Seq, Held: f.lastHash(), Record: c.Hash,
				Text: fmt.Sprintf("the feed says the show closed at row %d, but the witness holds no show-closed row there (it holds up to row %d): following on", c.Seq, f.lastSeq())}}}
		}
		f.closed = true
		return []Line{l}
	case l.Row == nil:
		return nil
	}
	r := *l.Row
	var out []Line
	alarm := func(k AlarmKind, held, rec, format string, args ...any) {
		f.alarms++
		out = append(out, Line{Alarm: &Alarm{Kind: k, At: now.UTC().Format(time.RFC3339), Seq: r.Seq, Held: held, Record: rec, Text: fmt.Sprintf(format, args...)}})
	}
	if !hashHolds(&r) {
		alarm(Broken, "", r.Hash, "the feed's row %d (%s) does not hash to %s: the row was edited", r.Seq, r.Kind, r.Hash)
		return out
	}
	if h, ok := f.held[r.Seq]; ok {
		if h == r.Hash {
			f.last = &r
			return nil
		}
		alarm(Fork, h, r.Hash, "the record now has another row %d (%s): the witness holds %s, the record %s", r.Seq, r.Kind, h, r.Hash)
		for s := range f.held {
			if s > r.Seq {
				delete(f.held, s)
			}
		}
	} else if f.last != nil && (r.Seq != f.last.Seq+1 || r.PrevHash != f.last.Hash) {
		alarm(Broken, f.last.Hash, r.PrevHash, "row %d does not follow row %d (its prev_hash is %s, row %d's hash %s)", r.Seq, f.last.Seq, r.PrevHash, f.last.Seq, f.last.Hash)
	}
	f.held[r.Seq] = r.Hash
	f.last = &r
	return append(out, Line{Row: &r, At: stamp(now)})
}

// hashHolds reports whether a row's hash is its content's.
func hashHolds(r *record.Row) bool {
	prev, err1 := hex.DecodeString(r.PrevHash)
	h, err2 := hex.DecodeString(r.Hash)
	if err1 != nil || err2 != nil || len(prev) != sha256.Size {
		return false
	}
	return bytes.Equal(record.Chain(prev, record.Canonical(r.Seq, r.At, r.Kind, []byte(r.Payload))), h)
}

// Options are how Follow follows.
type Options struct {
	URL    string    // the feed's link as printed, with its token
	Out    string    // the witness file, appended to
	Log    io.Writer // where alarms and the connection's comings and goings are told
	Client *http.Client
	Retry  time.Duration // the wait before reconnecting; 0 means a second
	// Key is the auditor's key: with it the follower countersigns each
	// checkpoint of the rows it holds and answers the show's asks for
	// its VRF output. Nil: it keeps a copy and signs nothing.
	Key *keys.Key
	// Now is the witness's clock (nil: time.Now), for its
	// countersignatures and the receive times it keeps.
	Now func() time.Time
}

// Follow follows the feed at opt.URL until the show closes or ctx ends,
// appending every row and alarm to opt.Out and syncing it after each
// answer. A witness file already there is read first and followed on
// from: the follower may be restarted too. It returns an error when any
// alarm was raised while it followed.
func Follow(ctx context.Context, opt Options) error {
	if _, err := url.Parse(opt.URL); err != nil {
		return fmt.Errorf("feed link %q: %v", opt.URL, err)
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	f := newFollower(opt.Key)
	if opt.Now != nil {
		f.now = opt.Now
	}
	if old, err := ReadFile(opt.Out); err == nil {
		for _, l := range old {
			f.take(l, time.Time{})
		}
		f.alarms, f.closed = 0, false
		f.out = Report{Key: f.out.Key}
		if f.last != nil {
			fmt.Fprintf(opt.Log, "%s holds rows up to %d; following on from there\n", opt.Out, f.last.Seq)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	out, err := os.OpenFile(opt.Out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	client := opt.Client
	if client == nil {
		client = &http.Client{Timeout: 2 * feedWait}
	}
	retry := opt.Retry
	if retry <= 0 {
		retry = time.Second
	}
	id := make([]byte, 8)
	rand.Read(id)
	lost := false
	for !f.closed {
		err := f.ask(ctx, client, opt.URL, hex.EncodeToString(id), out, opt.Log)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			if !lost {
				fmt.Fprintf(opt.Log, "feed lost: %v; reconnecting every %v\n", err, retry)
			}
			lost = true
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(retry):
			}
			continue
		}
		if lost {
			fmt.Fprintf(opt.Log, "feed back; following on from row %d\n", f.lastSeq())
			lost = false
		}
	}
	// one more word, that the close is held: the show's program waits
	// for its followers to hold its head before it ends
	if err := f.ask(ctx, client, opt.URL, hex.EncodeToString(id), out, opt.Log); err != nil {
		// the witness holds the close; only the program's wait for it
		// misses the word, and ends at its own time
		fmt.Fprintf(opt.Log, "the close is held, but the feed did not hear so: %v\n", err)
	}
	fmt.Fprintf(opt.Log, "show %s closed at row %d\n", f.show, f.lastSeq())
	if f.alarms > 0 {
		return fmt.Errorf("%d alarm(s) while following: the record was rolled back or rewritten; %s keeps both sides", f.alarms, opt.Out)
	}
	return nil
}

func (f *follower) lastHash() string {
	if f.last == nil {
		return ""
	}
	return f.last.Hash
}

func (f *follower) lastSeq() int64 {
	if f.last == nil {
		return 0
	}
	return f.last.Seq
}

// ask makes one request of the feed, with the row held last, and keeps
// what the answer brings.
func (f *follower) ask(ctx context.Context, client *http.Client, link, id string, out *os.File, log io.Writer) error {
	rep := f.out
	rep.ID, rep.Have = id, nil
	if f.last != nil {
		rep.Have = &Head{Seq: f.last.Seq, Hash: f.last.Hash}
	}
	body, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, link, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("%s: %s", resp.Status, bytes.TrimSpace(b))
	}
	// the feed has what this request reported
	f.out = Report{Key: f.out.Key}
	lines, err := ReadLines(resp.Body, "the feed")
	// what arrived before a broken connection is kept all the same
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, l := range lines {
		for _, k := range f.take(l, f.now()) {
			if k.Alarm != nil {
				fmt.Fprintf(log, "ALARM: %s\n", k.Alarm)
			}
			enc.Encode(k)
		}
	}
	if buf.Len() > 0 {
		if _, werr := out.Write(buf.Bytes()); werr != nil {
			return werr
		}
		if werr := out.Sync(); werr != nil {
			return werr
		}
	}
	return err
}
