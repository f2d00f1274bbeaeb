package scenes

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// TestGoldenChest plays a jackpot chest at R60 000: the jackpot in the
// attract loop, the chest, a ball rolling out and opening to its
// consolation (no jackpot moment), the jackpot ball and its moment (3 s
// in, the amount counting under the coins; 9 s in, counted, and everyone
// else's consolation), and the table after it, the rest paid their
// consolation. Every frame is laid out at each aspect (shoot).
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

	r.toChest()
	r.press(ebiten.KeyPageDown) // the highlight to ball 02
	g("32-chest")

	jp := show.JackpotBall(show.Key(testSeed, ""), "chest", 20)
	other := "07"
	if jp == other {
		other = "08"
	}
	r.typeKeys(digitKeys(other)...)
	r.press(ebiten.KeyEnter)
	r.until("the ball", func() bool { return !r.s.work.busy && len(r.seg().Taken()) == 1 })
	r.clk.Set(r.s.air.turn.at.Add(time.Duration(float64(rollTime) * openAt * 0.6))) // rolling out, still closed
	r.update()
	k := r.seg().Picks[r.s.air.turn.ks[0]]
	if r.s.choiceOf(r.seg(), &k, r.clk.Now()) != nil {
		t.Fatal("the ball's prize shows before it opens")
	}
	g("33-ball-rolling")
	r.landed()
	g("34-ball-consolation")
	r.clk.Set(r.s.air.turn.at.Add(3 * time.Second))
	r.update()
	if m := r.moment(); m.on || r.s.mgr.cast.choose.jackpotMoving(r.s, r.clk.Now()) {
		t.Fatalf("a consolation ball has a jackpot moment: %+v", m)
	}

	r.clk.Add(freshPress)
	r.typeKeys(digitKeys(jp)...)
	r.press(ebiten.KeyEnter)
	r.until("the jackpot", func() bool { return !r.s.work.busy && r.seg().Settled != nil })
	if !r.seg().Settled.Won || !r.seg().Done() {
		t.Fatalf("settled %+v, done %v", r.seg().Settled, r.seg().Done())
	}
	ball := r.s.air.turn.at
	r.clk.Set(ball.Add(3 * time.Second)) // the count under way, the coins flying
	r.update()
	m := r.moment()
	if !m.on || m.alpha < 1 || m.winner == "" || m.amount <= 0 || m.amount >= 60000 || m.whole != 60000 || m.everyone != "" {
		t.Fatalf("the jackpot ball + 3 s: %+v, want JACKPOT! on air, the amount counting to R60 000", m)
	}
	if !r.s.moving(r.clk.Now()) {
		t.Fatal("the jackpot's moment is not painted as it moves")
	}
	g("35b-jackpot-moment")
	r.clk.Set(ball.Add(9 * time.Second)) // counted, and the rest's consolation
	r.update()
	if m := r.moment(); !m.on || !m.counted() || m.everyone != "Everyone else: R2\u202f000 each" {
		t.Fatalf("the jackpot ball + 9 s: %+v, want the whole jackpot and everyone else's R2 000", m)
	}
	g("35c-jackpot-everyone")
	r.clk.Set(ball.Add(jackpotFrom + jackpotTime + jackpotHold))
	r.update()
	if m := r.moment(); m.on || r.s.moving(r.clk.Now()) {
		t.Fatalf("after the jackpot's moment: %+v, moving %v", m, r.s.moving(r.clk.Now()))
	}
	g("35-jackpot-won")
	r.press(ebiten.KeyPageDown)
	r.at("board")
}

// moment is the jackpot's moment on stage now.
func (r *rig) moment() jackpotMoment {
	return r.s.mgr.cast.choose.jackpotAt(r.s, r.seg(), r.clk.Now())
}

// TestJackpotMomentNext: the host is never held by the jackpot's moment:
// Next in the middle of it goes on to the board, as it does once the ball
// has landed.
func TestJackpotMomentNext(t *testing.T) {
	path := writeShow(t, map[string]string{"show.yaml": chestShow, "chest.csv": pointsEntries(60)})
	r := openRig(t, path, testStart, nil)
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.toChest()
	r.clk.Add(freshPress)
	r.typeKeys(digitKeys(show.JackpotBall(show.Key(testSeed, ""), "chest", 20))...)
	r.press(ebiten.KeyEnter)
	r.until("the jackpot", func() bool { return !r.s.work.busy && r.seg().Settled != nil })
	r.press(ebiten.KeyPageDown) // rolling out: the ball's, not the host's
	r.settle()
	if r.scene() != "choose" {
		t.Fatalf("Next while the ball rolls: phase %s", r.scene())
	}
	r.clk.Set(r.s.air.turn.at.Add(jackpotFrom + 2*time.Second))
	r.update()
	if !r.moment().on {
		t.Fatal("no jackpot moment")
	}
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

// toChest draws the chest's winners from the attract loop, every one
// claimed, and goes on to the chest.
func (r *rig) toChest() {
	r.t.Helper()
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.drawAll(ebiten.KeyC)
	r.press(ebiten.KeyPageDown)
	r.at("choose")
	r.faded()
}
