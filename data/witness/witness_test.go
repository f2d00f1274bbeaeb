package witness_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"drawshow/data/datatest"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/witness"
	"drawshow/show"
	"drawshow/show/keys"
)

// night is a rehearsal with a fixed seed over a small entry file, its
// database, and a feed of it behind a handler that can be pointed at a
// new feed, as a restarted program serves the same link.
type night struct {
	dir, dbPath, showPath string
	text                  []byte
	clock                 time.Time
	db                    *store.DB
	ss                    *session.Session
	feed                  atomic.Pointer[witness.Feed]
	srv                   *httptest.Server
	token                 string
	// with auditor set, the feed asks the auditor's witness to countersign
	showKey, auditor *keys.Key
	// v2: the show file names the auditor's key, so the show draws by
	// drawshow-v2 through the feed; wait is how long a step waits for
	// the witness
	v2   bool
	wait time.Duration
}

func newNight(t testing.TB) *night { return newNightOf(t, &night{}) }

// newNightOf makes n a night: with its keys set, a countersigned one.
func newNightOf(t testing.TB, n *night) *night {
	t.Helper()
	n.dir, n.clock = t.TempDir(), time.Date(2024, 11, 30, 21, 0, 0, 0, time.UTC)
	n.dbPath = filepath.Join(n.dir, "c.db")
	n.showPath = filepath.Join(n.dir, "show.yaml")
	if err := datatest.WriteEntryCSV(filepath.Join(n.dir, "entries.csv"), 200, 40); err != nil {
		t.Fatal(err)
	}
	n.text = datatest.ShowYAML("entries.csv", 2)
	if n.v2 {
		n.text = append([]byte("auditor_key: "+n.auditor.Public().String()+"\n"), n.text...)
	}
	if err := os.WriteFile(n.showPath, n.text, 0o644); err != nil {
		t.Fatal(err)
	}
	n.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f := n.feed.Load(); f != nil {
			f.ServeHTTP(w, r)
			return
		}
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	t.Cleanup(n.srv.Close)
	n.start(t)
	return n
}

