package scenes

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
	"drawshow/data/record"
	"drawshow/show"
)

// eachDraw makes a show file's text take a draw witness after each freeze.
func eachDraw(t *testing.T, text string) string {
	t.Helper()
	out := strings.Replace(text, "claim_seconds: 90\n", "claim_seconds: 90\nwitness: each-draw\n", 1)
	if out == text {
		t.Fatal("no claim_seconds line to put the witness mode after")
	}
	return out
}

// eachDrawDemo writes the demo show with witness each-draw and returns
// its path.
func eachDrawDemo(t *testing.T) string {
	t.Helper()
	path, err := demo.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(eachDraw(t, string(text))), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// drawField reports whether the draw witness's field is open.
func (r *rig) drawField() bool { return r.s.host.entry != nil && r.s.host.entry.kind == fieldDraw }

// giveWitness types w into the draw witness's field, on a fresh press,
// and Enter; an empty one is then confirmed with Next. It waits for the
// record.
func (r *rig) giveWitness(w string) {
	r.t.Helper()
	if !r.drawField() {
		r.t.Fatalf("no field for the draw witness: phase %s, message %q", r.scene(), r.s.host.message)
	}
	r.clk.Add(freshPress)
	r.in.PushFrame(Frame{Chars: []rune(w)})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the draw witness", func() bool { return !r.s.work.busy && r.seg().DrawWitness != nil })
	if got := *r.seg().DrawWitness; got != w {
		r.t.Fatalf("draw witness %q recorded, typed %q", got, w)
	}
	if r.s.host.entry != nil {
		r.t.Fatal("the field stays open once the draw witness is recorded")
	}
}

// noPick fails when the current segment has a pick, or the stage has left
// the scene or stopped taking keys.
func (r *rig) noPick(what string, p string) {
	r.t.Helper()
	r.settle()
	if n := len(r.seg().Picks); n != 0 || r.scene() != p || r.seg().DrawWitness != nil {
		r.t.Fatalf("%s: %d picks, phase %s, draw witness %v", what, n, r.scene(), r.seg().DrawWitness)
	}
}

// wantHead fails unless the trust line shows the journal's head as it
// stands, and a head other than the one it showed before (last).
func (r *rig) wantHead(what, last string) string {
	r.t.Helper()
	seq, h, err := r.ss.DB.Head()
	if err != nil {
		r.t.Fatal(err)
	}
	if want := record.Anchor(seq, h); r.s.view.head != want || r.s.view.head == last {
		r.t.Fatalf("%s: the trust line shows %q, want the head %q (before: %q)", what, r.s.view.head, want, last)
	}
	return r.s.view.head
}

// wantPick fails unless the latest pick is the one drawshow-v1 derives
// under K_d from the draw witness w.
func (r *rig) wantPick(w string) {
	r.t.Helper()
	seg := r.seg()
	kd := show.DrawKey(show.Key(testSeed, ""), seg.Seg.ID, w)
	picked := map[string]bool{}
	for _, p := range seg.Picks[:len(seg.Picks)-1] {
		picked[p.Participant] = true
	}
	p := r.pick()
	i, err := show.Choose(kd, seg.Seg.ID, seg.Bin.Fingerprint, seg.Bin.Entries, p.K, picked)
	if err != nil || seg.Bin.Entries[i].Ticket != p.Ticket {
		r.t.Fatalf("%s pick %d: %s, want %s under K_d (%v)", seg.Seg.ID, p.K, p.Ticket, seg.Bin.Entries[i].Ticket, err)
	}
}

// TestDrawWitnessOnStage plays an each-draw show on stage: Next freezes
// the bin and stays on the intro, the fingerprint and a field for the
// draw witness; nothing picks before it, and the host always has a way
// on; digits and Enter record it; then Next picks under K_d, the intro
// and the reveal show the witness, and the winners board the chain head.
// The trust line's chain head moves at the freeze, the witness and the
// pick.
func TestDrawWitnessOnStage(t *testing.T) {
	r := openRig(t, eachDrawDemo(t), testStart, nil)
	g := func(name string) { t.Helper(); r.shoot(name) }
	r.press(ebiten.KeyPageDown) // no witness W at the open
	r.at("attract")

	r.press(ebiten.KeyPageDown)
	r.at("intro")
	seg := r.seg()
	if seg.Frozen == nil || !r.s.view.st.AwaitsDrawWitness(seg) || !r.drawField() {
		t.Fatalf("after the freeze: frozen %v, awaits %v, field %+v", seg.Frozen != nil, r.s.view.st.AwaitsDrawWitness(seg), r.s.host.entry)
	}
	if evs := r.events(); evs[len(evs)-1].Kind != show.BinFrozen {
		t.Fatalf("the freeze's last event: %s", evs[len(evs)-1].Kind)
	}
	r.noPick("the freeze", "intro")
	head := r.wantHead("the freeze", "")

	// Next at once is the press that froze, not an answer: nothing happens
	r.press(ebiten.KeyPageDown)
	r.noPick("Next too soon", "intro")
	if !r.drawField() || r.s.host.confirm != confirmNone {
		t.Fatalf("Next too soon: field %+v, confirm %d", r.s.host.entry, r.s.host.confirm)
	}
	// Next on the empty field is refused, in words: the field stays
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.noPick("an empty draw witness", "intro")
	if !r.drawField() || r.s.host.confirm != confirmNone || r.s.host.message != "The draw witness is empty: type what the room saw after the freeze (the dice, a ball from the bag)" {
		t.Fatalf("Next on an empty field: field %+v, confirm %d, message %q", r.s.host.entry, r.s.host.confirm, r.s.host.message)
	}
	// Esc closes the field; Next opens it again: never a pick, never stuck
	r.press(ebiten.KeyEscape)
	if r.s.host.entry != nil || !strings.Contains(r.s.hints(), "type the draw witness") {
		t.Fatalf("Esc: field %+v, hints %q", r.s.host.entry, r.s.hints())
	}
	r.press(ebiten.KeyPageDown)
	r.noPick("Next with the field closed", "intro")
	if !r.drawField() {
		t.Fatal("Next with the field closed did not open it")
	}
	// a pick asked for all the same is refused, and the field is the way on
	r.press(ebiten.KeyEscape)
	if !r.s.send(show.Command{Op: show.OpPick}) {
		t.Fatal("the worker is busy")
	}
	r.noPick("a pick before the witness", "intro")
	if !strings.Contains(r.s.host.message, "the draw witness is awaited") || !r.drawField() {
		t.Fatalf("a pick before the witness: message %q, field %+v", r.s.host.message, r.s.host.entry)
	}
	r.clk.Add(noticeTime) // the refusal gives way to the field's hint
	r.faded()

	// the dice: typed, then Enter records them
	r.clk.Add(freshPress)
	r.in.PushFrame(Frame{Chars: []rune("461352")})
	r.update()
	g("43-draw-witness")
	r.press(ebiten.KeyEnter)
	r.until("the draw witness", func() bool { return !r.s.work.busy && r.seg().DrawWitness != nil })
	evs := r.events()
	if e := evs[len(evs)-1]; e.Kind != show.DrawWitness || e.Segment != "sat-cash" || e.Witness == nil || e.Witness.Text != "461352" {
		t.Fatalf("the journal's last event: %s %s %+v", e.Kind, e.Segment, e.Witness)
	}
	if r.s.host.entry != nil || len(r.seg().Picks) != 0 || r.s.host.message != `The draw witness is on the record: "461352"` {
		t.Fatalf("after the witness: field %+v, %d picks, message %q", r.s.host.entry, len(r.seg().Picks), r.s.host.message)
	}
	head = r.wantHead("the draw witness", head)
	r.clk.Add(noticeTime)
	r.faded()
	g("44-intro-witness")

	// Next now picks, under K_d
	r.reel(ebiten.KeyPageDown, nil)
	r.wantPick("461352")
	r.wantHead("the pick", head)
	r.clk.Add(1500 * time.Millisecond)
	r.update()
	g("45-reveal-witness")
	r.countdown()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	for !r.seg().Done() {
		r.reel(ebiten.KeyPageDown, nil) // the draw's witness keys every pick: no field again
		r.wantPick("461352")
		r.countdown()
		r.press(ebiten.KeyC)
		r.decided(show.Claimed)
	}

	// the board: the chain head, as the auditor copies it
	r.press(ebiten.KeyPageDown)
	r.at("board")
	r.until("the chain head", func() bool { return r.s.mgr.cast.board.anchor != "" })
	seq, h, err := r.ss.DB.Head()
	if err != nil {
		t.Fatal(err)
	}
	evs = r.events()
	if want := record.Anchor(seq, h); r.s.mgr.cast.board.anchor != want || seq != evs[len(evs)-1].Seq {
		t.Fatalf("board anchor %q, want %q (the head, seq %d; last event %d)", r.s.mgr.cast.board.anchor, want, seq, evs[len(evs)-1].Seq)
	}
	r.faded()
	// the hashes cover the show file's path, a new folder each run: the
	// golden frame shows the README's anchor in its place
	real := r.s.mgr.cast.board.anchor
	r.s.mgr.cast.board.anchor = readmeAnchor
	g("46-board-anchor")
	r.s.mgr.cast.board.anchor = real

	// the next draw asks for its own witness
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	if id := r.seg().Seg.ID; id != "points-draw" || !r.drawField() {
		t.Fatalf("the next draw %s: field %+v", id, r.s.host.entry)
	}
	r.giveWitness("2 6")
	r.reel(ebiten.KeyPageDown, nil)
	r.wantPick("2 6")
}

// TestDrawWitnessWildCard: a wild card's numbers drawn electronically
// wait for the draw witness, and follow it; the month-end bins before it
// each take their own.
func TestDrawWitnessWildCard(t *testing.T) {
	files := wildShow()
	files["show.yaml"] = eachDraw(t, files["show.yaml"])
	r := openRig(t, writeShow(t, files), testStart, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	for i := range 5 {
		r.press(ebiten.KeyPageDown)
		r.at("intro")
		r.giveWitness(strconv.Itoa(i + 1))
		r.drawAll(0)
		r.wantPick(strconv.Itoa(i + 1))
		r.toNext()
	}
	r.press(ebiten.KeyPageDown)
	if r.scene() != "numbers" || !r.drawField() {
		t.Fatalf("the wild card: phase %s, field %+v", r.scene(), r.s.host.entry)
	}
	// Esc: the numbers could be typed by hand; Next asks for the witness again
	r.press(ebiten.KeyEscape)
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.settle()
	if r.seg().Numbers != nil || !r.drawField() {
		t.Fatalf("Next before the witness: numbers %v, field %+v", r.seg().Numbers, r.s.host.entry)
	}
	r.giveWitness("3 5")
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.until("the numbers", func() bool { return !r.s.work.busy && r.seg().Numbers != nil })
	kd := show.DrawKey(show.Key(testSeed, ""), "wild", "3 5")
	var want []int
	for _, l := range show.Shuffle(kd, "wild/numbers", show.Numbered(r.sh.Bins("me"), 1))[:2] {
		v, _ := strconv.Atoi(l)
		want = append(want, v)
	}
	if n := r.seg().Numbers; n.By != "engine" || !slices.Equal(n.Numbers, want) {
		t.Fatalf("numbers %+v, want %v under K_d", n, want)
	}
}

// TestDrawWitnessChest: under each-draw the jackpot chest's ball is
// decided only after it is chosen: the table asks, off air, for the
// witness the room saw after the choice (the dice), and the ball turns
// over to what ChoiceKey and Uniform give over the balls still in the
// chest. Nobody knows it before the winner chooses.
func TestDrawWitnessChest(t *testing.T) {
	path := writeShow(t, map[string]string{"show.yaml": eachDraw(t, chestShow), "chest.csv": pointsEntries(60)})
	var ctl Controls
	r := openRig(t, path, testStart, func(o *Options) { o.OnControls = func(d Controls) { ctl = d } })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.giveWitness("B12")
	r.drawAll(ebiten.KeyC)
	r.press(ebiten.KeyPageDown)
	r.at("choose")
	if r.s.host.entry != nil {
		t.Fatal("the table asks for a witness given at the intro")
	}
	r.clk.Add(freshPress)
	r.typeKeys(digitKeys("07")...)
	r.press(ebiten.KeyEnter)
	r.until("the choice", func() bool { return !r.s.work.busy && r.seg().Pending != nil })
	k := r.seg().Pending.K
	if !r.drawField() || !strings.Contains(r.s.host.entry.label, "Choice witness for 07") || r.seg().Picks[k].Choice != nil {
		t.Fatalf("after choosing 07: field %+v, choice %+v", r.s.host.entry, r.seg().Picks[k].Choice)
	}
	if b := ctl.Actions; len(b) == 0 || b[0].Label != "Record the choice witness for 07" {
		t.Errorf("the console offers %+v", b)
	}
	r.clk.Add(freshPress)
	r.in.PushFrame(Frame{Chars: []rune("25")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the ball", func() bool { return !r.s.work.busy && r.seg().Picks[k].Choice != nil })
	kd := show.DrawKey(show.Key(testSeed, ""), "chest", "B12")
	balls := show.Numbered(20, 2)
	won := balls[show.Uniform(show.ChoiceKey(kd, "chest", k, "07", "25"), show.ChoiceLabel("chest", k, "07"), 20)] == "07"
	if c := r.seg().Picks[k].Choice; c.Item != "07" || c.Witness != "25" || c.Jackpot != won {
		t.Fatalf("ball 07 under the witness 25: %+v, want jackpot %v", c, won)
	}
}

// TestDrawWitnessAutoplay: autoplay types a draw witness at each intro
// of an each-draw show and plays it to its close.
func TestDrawWitnessAutoplay(t *testing.T) {
	path := writeShow(t, map[string]string{"show.yaml": eachDraw(t, chestShow), "chest.csv": pointsEntries(60)})
	sr := &screenRig{screen: ebiten.NewImage(W, H), every: 250 * time.Millisecond}
	t.Cleanup(sr.screen.Deallocate)
	sr.rig = openRig(t, path, testStart, func(o *Options) { o.Autoplay = true })
	for frames := 0; !sr.s.view.st.Closed; frames++ {
		if frames > 10000 {
			t.Fatalf("autoplay stuck: phase %s, message %q, field %+v", sr.scene(), sr.s.host.message, sr.s.host.entry)
		}
		if p := sr.seg().Last(); sr.scene() == "countdown" && p != nil && p.Outcome == show.Pending && p.Deadline.Sub(sr.clk.Now()) > 3*time.Second {
			sr.clk.Set(p.Deadline.Add(-3 * time.Second))
		}
		sr.waitIdle()
		sr.tick()
	}
	w := sr.s.view.st.Segs[0].DrawWitness
	if w == nil || len(*w) != 6 || strings.Trim(*w, "123456") != "" {
		t.Fatalf("autoplay's draw witness %v, want six dice", w)
	}
}

// TestDrawWitnessResumed: a stage restarted while a frozen bin waits for
// its draw witness comes back at the intro with the field open, and a
// board comes back with the chain head.
func TestDrawWitnessResumed(t *testing.T) {
	r := openRig(t, eachDrawDemo(t), testStart, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.s.Close()

	r2 := openRig(t, r.sh.Path, r.clk.Now(), func(o *Options) { o.Resumed = true })
	if r2.scene() != "intro" || !r2.drawField() {
		t.Fatalf("resumed at %s, field %+v; want the intro and the draw witness's field", r2.scene(), r2.s.host.entry)
	}
	r2.giveWitness("55")
	for !r2.seg().Done() {
		r2.reel(ebiten.KeyPageDown, nil)
		r2.wantPick("55")
		r2.countdown()
		r2.press(ebiten.KeyC)
		r2.decided(show.Claimed)
	}
	r2.press(ebiten.KeyPageDown)
	r2.at("board")
	r2.until("the chain head", func() bool { return r2.s.mgr.cast.board.anchor != "" })
	r2.s.Close()

	r3 := openRig(t, r.sh.Path, r2.clk.Now(), func(o *Options) { o.Resumed = true })
	if r3.scene() != "board" {
		t.Fatalf("resumed at %s, want the board", r3.scene())
	}
	r3.until("the chain head", func() bool { return r3.s.mgr.cast.board.anchor != "" })
	if r3.s.mgr.cast.board.anchor != r2.s.mgr.cast.board.anchor {
		t.Fatalf("resumed board's head %q, was %q: nothing was recorded between", r3.s.mgr.cast.board.anchor, r2.s.mgr.cast.board.anchor)
	}
}
