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
	"drawshow/data/store"
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

// heldPick opens the show at path on its database, draws its first
// pick with the auditor's follower answering, and closes it all: the
// pick is drawn, keyed by the witness's VRF output, and held, not yet
// countersigned.
func heldPick(t *testing.T, path string, auditor *keys.Key) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := show.Parse(path, text)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(filepath.Dir(path), "stage.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	so := v2Options()
	so.Clock = func() time.Time { return testStart }
	ss, err := session.Open(db, sh, text, so)
	if err != nil {
		t.Fatal(err)
	}
	// a stand-in for the night so far: the follower answers, the test
	// goes on once it has (the minute only bounds a broken test)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	live, err := witness.Start(db, ss.ID, auditor.Public(), "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Feed.Close()
	ss.Witness, ss.WitnessWait = live.Feed, time.Minute
	srv := httptest.NewServer(live.Feed)
	defer srv.Close()
	done := make(chan error, 1)
	go func() {
		done <- witness.Follow(ctx, witness.Options{URL: srv.URL + "/feed?t=" + live.Token, Out: filepath.Join(t.TempDir(), "witness.jsonl"),
			Key: auditor, Retry: 20 * time.Millisecond})
	}()
	defer func() { cancel(); <-done }()
	for _, op := range []show.Op{show.OpFreeze, show.OpPick} {
		if _, err := ss.Do(show.Command{Op: op}, nil); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
	}
	if p := ss.Eng.State().CurSeg().Last(); p == nil || !p.Held || p.VRF == nil {
		t.Fatalf("the pick drawn: %+v; want one keyed by the witness and held", p)
	}
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

// sampled reports whether the reel's sample holds the pick's ticket, a
// row among many before anything is drawn.
func (r *rig) sampled(p *show.Pick) bool {
	return slices.ContainsFunc(r.s.view.sample, func(e show.Entry) bool { return e.Ticket == p.Ticket })
}

// TestUnwitnessedAnnounceNeverShown: a pick drawn with the witness's VRF
// output and not countersigned, its witness gone silent (a feed with no
// follower). The reel runs, is held short of the winner, asks for the
// announce, and when the witness does not answer goes back to the intro:
// no frame has the winner's ticket, the trust line says WITNESS NOT
// ANSWERING, and the console says so with the way on.
func TestUnwitnessedAnnounceNeverShown(t *testing.T) {
	auditor := v2Auditor(t)
	path := v2Show(t, auditor)
	heldPick(t, path, auditor)
	var ctl Controls
	r := openRigWith(t, path, testStart.Add(time.Minute), func(o *Options) {
		o.Resumed, o.OnControls = true, func(d Controls) { ctl = d }
	}, v2Options(), func(ss *session.Session) {
		serveWitness(t, ss, auditor, 50*time.Millisecond, false) // no follower: the wait's length decides nothing
	})
	r.at("intro")
	p := *r.pick()
	if !p.Held {
		t.Fatalf("the resumed pick %+v is not held", p)
	}
	_, ticket := r.winnerWords(&p)
	if r.sampled(&p) {
		t.Fatalf("the reel's sample holds the winner's ticket %s: choose another night, or this test proves nothing", ticket)
	}
	r.press(ebiten.KeyPageDown)
	if r.scene() != "reel" {
		t.Fatalf("Next on the intro of a pick not shown: %s", r.scene())
	}
	held := false
	deadline := time.Now().Add(waitFor)
	for r.scene() == "reel" || r.s.work.busy {
		if time.Now().After(deadline) {
			t.Fatalf("the reel never came back: %s, busy %v, %q", r.scene(), r.s.work.busy, r.s.host.message)
		}
		r.clk.Add(100 * time.Millisecond)
		r.update()
		held = held || r.s.mgr.cast.reel.hold != nil
		if said := r.said(); shows(said, ticket) {
			t.Fatalf("at %v of the reel the big screen shows the held winner's ticket %s: %q", r.s.onFor(r.clk.Now()), ticket, said)
		}
		if r.s.work.busy {
			time.Sleep(time.Millisecond)
		}
	}
	if !held {
		t.Error("the reel was never held short of its winner")
	}
	if r.scene() != "intro" {
		t.Fatalf("after the announce the witness did not answer: %s, want the intro", r.scene())
	}
	r.faded()
	said := r.said()
	if shows(said, ticket) {
		t.Errorf("the intro shows the held winner's ticket %s: %q", ticket, said)
	}
	if !slices.ContainsFunc(said, func(s string) bool { return strings.HasPrefix(s, "WITNESS NOT ANSWERING  ·  ") }) {
		t.Errorf("the trust line does not say WITNESS NOT ANSWERING: %q", said)
	}
	if !strings.HasPrefix(ctl.Witness, "WITNESS NOT ANSWERING since 22:51:") || !strings.Contains(ctl.Witness, "unwitnessed REASON") || ctl.Outage {
		t.Errorf("the console's witness alert: %q", ctl.Witness)
	}
	if !slices.ContainsFunc(ctl.Actions, func(b Button) bool { return b.Line == "unwitnessed" && b.Field == "reason" && b.Key == "O" }) {
		t.Errorf("no unwitnessed button: %+v", ctl.Actions)
	}
	kinds := r.kinds()
	if i := slices.Index(kinds, string(show.PickDrawn)); i < 0 || slices.Contains(kinds[i:], string(show.PickAnnounced)) || slices.Contains(kinds[i:], string(show.CheckpointCosigned)) {
		t.Errorf("the journal: %v; want the pick drawn, then nothing", kinds)
	}
	r.goUnwitnessed(ticket, &ctl)
}

// goUnwitnessed goes on from a witness not answering: O, the reason,
// Enter. The trust line says UNWITNESSED; the held pick, drawn before,
// is shown as a drawshow-v1 pick is; the next waits for the room's
// witness, whose field is offered as the draw witness's is, and is shown
// at once.
func (r *rig) goUnwitnessed(ticket string, ctl *Controls) {
	t := r.t
	r.press(ebiten.KeyO)
	if e := r.s.host.entry; e == nil || e.kind != fieldUnwitnessed {
		t.Fatalf("O opened %+v; want the reason's field", e)
	}
	r.in.PushFrame(Frame{Chars: []rune("router restarted")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the outage", func() bool { return !r.s.work.busy && r.s.view.st.Outage != nil })
	r.update()
	said := r.said()
	if !slices.ContainsFunc(said, func(s string) bool { return strings.HasPrefix(s, "UNWITNESSED since 22:51:") }) {
		t.Errorf("the trust line in the outage: %q", said)
	}
	if !ctl.Outage || !strings.Contains(ctl.Witness, "router restarted") || slices.ContainsFunc(ctl.Actions, func(b Button) bool { return b.Line == "unwitnessed" }) {
		t.Errorf("the console in the outage: %q %v %+v", ctl.Witness, ctl.Outage, ctl.Actions)
	}
	r.press(ebiten.KeyPageDown) // the pick made and not shown: its reel
	r.at("reel")
	r.clk.Set(r.s.mgr.since.Add(reelTime))
	r.at("reveal")
	r.faded()
	if said := r.said(); !shows(said, ticket) {
		t.Errorf("the reveal of the pick released by unwitnessed: %q, want ticket %s", said, ticket)
	}
	r.countdown()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	e := r.s.host.entry
	if e == nil || e.kind != fieldDraw || e.label != roomWitnessLabel {
		t.Fatalf("the next pick in the outage: field %+v; want the room's witness", e)
	}
	if !strings.Contains(ctl.Hints, "room's witness") || ctl.Field == nil {
		t.Errorf("the console's hints with the room's witness asked: %q, field %+v", ctl.Hints, ctl.Field)
	}
	r.clk.Add(freshPress)
	r.in.PushFrame(Frame{Chars: []rune("3 5")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the room's witness", func() bool { return !r.s.work.busy && r.seg().Room != nil })
	r.update()
	if r.s.host.entry != nil {
		t.Errorf("the field stays open once the room's witness is on the record: %+v", r.s.host.entry)
	}
	r.reel(ebiten.KeyPageDown, nil)
	if p := r.pick(); p.Held || p.VRF != nil || p.K != 1 {
		t.Errorf("the pick drawn in the outage: %+v", p)
	}
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
		if h := sc.hold; h != nil && !h.landed(r.s.onFor(r.clk.Now())) && p.Announced() {
			// the announce starts the claim's countdown: when the room sees the winner
			t.Fatalf("at %v the pick is announced before the reel has landed", r.s.onFor(r.clk.Now()))
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
	if r.s.view.witness.silent != "" {
		t.Errorf("the witness answered, and the stage says %q", r.s.view.witness.silent)
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
