package scenes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
    from: [qualifier]
    winners: 5
    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]
`

// newRoyalRig opens the Royal Flush night past its opening screen.
func newRoyalRig(t *testing.T) *rig {
	t.Helper()
	path := writeShow(t, map[string]string{"show.yaml": royalShow, "entries.csv": drawEntries(40)})
	r := openRig(t, path, testStart, nil)
	r.press(ebiten.KeyPageDown)
	r.at(phaseAttract)
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
		r.until("the outcome", func() bool { return !r.s.busy && r.pick().Outcome != show.Pending })
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
	r.at(phaseAttract)
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
	r.at(phaseIntro)
	r.drawAll(0)
	r.toNext()

	// the manual bin: a ticket not in the bin is refused, the host bar says why
	r.press(ebiten.KeyPageDown)
	r.at(phaseIntro)
	r.typeKeys(digitKeys("999")...)
	r.press(ebiten.KeyEnter)
	r.settle()
	if !strings.Contains(r.s.message, `"999" is not in the frozen bin`) {
		r.t.Fatalf("a ticket not in the bin: message %q", r.s.message)
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
	r.at(phaseReveal)
	if p := r.pick(); p.Ticket != receipt || p.By != "manual" {
		r.t.Fatalf("typed %s: pick %+v", printed, p.PickRef)
	}
	r.countdown()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	r.toNext()

	// the finale: the finalists, five winners, then the cards
	r.press(ebiten.KeyPageDown)
	r.at(phaseIntro)
	r.faded()
	g("25-finalists")
	r.drawAll(ebiten.KeyC)
	r.press(ebiten.KeyPageDown)
	r.at(phaseChoose)
	r.faded()
}

// TestGoldenRoyalFlush plays a Royal Flush night to its golden frames:
// the ticket typed from a physical bin, the finalists, the table, a card
// turning over, the cards taken.
func TestGoldenRoyalFlush(t *testing.T) {
	r := newRoyalRig(t)
	g := func(name string) { t.Helper(); golden(t, name, r.frame()) }
	r.toCards(g)
	seg := r.seg()
	if c := seg.Chooser(); c == nil || r.s.maskName(c.Participant) == "" {
		t.Fatal("no chooser at the table")
	}
	r.press(ebiten.KeyPageDown) // the highlight to K
	g("26-cards")

	r.clk.Add(freshPress)
	r.press(ebiten.KeyF5)
	r.until("the card", func() bool { return !r.s.busy && len(r.seg().Taken()) == 1 })
	if got := r.seg().Taken(); got[0] != "K" {
		t.Fatalf("F5 on K chose %v", got)
	}
	r.clk.Set(r.s.turn.at.Add(flipTime * 3 / 10)) // the back, narrowing: no prize yet
	r.update()
	k := r.seg().Picks[r.s.turn.ks[0]]
	if r.s.choiceOf(r.seg(), &k, r.clk.Now()) != nil {
		t.Fatal("the prize shows before the card has turned")
	}
	g("27-card-turning")
	r.landed()
	g("28-card-turned")

	// the rest by number: Q is the third card, 10 by its rank
	for _, typed := range []string{"3", "10", "1", "4"} {
		r.typeKeys(digitKeys(typed)...)
		r.press(ebiten.KeyEnter)
		r.landed()
	}
	if !r.seg().Done() {
		t.Fatalf("after five cards: taken %v, done %v", r.seg().Taken(), r.seg().Done())
	}
	g("29-cards-done")
	r.press(ebiten.KeyPageDown)
	r.at(phaseBoard)
	r.faded()
	g("30-flush-board")
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

	if r.s.at != 0 {
		t.Fatalf("the table opens on card %d, want A", r.s.at)
	}
	c.prev() // wraps to 10
	if r.s.at != 4 {
		t.Fatalf("Prev from A: card %d, want 10", r.s.at)
	}
	c.next() // back to A
	c.next() // K
	r.s.guard = r.clk.Now().Add(freshPress)
	c.context() // too soon: a fresh press only
	r.settle()
	if chosen() != 0 {
		t.Fatal("F5 chose before a fresh press")
	}
	r.clk.Add(freshPress)
	c.context() // Esc now: the clicker's button sends F5 and Esc in turn
	r.until("the card", func() bool { return !r.s.busy && chosen() == 1 })
	if got := r.seg().Taken()[0]; got != "K" {
		t.Fatalf("chose %s, want K", got)
	}
	// while K turns over, nothing is chosen
	c.context()
	r.typeKeys(digitKeys("1")...)
	r.press(ebiten.KeyEnter)
	r.settle()
	if chosen() != 1 || len(r.s.digits) != 0 {
		t.Fatalf("while turning: %d chosen, digits %q", chosen(), string(r.s.digits))
	}
	r.landed()
	// the highlight skips K, out of play
	if r.s.at != 2 {
		t.Fatalf("after K: highlight on %d, want Q", r.s.at)
	}
	c.prev()
	if r.s.at != 0 {
		t.Fatalf("Prev from Q skips K: highlight on %d, want A", r.s.at)
	}
	// digits: Backspace erases, Esc clears, a taken card is refused
	r.typeKeys(digitKeys("27")...)
	r.press(ebiten.KeyBackspace)
	if string(r.s.digits) != "2" {
		t.Fatalf("typed 2 7 Backspace: %q", string(r.s.digits))
	}
	r.press(ebiten.KeyEscape)
	if len(r.s.digits) != 0 || chosen() != 1 {
		t.Fatalf("Esc: digits %q, chosen %d", string(r.s.digits), chosen())
	}
	r.typeKeys(ebiten.KeyNumpad2, ebiten.KeyNumpadEnter) // K, by its place
	r.settle()
	if chosen() != 1 || !strings.Contains(r.s.message, "chosen already") {
		t.Fatalf("K again: chosen %d, message %q", chosen(), r.s.message)
	}
	// a held key chooses once: F5 twice in two frames
	r.clk.Add(freshPress)
	r.in.Push(ebiten.KeyF5)
	r.in.Push(ebiten.KeyF5)
	r.update()
	r.update()
	r.until("the card", func() bool { return !r.s.busy && chosen() == 2 })
	r.landed()
	if chosen() != 2 {
		t.Fatalf("F5, F5: %d chosen, want 2", chosen())
	}
	// the rest with the clicker only, then on to the board
	for !r.seg().Done() {
		c.context()
		r.until("the card", func() bool { return !r.s.busy })
		r.landed()
	}
	c.next()
	r.at(phaseBoard)
	if evs := r.events(); len(evs) == 0 || evs[len(evs)-1].Kind != show.PrizeChosen {
		t.Fatalf("last event %v", evs[len(evs)-1].Kind)
	}
}
