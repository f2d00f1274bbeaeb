package scenes

import (
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
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
	r.until("the card", func() bool { return !r.s.work.busy && len(r.seg().Taken()) == 1 })
	if got := r.seg().Taken(); got[0] != "K" {
		t.Fatalf("F5 on K chose %v", got)
	}
	r.clk.Set(r.s.air.turn.at.Add(flipTime * 3 / 10)) // the back, narrowing: no prize yet
	r.update()
	k := r.seg().Picks[r.s.air.turn.ks[0]]
	if r.s.choiceOf(r.seg(), &k, r.clk.Now()) != nil {
		t.Fatal("the prize shows before the card has turned")
	}
	g("27-card-turning")
	r.clk.Set(r.s.air.turn.at.Add(flipTime * 6 / 10)) // over the edge: the face, a light running over it
	r.update()
	g("27-card-turning-face")
	r.landed()
	g("28-card-turned")
	t.Logf("gold beside K: %.1f", burstAround(r, 1))
	if got := burstAround(r, 1); got > 2 {
		t.Errorf("the top prize's burst shows behind K (R25 000): gold %.1f beside it", got)
	}

	// the rest by number: Q is the third card, 10 by its rank (the top prize)
	for _, typed := range []string{"3", "10", "1", "4"} {
		r.typeKeys(digitKeys(typed)...)
		r.press(ebiten.KeyEnter)
		r.landed()
		if typed == "10" {
			if top := r.s.topCard(r.seg()); top != "10" {
				t.Fatalf("the top prize is behind %q, want 10", top)
			}
			g("28-top-prize")
			t.Logf("gold beside 10: %.1f", burstAround(r, 4))
			if got := burstAround(r, 4); got < 8 {
				t.Errorf("no burst behind the top prize's card: gold %.1f beside it, want 8 or more", got)
			}
		}
	}
	if !r.seg().Done() {
		t.Fatalf("after five cards: taken %v, done %v", r.seg().Taken(), r.seg().Done())
	}
	g("29-cards-done")
	r.toBoard()
	g("30-flush-board")
}

// burstAround is how gold the felt is beside card i (its place on the
// table) in the rig's frame: the mean of green over blue in the strip of
// felt above it, under the chooser's line, where no card, text or shadow
// falls (a card the highlight is on is lifted into it: not one taken). The felt's brand red has
// none; the top prize's burst, gold, has much.
func burstAround(r *rig, i int) float64 {
	r.t.Helper()
	img := r.frame()
	tb := tableOf(&Canvas{W: float64(img.Bounds().Dx()), K: 1})
	x := tb.cx(i)
	box := image.Rect(int(x-tb.cw/3), int(tb.top-40), int(x+tb.cw/3), int(tb.top-8))
	var sum, n float64
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			c := img.RGBAAt(x, y)
			sum += max(0, float64(c.G)-float64(c.B))
			n++
		}
	}
	return sum / n
}

// TestTurnOverTheTableStill checks that a card's turn, each frame put back
// from the still of the table at rest rather than painted whole, leaves
// the screen a whole frame to the last bit: in its first frames, on its
// way and once it has landed; and so do the table's frames between turns,
// put back from the felt's still.
func TestTurnOverTheTableStill(t *testing.T) {
	r := openRig(t, writeShow(t, royalFiles()), testStart, func(o *Options) { o.Autoplay = true })
	sr := (&screenRig{every: 50 * time.Millisecond}).on(r)
	turns, in, was, compared := 0, 0, false, 0
	for frames := 0; turns < 2; frames++ {
		if frames > 20000 {
			t.Fatalf("autoplay stuck after %d frames: phase %s", frames, sr.scene())
		}
		if p := sr.seg().Last(); sr.scene() == "countdown" && p != nil && p.Outcome == show.Pending && p.Deadline.Sub(sr.clk.Now()) > 3*time.Second {
			sr.clk.Set(p.Deadline.Add(-3 * time.Second))
		}
		sr.waitIdle()
		sr.tick()
		turning := sr.scene() == "choose" && sr.s.turning(sr.clk.Now())
		switch {
		case turning && (in < 2 || in%4 == 0):
			sr.same(fmt.Sprintf("turn %d, frame %d", turns+1, in+1))
			compared++
		case !turning && was:
			sr.same(fmt.Sprintf("turn %d, landed", turns+1))
			turns++
		case sr.scene() == "choose" && frames%5 == 0:
			sr.same(fmt.Sprintf("the table, frame %d", frames)) // over the felt's still: the highlight moving
		}
		if turning {
			in++
		} else {
			in = 0
		}
		was = turning
	}
	if compared < 6 {
		t.Errorf("%d frames of two turns compared", compared)
	}
}
