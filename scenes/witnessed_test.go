package scenes

import (
	"context"
	"image"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
	"drawshow/data/session"
	"drawshow/data/witness"
	"drawshow/show"
	"drawshow/show/keys"
)

// A drawshow-v2 night on stage: the demo show naming the auditor's key,
// its feed served, and the auditor's follower (witness.Follow, with the
// auditor's key) when the test runs one.

// v2Auditor is the auditor's key: derived, so that the night's VRF
// outputs, and so its winners, are the same each run.
func v2Auditor(t testing.TB) *keys.Key {
	t.Helper()
	k, err := keys.Derive("auditor", []byte("the auditor's own secret, for the stage's tests"))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// v2Show writes the demo show naming the auditor's key in a new folder.
func v2Show(t testing.TB, auditor *keys.Key) string {
	t.Helper()
	path, err := demo.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text = append([]byte("auditor_key: "+auditor.Public().String()+"\n"), text...)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// v2Options open the rehearsal of today's rules: its picks countersigned.
func v2Options() session.Options { return session.Options{Rehearsal: true, Seed: testSeed} }

// serveWitness serves ss's witness feed, as the stage does, each step
// waiting for the witness at most wait; with follow, the auditor's
// follower follows it until the test ends.
func serveWitness(t testing.TB, ss *session.Session, auditor *keys.Key, wait time.Duration, follow bool) {
	t.Helper()
	live, err := witness.Start(ss.DB, ss.ID, auditor.Public(), "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ss.Witness, ss.WitnessWait = live.Feed, wait
	srv := httptest.NewServer(live.Feed)
	t.Cleanup(srv.Close)
	t.Cleanup(live.Feed.Close)
	if !follow {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- witness.Follow(ctx, witness.Options{URL: srv.URL + "/feed?t=" + live.Token, Out: filepath.Join(t.TempDir(), "witness.jsonl"),
			Key: auditor, Retry: 20 * time.Millisecond})
	}()
	t.Cleanup(func() { cancel(); <-done })
}

// said is the texts a frame of the stage draws, at a small size: what the
// audience would read.
func (r *rig) said() []string {
	r.t.Helper()
	r.render(image.Pt(480, 270))
	return lastSaid
}

// shows reports whether any of texts holds any of words.
func shows(texts []string, words ...string) bool {
	return slices.ContainsFunc(texts, func(s string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return w != "" && strings.Contains(s, w) })
	})
}

// winnerWords are the pick's words on the reel: its masked name and its
// ticket as the big screen shows them.
func (r *rig) winnerWords(p *show.Pick) (name, ticket string) {
	return r.s.maskName(p.Participant), r.s.ticketLabel(p.Ticket, p.Participant)
}

// kinds are the show's journal's kinds, in order.
func (r *rig) kinds() []string {
	var out []string
	for _, e := range r.events() {
		out = append(out, string(e.Kind))
	}
	return out
}

// TestWitnessedReelLands: with the auditor's follower answering, the
// reel is held short of its winner while the pick is not countersigned,
// and lands on it once it is; the reveal follows; no frame shows the
// winner before the stage holds it countersigned.
func TestWitnessedReelLands(t *testing.T) {
	auditor := v2Auditor(t)
	path := v2Show(t, auditor)
	r := openRigWith(t, path, testStart, nil, v2Options(), func(ss *session.Session) {
		serveWitness(t, ss, auditor, time.Minute, true) // the minute bounds a broken test only
	})
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.press(ebiten.KeyPageDown)
	if r.scene() != "reel" {
		t.Fatalf("Next on the intro: %s", r.scene())
	}
	held, landed := false, false
	deadline := time.Now().Add(waitFor)
	for r.scene() == "reel" {
		if time.Now().After(deadline) {
			t.Fatalf("the reel never landed: busy %v, %q", r.s.work.busy, r.s.host.message)
		}
		r.clk.Add(100 * time.Millisecond)
		r.update()
		sc := &r.s.mgr.cast.reel
		held = held || sc.hold != nil
		p := sc.pick(r.s)
		if p == nil || r.scene() != "reel" {
			continue
		}
		_, ticket := r.winnerWords(p)
		if shows(r.said(), ticket) {
			if p.Held {
				t.Fatalf("at %v the reel shows the winner's ticket %s before it is countersigned", r.s.onFor(r.clk.Now()), ticket)
			}
			landed = true
		}
		if r.s.work.busy {
			time.Sleep(time.Millisecond)
		}
	}
	if r.scene() != "reveal" || !held || !landed {
		t.Fatalf("the reel went to %s; held %v, landed on the winner %v", r.scene(), held, landed)
	}
	k := strings.Join(r.kinds(), " ")
	if !strings.Contains(k, "pick-drawn checkpoint-cosigned pick-announced") {
		t.Errorf("the journal: %s", k)
	}
}

// The held reel's motion: continuous where it is held and where it
// lands, and, released at once, the same ease as a reel never held.
func TestWitnessReelHoldMotion(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 48} {
		at := holdAt(n)
		h := &reelHold{at: at, from: max(0, reelPos(at, n)), v: holdSpeed(at, n), rows: make([]reelRow, n)}
		if n > 3 && (h.from > float64(n-1)-reelHide+1e-9 || h.from < float64(n-1)-reelHide-1e-9) {
			t.Errorf("%d rows: held at %.3f, want %v rows short of the last", n, h.from, reelHide)
		}
		h.release(at, n-1, reelRow{})
		if h.winner != n-1 && n > 3 {
			t.Errorf("%d rows released at once: the winner at %d", n, h.winner)
		}
		for in := at; in <= reelTime; in += 10 * time.Millisecond {
			if want, got := reelPos(in, n), h.pos(in); n > 3 && (got-want > 1e-6 || want-got > 1e-6) {
				t.Fatalf("%d rows at %v: held and released at once %.6f, never held %.6f", n, in, got, want)
			}
		}
		end := at + time.Duration((h.run()+h.settle())*float64(time.Second)) + time.Millisecond
		if !h.landed(end) || h.landed(end-20*time.Millisecond) || h.pos(end) != float64(h.winner) {
			t.Errorf("%d rows: never lands on its winner", n)
		}
		// released late: from where it spun to, the winner not yet in view
		late := &reelHold{at: at, from: h.from, v: h.v, rows: h.rows}
		in := at + 3*time.Second
		p := late.pos(in)
		late.release(in, n-1, reelRow{})
		if float64(late.winner)-p < reelFade {
			t.Errorf("%d rows released late at %.2f: the winner at %d was in view", n, p, late.winner)
		}
		if d := late.pos(in+time.Millisecond) - p; d <= 0 || d > late.v*0.0011 {
			t.Errorf("%d rows released late: jumps %.5f in a millisecond", n, d)
		}
	}
}