// start opens (or resumes) the show and serves its feed.
func (n *night) start(t testing.TB) {
	t.Helper()
	db, err := store.Open(n.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := show.Parse(n.showPath, n.text)
	if err != nil {
		t.Fatal(err)
	}
	n.ss, err = session.Open(db, sh, n.text, session.Options{Rehearsal: true, Seed: make([]byte, 32), Clock: func() time.Time { return n.clock }})
	if err != nil {
		t.Fatal(err)
	}
	n.db = db
	tok, err := db.LinkToken("feed", n.ss.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n.token != "" && tok != n.token {
		t.Fatalf("the feed's token changed across a restart: %s, then %s", n.token, tok)
	}
	n.token = tok
	f := witness.NewFeed(db, n.ss.ID, tok)
	if n.auditor != nil {
		f.Countersign(n.showKey, n.auditor.Public())
	}
	if n.v2 {
		n.ss.Witness, n.ss.WitnessWait = f, n.wait
	}
	n.feed.Store(f)
	t.Cleanup(func() { n.stop() })
}

// stop is the program's end: its feed and its database go.
func (n *night) stop() {
	if f := n.feed.Swap(nil); f != nil {
		f.Close()
	}
	if n.db != nil {
		n.db.Close()
		n.db = nil
	}
}

func (n *night) do(t testing.TB, ops ...show.Op) {
	t.Helper()
	for _, op := range ops {
		n.clock = n.clock.Add(10 * time.Second)
		if _, err := n.ss.Do(show.Command{Op: op, Early: op == show.OpDraw}, nil); err != nil {
			t.Fatalf("%v: %v", op, err)
		}
	}
}

func (n *night) link() string { return n.srv.URL + "/feed?t=" + n.token }

// follow starts a follower; its result arrives on the channel.
func (n *night) follow(t testing.TB, out string, log *strings.Builder) <-chan error {
	done := make(chan error, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	go func() {
		done <- witness.Follow(ctx, witness.Options{URL: n.link(), Out: out, Log: log, Retry: 20 * time.Millisecond, Key: n.auditor})
	}()
	return done
}

// held waits until the feed's followers hold its head.
func (n *night) held(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if c, at := n.feed.Load().Followers(); c > 0 && c == at {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the follower never held the head")
		}
		n.feed.Load().WaitHeld(time.Second)
	}
}

// recordHash reads the record's rows as a verifier would: the record of
// the show of its first row.
func recordHash(t testing.TB, db *store.DB) (rec witness.Record, rows int) {
	t.Helper()
	all, err := db.RowsFrom(1, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	m := map[int64]string{}
	rec = witness.Record{Show: all[0].Show, Hash: func(seq int64) (string, bool) { h, ok := m[seq]; return h, ok }}
	for _, r := range all {
		m[r.Seq] = r.Hash
		if r.Show == rec.Show {
			rec.Rows, rec.Closed = append(rec.Rows, r.Seq), r.Kind == string(show.ShowClosed)
		}
	}
	return rec, len(all)
}

// TestFollowerHoldsTheWholeShow: a follower of an honest night holds
// every row the record holds, ends when the show closes, and the record
// holds every row it witnessed.
func TestFollowerHoldsTheWholeShow(t *testing.T) {
	n := newNight(t)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpDraw, show.OpClaim, show.OpDraw, show.OpClaim)
	n.held(t)
	n.do(t, show.OpClose)
	if err := <-done; err != nil {
		t.Fatalf("follow: %v\n%s", err, log.String())
	}
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	hash, all := recordHash(t, n.db)
	problems := witness.Check(lines, hash)
	if rows, last := witness.Held(lines); len(problems) > 0 || rows != all || last != int64(all) {
		t.Fatalf("witnessed %d rows to %d of the record's %d: %v", rows, last, all, problems)
	}
	if lines[len(lines)-1].Closed == nil {
		t.Errorf("the witness file does not end with the close: %+v", lines[len(lines)-1])
	}
}

// TestFollowerCatchesARollback: a pick goes on air and the follower holds
// it; the program is killed and the database put back as it was before
// the draw; the show is drawn again. The follower names the rollback and
// the fork at once, keeps both sides, and Check refuses the record.
func TestFollowerCatchesARollback(t *testing.T) {
	n := newNight(t)
	snap := filepath.Join(n.dir, "before-the-draw.db")
	if err := n.db.Backup(snap); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpDraw)
	n.held(t)
	seen := n.ss.Eng.State().CurSeg().Last()

	n.stop() // kill -9, and the insider's copy put back
	for _, p := range []string{n.dbPath + "-wal", n.dbPath + "-shm"} {
		os.Remove(p)
	}
	if err := os.Rename(snap, n.dbPath); err != nil {
		t.Fatal(err)
	}
	n.start(t)
	n.clock = n.clock.Add(time.Minute)
	n.do(t, show.OpDraw, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose)
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "alarm") {
		t.Fatalf("follow ended with %v after a rollback\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "ALARM: rollback") && !strings.Contains(log.String(), "ALARM: fork") {
		t.Errorf("the follower did not name the rollback:\n%s", log.String())
	}
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := recordHash(t, n.db)
	problems := witness.Check(lines, hash)
	text := strings.Join(problems, "\n")
	if !strings.Contains(text, "alarm") || !strings.Contains(text, "the record was r") {
		t.Fatalf("Check of the rolled-back record: %v", problems)
	}
	t.Logf("the seen pick was ticket %s; the follower said:\n%s\nCheck said:\n%s", seen.Ticket, log.String(), text)
}

// TestFeedRefusesAWrongToken: the feed is the show's own.
func TestFeedRefusesAWrongToken(t *testing.T) {
	n := newNight(t)
	for _, q := range []string{"", "?t=", "?t=" + strings.Repeat("0", 64)} {
		resp, err := http.Get(n.srv.URL + "/feed" + q)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("GET /feed%s: %s, want 403", q, resp.Status)
		}
	}
}

