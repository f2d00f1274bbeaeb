package show

import (
	"fmt"
	"slices"
	"testing"
)

// eachDrawChest is a chest of five balls under witness: each-draw, its
// bin frozen, the draw witness given and every winner claimed.
func eachDrawChest(t *testing.T, seed uint64) *rig {
	t.Helper()
	sh := chestShow(t, true, false)
	sh.Witness = WitnessEachDraw
	r := newRig(t, sh, memRows{"chest": pointsRows("c", 40)}, seedOf(seed))
	r.eng.SetJackpot("summer-chest", 60000)
	r.do(Command{Op: OpFreeze})
	r.do(Command{Op: OpWitness, Text: "3 6"})
	r.claimAll()
	return r
}

// TestChoiceDecidedAfterTheChoice: under each-draw a ball's outcome is
// decided only by the witness typed after it was chosen: the choice is
// recorded with nothing derived, no second choice nor an empty witness
// is taken meanwhile, and the outcome is the one ChoiceKey and Uniform
// give over the balls not yet chosen. The journal folds back.
func TestChoiceDecidedAfterTheChoice(t *testing.T) {
	r := eachDrawChest(t, 11)
	seg := r.cur()
	r.do(Command{Op: OpChoose, Text: "03"})
	if last := r.evs[len(r.evs)-1]; last.Kind != ItemChosen || last.Choice.Item != "03" || last.Choice.Prize != "" || seg.Picks[0].Choice != nil {
		t.Fatalf("the choice: %+v", last)
	}
	r.refused(Command{Op: OpChoose, Text: "04"}, "03 is chosen; what it hides waits for the choice witness")
	r.refused(Command{Op: OpWitness, Text: "  "}, "the choice witness is empty")
	r.do(Command{Op: OpWitness, Text: "2 5"})
	c := r.cur().Picks[0].Choice
	kd := DrawKey(Key(r.seed, ""), "chest", "3 6")
	balls := Numbered(5, 2)
	won := balls[Uniform(ChoiceKey(kd, "chest", 0, "03", "2 5"), ChoiceLabel("chest", 0, "03"), 5)] == "03"
	if c == nil || c.Item != "03" || c.Witness != "2 5" || c.Jackpot != won || c.By != "host" {
		t.Fatalf("the outcome %+v, want jackpot %v", c, won)
	}
	for r.cur().Chooser() != nil {
		taken := r.cur().Taken()
		i := slices.IndexFunc(balls, func(b string) bool { return !slices.Contains(taken, b) })
		r.do(Command{Op: OpChoose, Text: balls[i]})
		r.do(Command{Op: OpWitness, Text: "1 1"})
	}
	if s := r.cur().Settled; s == nil {
		t.Fatal("the chest is not settled")
	}
	r.replayed()
}

// TestChoiceAfterKeepsTheDevicesOdds: the first winner of a five-ball
// chest chooses ball 01; over 2 000 choice witnesses it is the jackpot
// about one time in five, as a physical chest's first ball is. (Every
// outcome is derived: the count is the same on every run.)
func TestChoiceAfterKeepsTheDevicesOdds(t *testing.T) {
	kd := DrawKey(Key(seedOf(3), ""), "chest", "3 6")
	wins := 0
	for i := range 2000 {
		w := fmt.Sprint(i)
		if Uniform(ChoiceKey(kd, "chest", 0, "01", w), ChoiceLabel("chest", 0, "01"), 5) == 0 {
			wins++
		}
	}
	if wins < 340 || wins > 460 { // 400 ± 3 standard deviations
		t.Fatalf("ball 01 was the jackpot %d times in 2 000, want about 400", wins)
	}
}

// TestChoiceAfterVector is the worked example of docs/algorithm.md: an
// independent implementation reproduces K_c and the outcome from it.
func TestChoiceAfterVector(t *testing.T) {
	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i)
	}
	kd := DrawKey(Key(seed, "auditor"), "chest", "3 6")
	kc := ChoiceKey(kd, "chest", 0, "03", "2 5")
	i := Uniform(kc, ChoiceLabel("chest", 0, "03"), 5)
	got := fmt.Sprintf("K_d %x\nK_c %x\nindex %d", kd, kc, i)
	want := choiceVector
	if got != want {
		t.Fatalf("the vector:\n%s\nwant\n%s", got, want)
	}
}

const choiceVector = `K_d bd5636084f9715478f5db48072ea651c4e8d4925d5a8dfe5fdd1ad9d5cd42c2a
K_c c03e04da0b7e017212e46ef7f5e935a5df75ec3e5d5b5bc190cf3fc865e88911
index 4`
