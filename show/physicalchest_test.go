package show

import (
	"strings"
	"testing"
)

// A physical chest (balls: physical): the host records what each ball
// showed, jackpot or consolation, as the cards: physical Royal Flush
// records what each card turned over. Nothing is derived from the key;
// the last ball in a chest whose jackpot has not shown is the jackpot;
// the journal folds back to the same state.
func TestPhysicalChest(t *testing.T) {
	sh := finaleShow(t, `
  - id: chest
    kind: jackpot-chest
    entries: chest.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    balls: physical
    jackpot: {name: summer-chest, guaranteed: true}
`)
	if sh.Segments[0].Cards != CardsPhysical {
		t.Fatalf("balls: physical read as %q", sh.Segments[0].Cards)
	}
	r := newRig(t, sh, memRows{"chest": pointsRows("c", 40)}, seedOf(7))
	r.eng.SetJackpot("summer-chest", 60000)
	r.claimAll()
	r.refused(Command{Op: OpChoose, Text: "01"}, "the balls are in the chest: say what ball 01 showed (choose 01 jackpot, or choose 01 consolation)")
	r.refused(Command{Op: OpChoose, Text: "01", Prize: "a car"}, `"a car" is not what a ball shows: jackpot R60`)
	for _, b := range []string{"01", "02", "03", "04"} {
		r.do(Command{Op: OpChoose, Text: b, Prize: "consolation"})
	}
	// five balls, one the jackpot's: the last cannot be a consolation
	r.refused(Command{Op: OpChoose, Text: "05", Prize: "2"}, "ball 05 is the last in the chest, and the chest's jackpot ball has not shown: it is the jackpot")
	r.do(Command{Op: OpChoose, Text: "05", Prize: "Jackpot"})
	seg := r.cur()
	if c := seg.Picks[4].Choice; c == nil || !c.Jackpot || c.Amount != 60000 || c.Item != "05" || c.By != "host" {
		t.Fatalf("the last choice %+v", c)
	}
	if s := seg.Settled; s == nil || !s.Won || s.Value != 60000 {
		t.Fatalf("settled %+v", seg.Settled)
	}
	var said []string
	sh.Segments[0].kind().report(sh, seg, [32]byte{}, true, func(k, v string) { said = append(said, k+": "+v) })
	if all := strings.Join(said, "\n"); !strings.Contains(all, "Jackpot ball: a physical chest: the host recorded what each ball showed") {
		t.Errorf("the report says:\n%s", all)
	}
	if d := sh.Segments[0].kind().smallDraws(sh, seg, [32]byte{}); d != nil {
		t.Errorf("a physical chest's small draws: %+v", d)
	}
	r.replayed()
}
