package show

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// Physical Royal Flush cards: the host records what each turned card
// revealed; each prize is shown once, and the key maps nothing.
func TestPhysicalCards(t *testing.T) {
	sh := finaleShow(t, `
  - id: finale
    kind: royal-flush
    entries: finalists.csv
    winners: 5
    cards: physical
    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]
`)
	src := memRows{"finale": oneEach(cardsN(25)...)}
	r := newRig(t, sh, src, seedOf(91))
	r.claimAll()
	r.refused(Command{Op: OpChoose, Text: "Q"}, "say what Q turned over")
	r.refused(Command{Op: OpChoose, Text: "Q", Prize: "R1 000 000"}, "is not a prize still behind a card")
	r.do(Command{Op: OpChoose, Text: "Q", Prize: "r25000"}) // as typed in a hurry
	r.refused(Command{Op: OpChoose, Text: "K", Prize: "R25 000"}, "is not a prize still behind a card")
	r.do(Command{Op: OpChoose, Text: "K", Prize: "1"}) // the first of those left: R250 000
	for _, it := range []string{"A", "J", "10"} {
		r.do(Command{Op: OpChoose, Text: it, Prize: "1"})
	}
	var got []string
	for _, p := range r.cur().Picks {
		if p.Choice != nil {
			got = append(got, p.Choice.Item+"="+p.Choice.Prize)
		}
	}
	if want := []string{"Q=R25 000", "K=R250 000", "A=R100 000", "J=R50 000", "10=R10 000"}; !slices.Equal(got, want) {
		t.Errorf("turned %v, want %v", got, want)
	}
	r.replayed()
	// with no seed, an export's replay takes them as the host recorded them
	if err := NewEngine(sh, src, time.Now).Replay(journal(t, r.evs)); err != nil {
		t.Errorf("replay without the seed: %v", err)
	}

	// electronic cards take no prize from the host
	e := royalRig(t, 92)
	e.claimAll()
	e.refused(Command{Op: OpChoose, Text: "Q", Prize: "R25 000"}, "the cards are electronic")
}

func TestPhysicalCardsParse(t *testing.T) {
	c, ok, err := ParseAction("choose Q R25 000")
	if err != nil || !ok || c.Text != "Q" || c.Prize != "R25 000" {
		t.Errorf("choose Q R25 000: %+v %v %v", c, ok, err)
	}
	_, err = Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: f, kind: royal-flush, entries: f.csv, cards: paper, prizes: [a, b, c, d, e]}\n"))
	if err == nil || !strings.Contains(err.Error(), `cards "paper" is unknown`) {
		t.Errorf("cards: paper: %v", err)
	}
}
