package scenes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// writeShow writes a show file and its entry files in a new folder and
// returns the show file's path.
func writeShow(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "show.yaml")
}

var firstNames = []string{"Thabo", "Lerato", "Sipho", "Anri", "Zanele", "Pieter", "Naledi", "Yusuf", "Carmen", "Bongani", "Refilwe", "Johan", "Ayesha", "Kagiso", "Marlize", "Tshepo"}
var lastNames = []string{"Mokoena", "Dlamini", "van Wyk", "Naidoo", "Botha", "Khumalo", "Pillay", "Nkosi", "Smit", "Molefe", "Jacobs", "Zulu"}

// drawEntries is a per-row entry file of n tickets from 3 000 up, a
// person a ticket.
func drawEntries(n int) string {
	var b strings.Builder
	b.WriteString("Ticket No,Card Number,Member Name\n")
	for i := range n {
		fmt.Fprintf(&b, "%d,%d,%s %s\n", 3000+i, 7100200300+i*7919, firstNames[i%len(firstNames)], lastNames[(i*5)%len(lastNames)])
	}
	return b.String()
}

const royalShow = `promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
brand:
  name: Gold Reef City
  primary: "#7a1f2b"
  accent: "#e8c15a"
  background: "#14090c"
segments:
  - id: qualifier
    title: Royal Flush Qualifier
    at: "2026-12-05T21:00"
    entries: entries.csv
    winners: 8
    prizes: [Finalist]
    attendance: not-required
  - id: finalist
    kind: manual-bin
    title: Finalist Bin, drawn by hand
    at: "2026-12-05T21:15"
    from: [qualifier]
    manual: true
    winners: 1
    prizes: [A seat at the Grand Finale]
  - id: finale
    kind: royal-flush
    title: Royal Flush Grand Finale
    at: "2026-12-05T21:30"
    entries: finalists.csv
    from: [finalist]
    winners: 5
    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]
`

// royalFiles are the Royal Flush night's show file, the qualifier's
// entries, and the finalists who qualified at the group's casinos.
func royalFiles() map[string]string {
	var b strings.Builder
	b.WriteString("Card Number,Member Name,Tier,Property\n")
	for i, p := range []string{"Montecasino", "Gold Reef City", "Montecasino", "Silverstar", "Gold Reef City", "Silverstar", "Montecasino", "Silverstar", "Gold Reef City"} {
		fmt.Fprintf(&b, "%d,%s %s,Ace,%s\n", 6001900100+i*7919, firstNames[(i*7+3)%len(firstNames)], lastNames[(i*5+1)%len(lastNames)], p)
	}
	return map[string]string{"show.yaml": royalShow, "entries.csv": drawEntries(40), "finalists.csv": b.String()}
}

