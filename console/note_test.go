package console

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// notes collects what Config.Log is told, from the request goroutines.
type notes struct {
	mu sync.Mutex
	ns []Note
}

func (n *notes) add(x Note) {
	n.mu.Lock()
	n.ns = append(n.ns, x)
	n.mu.Unlock()
}

// until waits for a note satisfying ok and returns it.
func (n *notes) until(t *testing.T, what string, ok func(Note) bool) Note {
	t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		n.mu.Lock()
		for _, x := range n.ns {
			if ok(x) {
				n.mu.Unlock()
				return x
			}
		}
		n.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no note of %s in %v", what, wait)
	return Note{}
}

// TestLogNotes: the flight log hears of a page connecting and going, of
// a request refused at the door, and of each action and key with what
// came of it, with what was typed for it apart.
func TestLogNotes(t *testing.T) {
	var ns notes
	s, d := start(t, Config{Log: ns.add})
	tok := token(t, s)
	evs, stop := events(t, s, "")
	await(t, evs, "hello", nil)
	c := ns.until(t, "the page connecting", func(n Note) bool { return n.Kind == NoteConnected })
	if !strings.HasPrefix(c.Remote, "127.0.0.1:") {
		t.Errorf("connected from %q", c.Remote)
	}
	stop()
	ns.until(t, "the page going", func(n Note) bool { return n.Kind == NoteGone && n.Tabs == 0 })

	do(t, s, "GET", "/session?t=wrong", "", nil)
	r := ns.until(t, "the wrong token", func(n Note) bool { return n.Kind == NoteRefused })
	if r.What != "GET /session" || !strings.Contains(r.Refusal, "token is wrong") {
		t.Errorf("refused %+v", r)
	}

	s.Publish(View{Scene: "countdown", Actions: []Action{{Line: "proxy", Label: "Proxy present", Key: "R", Field: FieldProxy}, {Line: "claim", Label: "Claimed", Key: "C"}}})
	do(t, s, "POST", "/act?t="+tok, `{"seq":1,"line":"proxy","name":"Sipho Dlamini","id":"8001015009087"}`, nil)
	next(t, d.acts, "action")
	a := ns.until(t, "the proxy", func(n Note) bool { return n.Kind == NoteAct })
	if a.What != "proxy" || a.Refusal != "" || strings.Join(a.Typed, "|") != "Sipho Dlamini|8001015009087|" {
		t.Errorf("act noted %+v", a)
	}
	d.refusing(errors.New("no claim is taken after the deadline"))
	do(t, s, "POST", "/act?t="+tok, `{"seq":1,"line":"claim"}`, nil)
	next(t, d.acts, "action")
	ns.until(t, "the refused claim", func(n Note) bool {
		return n.Kind == NoteAct && n.What == "claim" && n.Refusal == "Refused: no claim is taken after the deadline"
	})
	do(t, s, "POST", "/key?t="+tok, `{"key":"PageDown"}`, nil)
	next(t, d.keys, "key")
	ns.until(t, "the key", func(n Note) bool { return n.Kind == NoteKey && n.What == "PageDown" && n.Refusal == "" })
}

// TestRefusalsCounted: requests refused at the door (here without the
// token) are counted, not noted one by one: the first at once, then one
// note a minute at most with how many it stands for, and what is left at
// Close. 140 000 in a minute rotated the whole flight log out, the run's
// start and every action with it.
func TestRefusalsCounted(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2024, 11, 30, 21, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	var ns notes
	s, _ := start(t, Config{Log: ns.add, Now: clock})
	refused := func() []Note {
		ns.mu.Lock()
		defer ns.mu.Unlock()
		var out []Note
		for _, n := range ns.ns {
			if n.Kind == NoteRefused {
				out = append(out, n)
			}
		}
		return out
	}
	const flood = 3000
	for range flood {
		do(t, s, "GET", "/session", "", nil)
	}
	if r := refused(); len(r) != 1 || r[0].Count != 1 || r[0].What != "GET /session" {
		t.Fatalf("%d requests without the token gave %d notes: %+v", flood, len(r), r)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	do(t, s, "GET", "/session?t=wrong", "", nil)
	if r := refused(); len(r) != 2 || r[1].Count != flood {
		t.Fatalf("a minute on: %+v, want a second note for %d requests", r, flood)
	}
	for range 5 {
		do(t, s, "GET", "/session", "", nil)
	}
	s.Close()
	if r := refused(); len(r) != 3 || r[2].Count != 5 {
		t.Fatalf("at Close: %+v, want a last note for 5", r)
	}
}