// TestFollowerTakesNoFalseClose: a feed that says the show closed at row
// 4, when row 4 is no show-closed, does not end the witness there: the
// follower raises false-close, follows on, and holds the true close.
func TestFollowerTakesNoFalseClose(t *testing.T) {
	n := newNight(t)
	n.do(t, show.OpDraw, show.OpClaim)
	var honest atomic.Bool
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if honest.Load() {
			n.feed.Load().ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		n.feed.Load().ServeHTTP(rec, r)
		lines, _ := witness.ReadLines(rec.Body, "the feed")
		enc := json.NewEncoder(w)
		for _, l := range lines {
			enc.Encode(l)
			if l.Row != nil && l.Row.Seq == 4 {
				enc.Encode(witness.Line{Closed: &witness.Head{Show: l.Row.Show, Seq: 4, Hash: l.Row.Hash}})
				return
			}
		}
	}))
	t.Cleanup(fake.Close)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	done := make(chan error, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	go func() {
		done <- witness.Follow(ctx, witness.Options{URL: fake.URL + "/feed?t=" + n.token, Out: out, Retry: 20 * time.Millisecond})
	}()
	deadline := time.Now().Add(time.Minute)
	for {
		b, _ := os.ReadFile(out)
		if strings.Contains(string(b), `"false-close"`) {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("the follower ended at the false close: %v\n%s", err, b)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no false-close alarm:\n%s", b)
		}
		time.Sleep(10 * time.Millisecond)
	}
	honest.Store(true)
	n.do(t, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err == nil || !strings.Contains(err.Error(), "1 alarm(s)") {
		t.Fatalf("follow after a false close: %v; want it to end on the true close with its alarm", err)
	}
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, all := recordHash(t, n.db)
	if rows, _ := witness.Held(lines); rows != all || lines[len(lines)-1].Closed == nil {
		t.Errorf("the witness holds %d of %d rows, ending %+v", rows, all, lines[len(lines)-1])
	}
}

// A witness file proves only what it saw of the show: an empty file, one
// cut short of the close, one missing the opening, and another show's
// file are each refused, naming what the witness did not see (issue 43:
// each passed as "witness OK").
func TestCheckHoldsTheWitnessToTheShow(t *testing.T) {
	n := newNight(t)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	done := n.follow(t, out, &strings.Builder{})
	n.do(t, show.OpDraw, show.OpClaim, show.OpDraw, show.OpClaim)
	n.held(t)
	n.do(t, show.OpClose)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := recordHash(t, n.db)
	if p := witness.Check(lines, rec); len(p) > 0 {
		t.Fatalf("the whole show's witness: %v", p)
	}
	var rows []witness.Line
	for _, l := range lines {
		if l.Row != nil {
			rows = append(rows, l)
		}
	}
	foreign := make([]witness.Line, 0, len(rows))
	for _, l := range rows {
		r := *l.Row
		r.Show = "royal-flush-rehearsal"
		foreign = append(foreign, witness.Line{Row: &r})
	}
	for _, c := range []struct {
		name  string
		lines []witness.Line
		want  string
	}{
		{"empty", nil, "holds no row: it witnessed nothing of show " + rec.Show},
		{"cut short", rows[:4], "the witness holds the show's rows to row 4; the record goes on to its show-closed at row"},
		{"no opening", rows[1:], "does not hold the show's opening row 1"},
		{"a gap", append(append([]witness.Line{}, rows[:3]...), rows[5:]...), "2 row(s) of the show were not witnessed (row 4, 5)"},
		{"another show's", foreign, "holds no row of show " + rec.Show + ", only of royal-flush-rehearsal"},
	} {
		p := witness.Check(c.lines, rec)
		if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("%s: %q, want %q", c.name, p, c.want)
		}
	}
}
