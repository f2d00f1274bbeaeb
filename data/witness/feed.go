package witness

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"drawshow/data/internal/signal"
	"drawshow/data/record"
	"drawshow/show"
)

// Journal is the record the feed serves: *store.DB.
type Journal interface {
	// RowsFrom reads at most limit rows, of any show, from seq on.
	RowsFrom(seq int64, limit int) ([]record.Row, error)
	// FirstSeq is the seq of the show's first row.
	FirstSeq(show string) (int64, bool, error)
	// Head is the last row of the journal.
	Head() (int64, string, error)
	// Changed is closed at the next commit.
	Changed() <-chan struct{}
}

// Hold is how long a show's program waits, as it ends, for its
// followers to hold the record's head (WaitHeld): a follower a moment
// behind still witnesses the end.
const Hold = 10 * time.Second

// feedWait is how long an answer with no new row waits for one.
const feedWait = 20 * time.Second

// seenFor is how long a follower counts as connected after its last
// request: an answer waits feedWait, and the next request follows it.
const seenFor = 2*feedWait + 10*time.Second

// batch bounds the rows of one answer.
const batch = 500

// Feed serves one show's journal, live, to its followers. Its methods
// are safe for concurrent use.
type Feed struct {
	j     Journal
	show  string
	token string
	now   func() time.Time
	wait  time.Duration

	mu        sync.Mutex
	followers map[string]holding // by the follower's id
	moved     signal.Next        // a follower told what it holds
	asked     signal.Next        // the show asked the witness for something
	wit       *witnessing        // nil unless the show file names the auditor's key
	done      chan struct{}
	closeOnce sync.Once
}

// holding is what a follower said it holds, and when.
type holding struct {
	seq  int64
	hash string
	seen time.Time
}

// NewFeed serves the journal rows of show from its first row on to its
// close, and the rows of other shows between them, to requests that carry
// token.
func NewFeed(j Journal, showID, token string) *Feed {
	return &Feed{j: j, show: showID, token: token, now: time.Now, wait: feedWait, followers: map[string]holding{}, done: make(chan struct{})}
}

// Close ends every waiting answer.
func (f *Feed) Close() { f.closeOnce.Do(func() { close(f.done) }) }

// Followers is how many followers are connected and how many of them
// hold the journal's head.
func (f *Feed) Followers() (connected, atHead int) {
	seq, hash, err := f.j.Head()
	if err != nil {
		return 0, 0
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	for _, h := range f.followers {
		if now.Sub(h.seen) > seenFor {
			continue
		}
		connected++
		if h.seq == seq && h.hash == hash {
			atHead++
		}
	}
	return connected, atHead
}

// WaitHeld waits until every connected follower holds the journal's
// head, at most max. It reports whether they all do.
func (f *Feed) WaitHeld(max time.Duration) bool {
	deadline := time.After(max)
	for {
		moved := f.moved.Wait()
		if n, at := f.Followers(); n == at {
			return true
		}
		select {
		case <-moved:
		case <-deadline:
			return false
		case <-f.done:
			return false
		}
	}
}

func (f *Feed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		http.Error(w, "the feed is read with GET, or POST with what the follower reports", http.StatusMethodNotAllowed)
		return
	}
	q := r.URL.Query()
	if !equal(q.Get("t"), f.token) {
		http.Error(w, "the feed's token is wrong: take the link printed at the show's start", http.StatusForbidden)
		return
	}
	first, ok, err := f.j.FirstSeq(f.show)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if !ok {
		http.Error(w, "show "+f.show+" is not in this record", http.StatusNotFound)
		return
	}
	rep, err := readReport(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.takeReport(rep)
	have := rep.Have
	changed := f.j.Changed() // before any read: a commit after it is not missed
	asked := f.asked.Wait()
	seq, hash, err := f.j.Head()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(Line{Head: f.head(seq, hash)})
	from := first
	if have != nil {
		rows, err := f.j.RowsFrom(have.Seq, 1)
		if err != nil {
			return
		}
		switch {
		case len(rows) == 0 || rows[0].Seq != have.Seq:
			enc.Encode(Line{Alarm: &Alarm{Kind: Rollback, Seq: have.Seq, Held: have.Hash,
				Text: fmt.Sprintf("the record no longer holds row %d (the witness holds %s); its journal ends at row %d (%s)", have.Seq, have.Hash, seq, hash)}})
		case rows[0].Hash != have.Hash:
			enc.Encode(Line{Alarm: &Alarm{Kind: Fork, Seq: have.Seq, Held: have.Hash, Record: rows[0].Hash,
				Text: fmt.Sprintf("the record has another row %d: the witness holds %s, the record %s", have.Seq, have.Hash, rows[0].Hash)}})
		case closes(&rows[0], f.show):
			f.hold(rep.ID, have)
			f.witnessLines(enc, rep, have)
			enc.Encode(Line{Closed: &Head{Show: f.show, Seq: have.Seq, Hash: have.Hash}})
			return
		default:
			f.hold(rep.ID, have)
			from = have.Seq + 1
		}
	}
	rows, err := f.j.RowsFrom(from, batch)
	if err == nil && len(rows) == 0 && !f.owes(rep) {
		select {
		case <-changed:
		case <-asked:
		case <-time.After(f.wait):
		case <-r.Context().Done():
			return
		case <-f.done:
		}
		rows, err = f.j.RowsFrom(from, batch)
	}
	if err != nil {
		return
	}
	held := have
	for i := range rows {
		enc.Encode(Line{Row: &rows[i]})
		held = &Head{Seq: rows[i].Seq, Hash: rows[i].Hash}
		if closes(&rows[i], f.show) {
			f.witnessLines(enc, rep, held)
			enc.Encode(Line{Closed: &Head{Show: f.show, Seq: rows[i].Seq, Hash: rows[i].Hash}})
			return
		}
	}
	f.witnessLines(enc, rep, held)
}

// hold notes what a follower holds.
func (f *Feed) hold(id string, h *Head) {
	if id == "" {
		return
	}
	f.mu.Lock()
	f.followers[id] = holding{seq: h.Seq, hash: h.Hash, seen: f.now()}
	f.mu.Unlock()
	f.moved.Fire()
}

func closes(r *record.Row, showID string) bool {
	return r.Show == showID && r.Kind == string(show.ShowClosed)
}

// parseHave reads SEQ:HASH.
func parseHave(s string) (*Head, error) {
	a, b, ok := strings.Cut(s, ":")
	seq, err := strconv.ParseInt(a, 10, 64)
	if !ok || err != nil || seq < 1 || len(b) != 64 || strings.Trim(b, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("have %q: give SEQ:HASH, the row held last and its 64 hex digits", s)
	}
	return &Head{Seq: seq, Hash: b}, nil
}
