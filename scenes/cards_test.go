package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestGoldenRoyalFlush plays a Royal Flush night to its golden frames:
// the ticket typed from a physical bin, the finalists, the table, a card
// turning over, the cards taken.
func TestGoldenRoyalFlush(t *testing.T) {
	r := newRoyalRig(t)
	g := func(name string) { t.Helper(); r.shoot(name) }
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
	r.at("board")
	r.faded()
	r.until("the chain head", func() bool { return r.s.cast.board.anchor != "" })
	// the run's own head changes with its folder: the README's in its place
	r.s.cast.board.anchor = "record 41 · f97a a653 4016 057a"
	g("30-flush-board")
}
