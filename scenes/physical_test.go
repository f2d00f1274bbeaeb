package scenes

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// Cards on a table: choosing a card asks the host, off air, what it
// turned over; the record keeps what was typed.
func TestPhysicalCardsOnStage(t *testing.T) {
	files := royalFiles()
	files["show.yaml"] = strings.Replace(files["show.yaml"], "    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]", "    cards: physical\n    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]", 1)
	var desk Desk
	r := openRig(t, writeShow(t, files), testStart, func(o *Options) { o.OnDesk = func(d Desk) { desk = d } })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.toCards(func(string) {})
	if r.seg().Seg.Cards != show.CardsPhysical {
		t.Fatal("the show's Royal Flush is not physical")
	}
	clean := r.frame()
	r.clk.Add(freshPress)
	r.press(ebiten.KeyF5) // A
	if r.s.entry == nil || !r.s.entry.prize || desk.Field == nil || desk.Field.Kind != "prize" || !strings.Contains(desk.Field.Label, "1 R250 000") {
		t.Fatalf("choosing a physical card: entry %+v, desk field %+v", r.s.entry, desk.Field)
	}
	if d := diff(clean, r.frame()); d.over != 0 {
		t.Errorf("the question reached the big screen: %s", d)
	}
	r.in.PushFrame(Frame{Chars: []rune("R50 000")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the card", func() bool { return !r.s.busy && len(r.seg().Taken()) == 1 })
	if c := r.seg().Picks[0].Choice; c == nil || c.Item != "A" || c.Prize != "R50 000" || c.By != "host" {
		t.Errorf("the first choice %+v, want A turning over R50 000 as the host typed", c)
	}
}
