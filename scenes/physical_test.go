package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// Cards on a table: choosing a card asks the host, off air, what it
// turned over; the record keeps what was typed.
func TestPhysicalCardsOnStage(t *testing.T) {
	files := royalFiles()
	files["show.yaml"] = strings.Replace(files["show.yaml"], "    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]", "    cards: physical\n    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]", 1)
	var ctl Controls
	r := openRig(t, writeShow(t, files), testStart, func(o *Options) { o.OnControls = func(d Controls) { ctl = d } })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.toCards(func(string) {})
	if r.seg().Seg.Cards != show.CardsPhysical {
		t.Fatal("the show's Royal Flush is not physical")
	}
	clean := r.frame()
	r.clk.Add(freshPress)
	r.press(ebiten.KeyF5) // A
	if r.s.host.entry == nil || r.s.host.entry.kind != fieldPrize || ctl.Field == nil || ctl.Field.Kind != "prize" || !strings.Contains(ctl.Field.Label, "1 R250 000") {
		t.Fatalf("choosing a physical card: entry %+v, ctl field %+v", r.s.host.entry, ctl.Field)
	}
	if d := diff(clean, r.frame()); d.over != 0 {
		t.Errorf("the question reached the big screen: %s", d)
	}
	r.in.PushFrame(Frame{Chars: []rune("R50 000")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.until("the card", func() bool { return !r.s.work.busy && len(r.seg().Taken()) == 1 })
	if c := r.seg().Picks[0].Choice; c == nil || c.Item != "A" || c.Prize != "R50 000" || c.By != "host" {
		t.Errorf("the first choice %+v, want A turning over R50 000 as the host typed", c)
	}
	// the console's line gives both at once: K turned over the first prize left
	r.landed()
	r.clk.Add(freshPress)
	if err := r.s.Act("choose K 1"); err != nil {
		t.Fatal(err)
	}
	r.until("the second card", func() bool { r.update(); return !r.s.work.busy && len(r.seg().Taken()) == 2 })
	if c := r.seg().Picks[1].Choice; c == nil || c.Item != "K" || c.Prize != "R250 000" {
		t.Errorf("the console's choice %+v, want K turning over R250 000", c)
	}
}

// A bonus night whose sessions end with winners missing: the host is told
// in plain words, the stage goes to the board, and Next goes on.
func TestBonusSessionsEndOnStage(t *testing.T) {
	path := writeShow(t, map[string]string{"show.yaml": bonusShow, "raps.csv": raps(80)})
	r := openRig(t, path, testStart, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyC) // found playing at the device
	r.decided(show.Claimed)
	r.press(ebiten.KeyPageDown)
	r.at("choose")
	r.faded()
	r.clk.Add(freshPress)
	r.press(ebiten.KeyEscape)
	r.until("the envelope", func() bool { return !r.s.work.busy && r.pick().Choice != nil })
	r.landed()
	r.clk.Set(time.Date(2026, 12, 5, 23, 0, 1, 0, time.FixedZone("SAST", 2*3600)))
	r.until("the end of the sessions", func() bool { r.settle(); return r.seg().Ended != nil })
	r.until("the board", func() bool { return r.scene() == "board" })
	if !strings.Contains(r.s.host.message, "This draw has ended: its sessions ended at 23:00 with 1 of 30 winners") {
		t.Errorf("the host was told %q", r.s.host.message)
	}
	var hours int
	for _, e := range r.events() {
		if e.Kind == show.HourEnded {
			hours++
		}
	}
	if hours != 2 {
		t.Errorf("%d short hours recorded, want 21:00 and 22:00", hours)
	}
}
