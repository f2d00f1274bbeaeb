package show

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// deck: session deals one set of prize cards for the whole session: the
// night's cash is the deck's total, whatever the winners choose.
func TestSessionDeck(t *testing.T) {
	sh := finaleShow(t, `
  - id: wed
    kind: bonus-jackpot
    entries: raps.csv
    windows: ["2024-11-30 20:00-21:00"]
    winners: 4
    deck: session
    envelopes: [R500, R1 000, R2 000, R5 000]
`)
	var rows []Row
	for i := range 30 {
		rows = append(rows, Row{Ticket: fmt.Sprintf("SL-%02d", i), Card: fmt.Sprintf("m%02d", i)})
	}
	src := memRows{"wed": rows}
	r := newRig(t, sh, src, seedOf(61))
	r.now = time.Date(2024, 11, 30, 18, 5, 0, 0, time.UTC)
	key := Key(r.seed, "")
	var won []string
	for i := 0; !r.cur().Drawn(); i++ {
		r.draw()
		r.do(Command{Op: OpArrived})
		r.do(Command{Op: OpClaim})
		if i > 0 {
			r.refused(Command{Op: OpChoose, Text: "1"}, "out of play") // the first winner took card 1
		}
		item := sh.Segments[0].Items()[i]
		evs := r.do(Command{Op: OpChoose, Text: item})
		c := evs[0].Choice
		if want := sh.Segments[0].Bonus.Envelopes[DeckPrize(key, "wed", 4, i)]; c.Prize != want {
			t.Fatalf("card %s turned over %s, want %s", item, c.Prize, want)
		}
		won = append(won, c.Prize)
	}
	slices.Sort(won)
	deck := slices.Clone(sh.Segments[0].Bonus.Envelopes)
	slices.Sort(deck)
	if !slices.Equal(won, deck) {
		t.Errorf("the session paid %v, want the deck %v once each", won, deck)
	}
	r.replayed()

	// an export's replay, without the seed, takes only a prize still in the deck
	evs := journal(t, r.evs)
	var choices []int
	for i, e := range evs {
		if e.Kind == PrizeChosen {
			choices = append(choices, i)
		}
	}
	c := *evs[choices[3]].Choice
	c.Prize = evs[choices[0]].Choice.Prize // the first winner's card, paid twice
	evs[choices[3]].Choice = &c
	e := NewEngine(sh, src, time.Now)
	if err := e.Replay(evs); err == nil || !strings.Contains(err.Error(), "no card left") {
		t.Errorf("a session deck that pays one card twice: %v", err)
	}
}

func TestDeckParse(t *testing.T) {
	for _, c := range []struct{ seg, want string }{
		{"  - {id: b, kind: bonus-jackpot, entries: b.csv, winners: 3, deck: session, envelopes: [R1, R2]}\n", "a session deck of 2 prize cards for 3 winners"},
		{"  - {id: b, kind: bonus-jackpot, entries: b.csv, deck: shoe, envelopes: [R1, R2]}\n", `deck "shoe" is unknown`},
		// 15 cards, and 30 winners from 10 an hour over three hours (issue 39)
		{"  - {id: b, kind: bonus-jackpot, entries: b.csv, per_hour: 10, windows: [\"2024-12-20 18:00-21:00\"], deck: session, envelopes: [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, R13, R14, R15]}\n",
			"a session deck of 15 prize cards for 30 winners"},
		{"  - {id: b, entries: b.csv, deck: session}\n", `unknown draw segment key "deck"`},
	} {
		_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+c.seg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.TrimSpace(c.seg), err, c.want)
		}
	}
}

// TestBinHeaderRow: a month-end bin's entry file, like any other, may say
// where its header is; a bin without one keeps the segment's (issue 39).
func TestBinHeaderRow(t *testing.T) {
	sh, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+
		"  - id: me\n    kind: month-end\n    winners: 1\n    prizes: [x]\n    header_row: 2\n    bins:\n"+
		"      - {at: \"2024-11-24T14:00\", entries: b1.csv, header_row: 4}\n"+
		"      - {at: \"2024-11-24T15:00\", entries: b2.csv}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := sh.Segments[0].HeaderRow, sh.Segments[1].HeaderRow; a != 4 || b != 2 {
		t.Errorf("bins' header rows %d and %d, want 4 and 2", a, b)
	}
	_, err = Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+
		"  - id: me\n    kind: month-end\n    winners: 1\n    prizes: [x]\n    bins:\n      - {at: \"2024-11-24T14:00\", entries: b1.csv, header_row: 0}\n"))
	if err == nil || !strings.Contains(err.Error(), "bin 1: header_row 0 is out of range") {
		t.Errorf("header_row 0: %v", err)
	}
}