// newRoyalRig opens the Royal Flush night past its opening screen.
func newRoyalRig(t *testing.T) *rig {
	t.Helper()
	path := writeShow(t, royalFiles())
	r := openRig(t, path, testStart, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	return r
}

// drawAll draws the current segment's winners from its intro, deciding
// each countdown with key (0: the engine decides).
func (r *rig) drawAll(key ebiten.Key) {
	r.t.Helper()
	r.reel(ebiten.KeyPageDown, nil)
	for {
		r.countdown()
		if key != 0 {
			r.press(key)
		}
		r.until("the outcome", func() bool { return !r.s.work.busy && r.pick().Outcome != show.Pending })
		if r.seg().Drawn() {
			return
		}
		r.reel(ebiten.KeyPageDown, nil)
	}
}

// next goes on from a segment's end (board or chooser) to the next
// segment's attract loop.
func (r *rig) toNext() {
	r.t.Helper()
	id := r.seg().Seg.ID
	for r.seg().Seg.ID == id {
		r.press(ebiten.KeyPageDown)
		r.settle()
	}
	r.at("attract")
}

// typeKeys presses each key in its own frame.
func (r *rig) typeKeys(keys ...ebiten.Key) {
	r.t.Helper()
	for _, k := range keys {
		r.press(k)
	}
}

// digitKeys are the top-row keys of a number.
func digitKeys(s string) []ebiten.Key {
	var out []ebiten.Key
	for _, c := range s {
		out = append(out, ebiten.KeyDigit0+ebiten.Key(c-'0'))
	}
	return out
}

// landed moves the clock past the turn on its way.
func (r *rig) landed() {
	r.t.Helper()
	r.settle()
	r.clk.Add(rollTime + freshPress)
	r.update()
	if r.s.turning(r.clk.Now()) {
		r.t.Fatal("the turn has not landed")
	}
}

// toCards plays the Royal Flush night to its table: the qualifier, the
// finalist typed by hand, the finale's five winners.
func (r *rig) toCards(g func(string)) {
	r.t.Helper()
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.drawAll(0)
	r.toNext()

	// the manual bin: a ticket not in the bin is refused, the host bar says why
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.typeKeys(digitKeys("999")...)
	r.press(ebiten.KeyEnter)
	r.settle()
	if !strings.Contains(r.s.host.message, `"999" is not in the frozen bin`) {
		r.t.Fatalf("a ticket not in the bin: message %q", r.s.host.message)
	}
	r.typeKeys(digitKeys("30")...)
	r.faded()
	g("24-manual-ticket")
	receipt := r.seg().Bin.Entries[2].Ticket // qualifier/30NN
	_, printed, _ := strings.Cut(receipt, "/")
	r.press(ebiten.KeyBackspace)
	r.press(ebiten.KeyBackspace)
	r.typeKeys(digitKeys(printed)...)
	r.press(ebiten.KeyEnter)
	r.at("reveal")
	if p := r.pick(); p.Ticket != receipt || p.By != "manual" {
		r.t.Fatalf("typed %s: pick %+v", printed, p.PickRef)
	}
	r.countdown()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	r.toNext()

	// the finale: the finalists, five winners, then the cards
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.faded()
	g("25-finalists")
	r.drawAll(ebiten.KeyC)
	r.press(ebiten.KeyPageDown)
	r.at("choose")
	r.faded()
}

// TestChooseWithClicker chooses with the four buttons: PageDown and PageUp
// move the highlight over the cards still in play, F5 and Esc choose, a
// press too soon after the table came up, or while a card turns, does
// nothing; digits and Enter choose directly, Backspace erases, Esc clears.
func TestChooseWithClicker(t *testing.T) {
	r := newRoyalRig(t)
	r.toCards(func(string) {})
	c := &clicker{r: r}
	chosen := func() int { return len(r.seg().Taken()) }

	if r.s.mgr.cast.choose.at != 0 {
		t.Fatalf("the table opens on card %d, want A", r.s.mgr.cast.choose.at)
	}
	c.prev() // wraps to 10
	if r.s.mgr.cast.choose.at != 4 {
		t.Fatalf("Prev from A: card %d, want 10", r.s.mgr.cast.choose.at)
	}
	c.next() // back to A
	c.next() // K
	r.s.host.guard = r.clk.Now().Add(freshPress)
	c.context() // too soon: a fresh press only
	r.settle()
	if chosen() != 0 {
		t.Fatal("F5 chose before a fresh press")
	}
	r.clk.Add(freshPress)
	c.context() // Esc now: the clicker's button sends F5 and Esc in turn
	r.until("the card", func() bool { return !r.s.work.busy && chosen() == 1 })
	if got := r.seg().Taken()[0]; got != "K" {
		t.Fatalf("chose %s, want K", got)
	}
	// while K turns over, nothing is chosen
	c.context()
	r.typeKeys(digitKeys("1")...)
	r.press(ebiten.KeyEnter)
	r.settle()
	if chosen() != 1 || len(r.s.mgr.cast.choose.digits) != 0 {
		t.Fatalf("while turning: %d chosen, digits %q", chosen(), string(r.s.mgr.cast.choose.digits))
	}
	r.landed()
	// the highlight skips K, out of play
	if r.s.mgr.cast.choose.at != 2 {
		t.Fatalf("after K: highlight on %d, want Q", r.s.mgr.cast.choose.at)
	}
	c.prev()
	if r.s.mgr.cast.choose.at != 0 {
		t.Fatalf("Prev from Q skips K: highlight on %d, want A", r.s.mgr.cast.choose.at)
	}
	// digits: Backspace erases, Esc clears, a taken card is refused
	r.typeKeys(digitKeys("27")...)
	r.press(ebiten.KeyBackspace)
	if string(r.s.mgr.cast.choose.digits) != "2" {
		t.Fatalf("typed 2 7 Backspace: %q", string(r.s.mgr.cast.choose.digits))
	}
	r.press(ebiten.KeyEscape)
	if len(r.s.mgr.cast.choose.digits) != 0 || chosen() != 1 {
		t.Fatalf("Esc: digits %q, chosen %d", string(r.s.mgr.cast.choose.digits), chosen())
	}
	r.typeKeys(ebiten.KeyNumpad2, ebiten.KeyNumpadEnter) // K, by its place
	r.settle()
	if chosen() != 1 || !strings.Contains(r.s.host.message, "chosen already") {
		t.Fatalf("K again: chosen %d, message %q", chosen(), r.s.host.message)
	}
	// a held key chooses once: F5 twice in two frames
	r.clk.Add(freshPress)
	r.in.Push(ebiten.KeyF5)
	r.in.Push(ebiten.KeyF5)
	r.update()
	r.update()
	r.until("the card", func() bool { return !r.s.work.busy && chosen() == 2 })
	r.landed()
	if chosen() != 2 {
		t.Fatalf("F5, F5: %d chosen, want 2", chosen())
	}
	// the rest with the clicker only, then on to the board
	for !r.seg().Done() {
		c.context()
		r.until("the card", func() bool { return !r.s.work.busy })
		r.landed()
	}
	c.next()
	r.at("board")
	if evs := r.events(); len(evs) == 0 || evs[len(evs)-1].Kind != show.PrizeChosen {
		t.Fatalf("last event %v", evs[len(evs)-1].Kind)
	}
}

// pointsEntries is a points entry file of n members.
func pointsEntries(n int) string {
	var b strings.Builder
	b.WriteString("Card Number,Member Name,Tier,Points\n")
	tiers := []string{"Ace", "King", "Queen", "Jack", "Ten"}
	for i := range n {
		fmt.Fprintf(&b, "%d,%s %s,%s,%d\n", 6001000100+i*7919, firstNames[(i*3)%len(firstNames)], lastNames[(i*7)%len(lastNames)], tiers[i%5], 150+i*37)
	}
	return b.String()
}

const chestShow = `promotion: Summer Festivo Prize Splash
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
segments:
  - id: chest
    kind: jackpot-chest
    title: Jackpot Chest
    at: "2026-12-05T21:30"
    entries: chest.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    jackpot: {name: test-chest, base: 20000, step: 20000, consolation: 2000}
`

func raps(n int) string {
	var b strings.Builder
	b.WriteString("Device,Area,Card Number,Member Name,Tier,Spend\n")
	tiers := []string{"Ace", "King", "Queen", "Jack", "Ten"}
	areas := []string{"Main Casino Floor", "Salon Prive", "Barneys"}
	for i := range n {
		fmt.Fprintf(&b, "S%04d,%s,%d,%s %s,%s,%d\n", 2100+i, areas[i%3], 6001500100+i*7919, firstNames[(i*5)%len(firstNames)], lastNames[(i*3)%len(lastNames)], tiers[i%5], 400+i*23)
	}
	return b.String()
}

// TestGoldenBonus plays a bonus jackpot's winner: the device and the
// hour's progress in the countdown, the envelopes, one opening; then Next
// draws the next winner.
func TestGoldenBonus(t *testing.T) {
	path := writeShow(t, map[string]string{"show.yaml": bonusShow, "raps.csv": raps(80)})
	r := openRig(t, path, testStart, nil)
	g := func(name string) { t.Helper(); r.shoot(name) }
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	g("36-bonus-countdown") // the team on its way to the device: no seconds run yet
	r.clk.Add(3 * time.Minute)
	for range 20 { // the stage ticks the engine: nothing is overdue
		r.update()
		r.settle()
	}
	if p := r.pick(); p.Outcome != show.Pending || !p.Deadline.IsZero() {
		t.Fatalf("three minutes on the way to the device: %s, deadline %v", p.Outcome, p.Deadline)
	}
	r.press(ebiten.KeyA)
	r.until("the team at the device", func() bool { return !r.s.work.busy && !r.pick().Deadline.IsZero() })
	if d := r.pick().Deadline.Sub(r.clk.Now()); d != 90*time.Second {
		t.Fatalf("%v to claim from the team's arrival, want 90s", d)
	}
	g("42-bonus-at-device")
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	r.press(ebiten.KeyPageDown)
	r.at("choose")
	r.faded()
	r.press(ebiten.KeyPageUp) // the highlight to the last envelope
	g("37-envelopes")
	r.clk.Add(freshPress)
	r.press(ebiten.KeyEscape)
	r.until("the envelope", func() bool { return !r.s.work.busy && r.pick().Choice != nil })
	if got := r.pick().Choice.Item; got != "5" {
		t.Fatalf("Esc on envelope 5 chose %s", got)
	}
	r.landed()
	g("38-envelope-open")
	if won, _, _ := r.seg().Hour(r.clk.Now()); won != 1 {
		t.Fatalf("%d winners this hour, want 1", won)
	}
	n := len(r.seg().Picks)
	r.press(ebiten.KeyPageDown) // the next winner
	r.until("the next pick", func() bool { return !r.s.work.busy && len(r.seg().Picks) == n+1 })
	if r.scene() != "reel" {
		t.Fatalf("Next after the envelope: phase %s, want reel", r.scene())
	}
}

// wildShow is a month-end draw of five bins, a finalist each, and a wild
// card of two finalists from them.
func wildShow() map[string]string {
	files := map[string]string{"show.yaml": `promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
segments:
  - id: me
    kind: month-end
    title: November Month-End
    winners: 1
    attendance: not-required
    tickets: points
    points_per_ticket: 100
    bins:
      - {at: "2026-11-29T14:00", entries: b1.csv}
      - {at: "2026-11-29T15:00", entries: b2.csv}
      - {at: "2026-11-29T16:00", entries: b3.csv}
      - {at: "2026-11-29T17:00", entries: b4.csv}
      - {at: "2026-11-29T18:00", entries: b5.csv}
  - id: wild
    kind: wild-card
    title: The Wild Card
    from: [me]
    winners: 2
    attendance: not-required
`}
	for i := 1; i <= 5; i++ {
		files[fmt.Sprintf("b%d.csv", i)] = pointsEntries(10 + i)
	}
	return files
}

// toWildCard draws the five month-end bins and stops at the wild card's
// number pick.
func (r *rig) toWildCard() {
	r.t.Helper()
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	for range 5 {
		r.press(ebiten.KeyPageDown)
		r.at("intro")
		r.drawAll(0)
		r.toNext()
	}
	if k := r.seg().Seg.Kind; k != show.KindWildCard {
		r.t.Fatalf("after the bins: %s", k)
	}
	r.press(ebiten.KeyPageDown)
	if r.scene() != "numbers" {
		r.t.Fatalf("Next at the wild card: phase %s, want numbers", r.scene())
	}
	r.faded()
}

// TestGoldenWildCard types a wild card's numbers drawn by hand: each
// number and Enter, a bin that is not one refused, then who typed them.
func TestGoldenWildCard(t *testing.T) {
	r := openRig(t, writeShow(t, wildShow()), testStart, nil)
	g := func(name string) { t.Helper(); r.shoot(name) }
	r.toWildCard()
	g("39-wild-card")

	r.typeKeys(digitKeys("4")...)
	r.press(ebiten.KeyEnter)
	r.typeKeys(digitKeys("7")...) // not a bin
	r.press(ebiten.KeyEnter)
	if !strings.Contains(r.s.host.message, "7 is not a bin") || len(r.s.mgr.cast.numbers.nums) != 1 {
		t.Fatalf("7: nums %v, message %q", r.s.mgr.cast.numbers.nums, r.s.host.message)
	}
	r.typeKeys(digitKeys("4")...) // chosen already
	r.press(ebiten.KeyEnter)
	r.typeKeys(digitKeys("2")...)
	r.press(ebiten.KeyEnter)
	if r.s.host.entry == nil || r.s.host.entry.kind != fieldNumbers {
		t.Fatalf("two numbers typed: nums %v, no field for who typed them", r.s.mgr.cast.numbers.nums)
	}
	r.in.PushFrame(Frame{Chars: []rune("Thandi Nkosi")})
	r.update()
	g("40-wild-typed")
	r.press(ebiten.KeyEnter)
	r.until("the numbers", func() bool { return !r.s.work.busy && r.seg().Numbers != nil })
	if n := r.seg().Numbers; n.By != "host" || n.Name != "Thandi Nkosi" || fmt.Sprint(n.Numbers) != "[4 2]" {
		t.Fatalf("numbers %+v", n)
	}
	r.landed()
	g("41-wild-numbers")

	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	if f := r.seg().Frozen; f == nil || f.From != "me-4" {
		t.Fatalf("the first wild-card draw froze %+v, want from me-4", f)
	}
}

// TestWildCardDrawnElectronically: Next at the number pick draws the
// numbers, as a fresh press only; they light up one by one, and Next goes
// on once they have.
func TestWildCardDrawnElectronically(t *testing.T) {
	r := openRig(t, writeShow(t, wildShow()), testStart, nil)
	r.toWildCard()
	r.s.host.guard = r.clk.Now().Add(freshPress)
	r.press(ebiten.KeyPageDown) // too soon
	r.settle()
	if r.seg().Numbers != nil {
		t.Fatal("a press too soon drew the numbers")
	}
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.until("the numbers", func() bool { return !r.s.work.busy && r.seg().Numbers != nil })
	if n := r.seg().Numbers; n.By != "engine" || len(n.Numbers) != 2 {
		t.Fatalf("numbers %+v", n)
	}
	r.press(ebiten.KeyPageDown) // still lighting up: no step
	r.settle()
	if r.scene() != "numbers" {
		t.Fatalf("Next while the numbers light up: phase %s", r.scene())
	}
	r.landed()
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	if id := r.seg().Seg.ID; id != "wild-1" {
		t.Fatalf("after the numbers: %s", id)
	}
}

// TestAutoplayFinale lets autoplay play each finale show by itself, a
// frame at a time on one screen as ebiten draws it: it must get through
// the choices, the tickets typed by hand and the wild card's numbers, and
// at each change of scene the screen painted a part at a time must be
// the whole frame. The show clock stands still while the worker commits
// (waitIdle), so the show goes the same way on any machine, and "stuck"
// is a count of frames, not a time.
func TestAutoplayFinale(t *testing.T) {
	const maxFrames = 10000 // each show takes the same count on every machine, 1 114 at most today
	for _, c := range []struct {
		name  string
		files map[string]string
		done  func(*show.State) bool
	}{
		{"royal-flush", royalFiles(), func(st *show.State) bool { return st.Closed }},
		{"chest", map[string]string{"show.yaml": chestShow, "chest.csv": pointsEntries(60)}, func(st *show.State) bool { return st.Closed }},
		{"wild-card", wildShow(), func(st *show.State) bool { return st.Closed }},
		{"bonus", map[string]string{"show.yaml": bonusShow, "raps.csv": raps(80)}, func(st *show.State) bool {
			return len(st.Segs[0].Taken()) > 0 || st.Segs[0].Winners() >= 3 // a bonus night is long: three winners will do
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := openRig(t, writeShow(t, c.files), testStart, func(o *Options) { o.Autoplay = true })
			sr := (&screenRig{every: 250 * time.Millisecond}).on(r)
			last := sr.scene()
			scenes := map[string]bool{}
			frames := 0
			frame := func() {
				sr.waitIdle()
				sr.tick()
				frames++
			}
			for !c.done(sr.s.view.st) {
				if frames > maxFrames {
					t.Fatalf("autoplay stuck after %d frames: phase %s, segment %s, message %q, scenes %v", frames, sr.scene(), sr.seg().Seg.ID, sr.s.host.message, scenes)
				}
				if p := sr.seg().Last(); sr.scene() == "countdown" && p != nil && p.Outcome == show.Pending && p.Deadline.Sub(sr.clk.Now()) > 3*time.Second {
					sr.clk.Set(p.Deadline.Add(-3 * time.Second)) // a no-show's long wait, in one step
				}
				frame()
				if p := sr.scene(); p != last {
					if !scenes[p] {
						for end := sr.clk.Now().Add(time.Second); sr.clk.Now().Before(end); {
							frame() // faded in
						}
						sr.same(c.name + " " + p)
					}
					last, scenes[p] = p, true
				}
			}
			t.Logf("%d frames", frames)
			want := "choose"
			if c.name == "wild-card" {
				want = "numbers"
			}
			if !scenes[want] {
				t.Errorf("autoplay never reached %s: %v", want, scenes)
			}
		})
	}
}

// TestResumeAtTheTable restarts the stage while the winners choose their
// cards: it comes back at the table, the same winner to choose, the card
// turned before face up and still, nothing turning again.
func TestResumeAtTheTable(t *testing.T) {
	r := newRoyalRig(t)
	r.toCards(func(string) {})
	r.clk.Add(freshPress)
	r.press(ebiten.KeyF5)
	r.until("the card", func() bool { return !r.s.work.busy && len(r.seg().Taken()) == 1 })
	r.landed()
	want := r.seg().Chooser().K
	r.s.Close()

	r2 := openRig(t, r.sh.Path, r.clk.Now(), func(o *Options) { o.Resumed = true })
	if r2.scene() != "choose" {
		t.Fatalf("resumed at %s, want the table", r2.scene())
	}
	if c := r2.seg().Chooser(); c == nil || c.K != want {
		t.Fatalf("resumed chooser %v, want pick %d", c, want)
	}
	if r2.s.turning(r2.clk.Now()) || r2.s.mgr.cast.choose.at != 1 {
		t.Fatalf("resumed: turning %v, highlight %d (want K: A is taken)", r2.s.turning(r2.clk.Now()), r2.s.mgr.cast.choose.at)
	}
	r2.clk.Add(freshPress)
	r2.press(ebiten.KeyF5)
	r2.until("the next card", func() bool { return !r2.s.work.busy && len(r2.seg().Taken()) == 2 })
}
