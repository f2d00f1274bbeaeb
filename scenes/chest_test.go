package scenes

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// TestGoldenChest plays a jackpot chest at R60 000: the jackpot in the
// attract loop, the chest, a ball rolling out and opening to its
// consolation, the jackpot ball, and the rest paid their consolation.
func TestGoldenChest(t *testing.T) {
	path := writeShow(t, map[string]string{"show.yaml": chestShow, "chest.csv": pointsEntries(60)})
	r := openRig(t, path, testStart, func(o *Options) {
		o.Backend.(sessionBackend).ss.Eng.SetJackpot("test-chest", 60000) // two Sundays not won
	})
	g := func(name string) { t.Helper(); r.shoot(name) }
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.clk.Add(attractPanel) // the loop's second page: the jackpot
	r.update()
	r.faded()
	g("31-attract-jackpot")

	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.drawAll(ebiten.KeyC)
	r.press(ebiten.KeyPageDown)
	r.at("choose")
	r.faded()
	r.press(ebiten.KeyPageDown) // the highlight to ball 02
	g("32-chest")

	jp := show.JackpotBall(show.Key(testSeed, ""), "chest", 20)
	other := "07"
	if jp == other {
		other = "08"
	}
	r.typeKeys(digitKeys(other)...)
	r.press(ebiten.KeyEnter)
	r.until("the ball", func() bool { return !r.s.busy && len(r.seg().Taken()) == 1 })
	r.clk.Set(r.s.turn.at.Add(time.Duration(float64(rollTime) * openAt * 0.6))) // rolling out, still closed
	r.update()
	k := r.seg().Picks[r.s.turn.ks[0]]
	if r.s.choiceOf(r.seg(), &k, r.clk.Now()) != nil {
		t.Fatal("the ball's prize shows before it opens")
	}
	g("33-ball-rolling")
	r.landed()
	g("34-ball-consolation")

	r.typeKeys(digitKeys(jp)...)
	r.press(ebiten.KeyEnter)
	r.until("the jackpot", func() bool { return !r.s.busy && r.seg().Settled != nil })
	if !r.seg().Settled.Won || !r.seg().Done() {
		t.Fatalf("settled %+v, done %v", r.seg().Settled, r.seg().Done())
	}
	r.landed()
	g("35-jackpot-won")
	r.press(ebiten.KeyPageDown)
	r.at("board")
}

const bonusShow = `promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
segments:
  - id: bonus
    kind: bonus-jackpot
    title: Wednesday Bonus Jackpot
    at: "2026-12-05T21:00"
    entries: raps.csv
    tiers: [ace, king, queen]
    min_spend: {ace: 600, king: 600, queen: 200}
    windows: ["2026-12-05 21:00-23:00"]
    per_hour: 15
    envelopes: ["R1 000", "R1 500", "R2 000", "R3 000", "R5 000"]
`

// raps is a bonus jackpot's list of active players: device, area, card.
