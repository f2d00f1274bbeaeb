package show

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// finaleShow parses a show file of finale segments.
func finaleShow(t *testing.T, segments string) *Show {
	t.Helper()
	sh, err := Parse("finale.yaml", []byte("promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n"+segments))
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// pointsRows gives n participants with their points, card prefix p.
func pointsRows(p string, n int) []Row {
	rows := make([]Row, n)
	for i := range rows {
		rows[i] = Row{Card: fmt.Sprintf("%s%03d", p, i), Tier: Tiers[i%5], Points: uint64(100 + i*37)}
	}
	return rows
}

// claimAll draws and claims until the segment has its winners.
func (r *rig) claimAll() {
	r.tb.Helper()
	for !r.cur().Drawn() {
		r.draw()
		r.do(Command{Op: OpClaim})
	}
}

// replayed checks that the journal so far folds back to the same state.
func (r *rig) replayed() *Engine {
	r.tb.Helper()
	fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
	if err := fresh.SetSeed(r.seed); err != nil {
		r.tb.Fatal(err)
	}
	fresh.st.ledger = r.eng.st.ledger
	if err := fresh.Replay(journal(r.tb, r.evs)); err != nil {
		r.tb.Fatal(err)
	}
	if got, want := stateJSON(r.tb, fresh.State()), stateJSON(r.tb, r.eng.State()); got != want {
		r.tb.Fatalf("replayed state differs:\n%s\nwant\n%s", got, want)
	}
	return fresh
}

func TestParseFinaleKinds(t *testing.T) {
	sh := finaleShow(t, `
  - id: me
    kind: month-end
    winners: 3
    tickets: points
    points_per_ticket: 100
    bins:
      - {at: "2024-11-24T14:00", entries: b1.csv}
      - {at: "2024-11-24T15:00", entries: b2.csv}
      - {at: "2024-11-24T16:00", entries: b3.csv}
  - {id: finalist, kind: manual-bin, from: [me], manual: true}
  - {id: wild, kind: wild-card, from: [me], winners: 2}
  - {id: finale, kind: royal-flush, from: [finalist, wild], entries: f.csv, prizes: [a, b, c, d, e], winners: 5}
`)
	var ids []string
	for _, s := range sh.Segments {
		ids = append(ids, s.ID+":"+string(s.Kind))
	}
	want := "me-1:month-end me-2:month-end me-3:month-end finalist:manual-bin wild:wild-card wild-1:wild-card-draw wild-2:wild-card-draw finale:royal-flush"
	if got := strings.Join(ids, " "); got != want {
		t.Fatalf("segments %s\nwant %s", got, want)
	}
	if s := sh.Segments[1]; s.Group != "me" || s.Bin != 2 || s.At.Hour() != 15 || !strings.HasSuffix(s.Entries, "b2.csv") || s.Winners != 3 {
		t.Fatalf("bin 2: %+v", s)
	}
	if got := len(sh.Sources([]string{"finalist", "wild"})); got != 3 {
		t.Fatalf("sources of the finale: %d, want the manual bin and two wild-card draws", got)
	}
	if s := sh.Segments[7]; s.Tickets != One {
		t.Fatalf("royal flush tickets %q", s.Tickets)
	}

	for _, c := range []struct{ src, want string }{
		{"  - {id: me, kind: month-end}\n", "needs bins"},
		{"  - {id: me, kind: month-end, bins: [{at: soon}]}\n", "bin 1 needs entries"},
		{"  - {id: a, entries: a.csv}\n  - {id: w, kind: wild-card, from: [a]}\n", `from "a" must be a month-end`},
		{"  - {id: w, kind: manual-bin, from: [later]}\n  - {id: later, entries: a.csv}\n", `f.yaml:4: segment w: from "later" is not an earlier segment`}, // the line of its from
		{"  - {id: me, kind: month-end, bins: [{entries: a}]}\n  - {id: w, kind: wild-card, from: [me], winners: 2}\n", "2 finalists from 1 bins"},
		{"  - {id: f, kind: royal-flush, entries: f.csv, prizes: [a, b]}\n", "5 winners and 5 prizes"},
		{"  - {id: c, kind: jackpot-chest, entries: c.csv}\n", "needs jackpot"},
		{"  - {id: c, kind: jackpot-chest, entries: c.csv, jackpot: {name: X, balls: 1}}\n", "balls 1 is out of range"},
		{"  - {id: c, kind: jackpot-chest, entries: c.csv, jackpot: {name: x, colour: red}}\n", `unknown jackpot key "colour"`},
		{"  - {id: b, kind: bonus-jackpot, entries: b.csv, envelopes: [R1]}\n", "at least two prize values"},
		{"  - {id: b, kind: bonus-jackpot, entries: b.csv, envelopes: [R1, R2], windows: [18h-19h]}\n", `window "18h-19h"`},
		{"  - {id: me, kind: month-end, bins: [{entries: a}]}\n  - {id: me-1, entries: a.csv}\n", `segment id "me-1" is used twice`},
		{"  - {id: m, kind: manual-bin, from: [x], entries: a.csv}\n", `unknown manual-bin segment key "entries"`},
	} {
		_, err := Parse("f.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n"+c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}

// TestFinaleVectors: the cards and the chest follow the published vectors.
func TestFinaleVectors(t *testing.T) {
	key, _ := hex.DecodeString("b54e641cf4ea99581db50e2871a1c8129413428f2bdeeb2e5a14472ca011e6f6")
	var k [32]byte
	copy(k[:], key)
	var got []string
	for i := range Cards {
		got = append(got, fmt.Sprintf("p%d", CardPrize(k, "grand-finale", i)+1))
	}
	if strings.Join(got, " ") != "p3 p1 p4 p2 p5" {
		t.Errorf("prizes behind A K Q J 10: %v, want p3 p1 p4 p2 p5", got)
	}
	if b := JackpotBall(k, "chest-2024-12-08", 20); b != "01" {
		t.Errorf("jackpot ball %s, want 01", b)
	}
}

func TestMonthEndManualBinWildCard(t *testing.T) {
	sh := finaleShow(t, `
  - id: me
    kind: month-end
    winners: 3
    tickets: points
    points_per_ticket: 100
    bins: [{entries: b1.csv}, {entries: b2.csv}, {entries: b3.csv}, {entries: b4.csv}, {entries: b5.csv}]
  - {id: finalist, kind: manual-bin, from: [me], manual: true}
  - {id: wild, kind: wild-card, from: [me], winners: 2}
`)
	src := memRows{}
	for i := 1; i <= 5; i++ {
		rows := pointsRows(fmt.Sprintf("b%d-", i), 30)
		rows = append(rows, Row{Card: "everywhere", Points: 5000}) // in every bin, wins at most once per bin
		src[fmt.Sprintf("me-%d", i)] = rows
	}
	r := newRig(t, sh, src, seedOf(3))
	r.refused(Command{Op: OpNumbers, Numbers: []int{1}, Text: "Thandi"}, "not a wild card")
	for i := 1; i <= 5; i++ {
		r.claimAll()
		if r.cur().Winners() != 3 {
			t.Fatalf("bin %d: %d winners", i, r.cur().Winners())
		}
		r.do(Command{Op: OpNext})
	}
	// the manual bin: the 15 receipts, drawn by hand
	r.refused(Command{Op: OpDraw}, "drawn by hand")
	r.refused(Command{Op: OpTicket, Text: "nobody"}, "not in the frozen bin")
	r.do(Command{Op: OpFreeze})
	if got := len(r.cur().Bin.Entries); got != 15 {
		t.Fatalf("manual bin of %d receipts, want 15", got)
	}
	twice := 0
	for _, e := range r.cur().Bin.Entries {
		if e.Participant == "everywhere" {
			twice++
		}
	}
	if twice < 2 {
		t.Fatalf("the card in every bin won %d times; the test needs two receipts", twice)
	}
	r.refused(Command{Op: OpTicket, Text: "everywhere"}, "type the one drawn in full")
	receipt := r.cur().Bin.Entries[4]
	_, printed, _ := strings.Cut(receipt.Ticket, "/")
	r.do(Command{Op: OpTicket, Text: printed})
	if l := r.last(); l.Participant != receipt.Participant || l.By != "manual" || !l.Announced() {
		t.Fatalf("manual pick %+v", l)
	}
	r.wait(90 * time.Second) // a no-show: the receipt comes out, another is read
	r.refused(Command{Op: OpTicket, Text: receipt.Ticket}, "drawn already")
	var second Entry
	for _, e := range r.cur().Bin.Entries {
		if e.Participant != receipt.Participant {
			second = e
			break
		}
	}
	r.do(Command{Op: OpTicket, Text: second.Ticket})
	r.do(Command{Op: OpClaim})
	finalist := second.Participant
	r.do(Command{Op: OpNext})

	// the wild card: numbers typed from the physical draw
	r.refused(Command{Op: OpNext}, "numbers are not chosen")
	r.refused(Command{Op: OpNumbers, Numbers: []int{2, 2}, Text: "Thandi"}, "given twice")
	r.refused(Command{Op: OpNumbers, Numbers: []int{2, 6}, Text: "Thandi"}, "not a bin")
	r.refused(Command{Op: OpNumbers, Numbers: []int{2}, Text: "Thandi"}, "2 finalists")
	r.refused(Command{Op: OpNumbers, Numbers: []int{2, 4}}, "who typed")
	r.do(Command{Op: OpNumbers, Numbers: []int{4, 2}, Text: "Thandi"})
	r.do(Command{Op: OpNext})
	for i, bin := range []int{4, 2} {
		p := r.draw()
		f := r.cur().Frozen
		if f.From != fmt.Sprintf("me-%d", bin) || !slices.Contains(f.Barred, finalist) && inRows(src[f.From], finalist) {
			t.Fatalf("wild draw %d: from %s, barred %v", i+1, f.From, f.Barred)
		}
		if !inRows(src[f.From], p.Participant) {
			t.Fatalf("wild draw %d: %s is not in %s", i+1, p.Participant, f.From)
		}
		r.do(Command{Op: OpClaim})
		if i == 0 {
			r.do(Command{Op: OpNext})
		}
	}
	r.replayed()
}

func inRows(rows []Row, card string) bool {
	return slices.ContainsFunc(rows, func(r Row) bool { return r.Card == card })
}

func TestWildCardFinalistsBarred(t *testing.T) {
	sh := finaleShow(t, `
  - {id: me, kind: month-end, bins: [{entries: b1.csv}]}
  - {id: finalist, kind: manual-bin, from: [me]}
  - {id: wild, kind: wild-card, from: [me], winners: 1}
`)
	// bin 1 has two people; the month-end winner becomes the finalist, so
	// the wild card can only take the other
	r := newRig(t, sh, memRows{"me-1": oneEach("x", "y")}, seedOf(5))
	r.claimAll()
	r.do(Command{Op: OpNext})
	won := r.draw().Participant
	r.do(Command{Op: OpClaim})
	r.do(Command{Op: OpNext})
	r.do(Command{Op: OpDraw}) // electronic numbers
	if n := r.cur().Numbers; n == nil || n.By != "engine" || len(n.Numbers) != 1 || n.Numbers[0] != 1 {
		t.Fatalf("numbers %+v", n)
	}
	r.do(Command{Op: OpNext})
	if p := r.draw(); p.Participant == won {
		t.Fatalf("the finalist %s was drawn again", won)
	}
	if b := r.cur().Frozen.Barred; !slices.Equal(b, []string{won}) {
		t.Fatalf("barred %v", b)
	}
	r.replayed()
}

func royalRig(t *testing.T, seed uint64) *rig {
	sh := finaleShow(t, `
  - id: finale
    kind: royal-flush
    entries: finalists.csv
    winners: 5
    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]
`)
	return newRig(t, sh, memRows{"finale": oneEach(cardsN(25)...)}, seedOf(seed))
}

func TestRoyalFlushCards(t *testing.T) {
	r := royalRig(t, 11)
	r.draw()
	r.refused(Command{Op: OpArrived}, "for a bonus jackpot")
	r.refused(Command{Op: OpChoose, Text: "A"}, "no winner is waiting")
	r.wait(90 * time.Second) // no-show: redraw
	r.claimAll()
	if r.cur().Done() {
		t.Fatal("done before the cards are chosen")
	}
	r.refused(Command{Op: OpNext}, "has not chosen cards")
	r.refused(Command{Op: OpClose}, "has not chosen cards")
	r.refused(Command{Op: OpChoose, Text: "joker"}, "not one of the cards")
	key := Key(r.seed, "")
	prizes := map[string]bool{}
	for i, card := range []string{"queen", "10", "A", "2", "K"} { // "2" is the second card, K
		p := r.cur().Chooser()
		if want := r.cur().Picks[1+i]; p.K != want.K {
			t.Fatalf("chooser is pick %d, want %d (the order drawn)", p.K, want.K)
		}
		if p.Prize != "" {
			t.Fatalf("pick %d has a prize %q before its card", p.K, p.Prize)
		}
		if card == "K" {
			r.refused(Command{Op: OpChoose, Text: card}, "chosen already")
			break
		}
		r.do(Command{Op: OpChoose, Text: card})
		c := r.cur().Picks[p.K].Choice
		if want := r.sh.Segments[0].Prizes[CardPrize(key, "finale", slices.Index(Cards, c.Item))]; c.Prize != want {
			t.Fatalf("card %s turned over %q, want %q", c.Item, c.Prize, want)
		}
		prizes[c.Prize] = true
	}
	r.do(Command{Op: OpChoose, Text: "J"})
	for _, p := range r.cur().Picks {
		if p.Choice != nil {
			prizes[p.Choice.Prize] = true
		}
	}
	if len(prizes) != 5 || !r.cur().Done() {
		t.Fatalf("five cards gave %d prizes; done %v", len(prizes), r.cur().Done())
	}
	r.refused(Command{Op: OpVoid, Text: "oops"}, "turned over")
	// the mapping is the key's: a replay, as after a crash, turns the same cards
	fresh := r.replayed()
	for _, p := range fresh.State().CurSeg().Picks {
		if p.Choice != nil && p.Choice.Prize != r.cur().Picks[p.K].Choice.Prize {
			t.Fatal("prize changed across replay")
		}
	}
}

func TestRoyalFlushMappingIsAPermutation(t *testing.T) {
	for seed := range uint64(50) {
		key := Key(seedOf(seed), "")
		seen := map[int]bool{}
		for i := range Cards {
			seen[CardPrize(key, "finale", i)] = true
		}
		if len(seen) != 5 {
			t.Fatalf("seed %d: cards hide %d distinct prizes", seed, len(seen))
		}
	}
}

func chestShow(t *testing.T, guaranteed, manual bool) *Show {
	return finaleShow(t, fmt.Sprintf(`
  - id: chest
    kind: jackpot-chest
    entries: chest.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    manual: %v
    jackpot: {name: summer-chest, guaranteed: %v}
`, manual, guaranteed))
}

// chestWeek runs one chest draw at the ledger value v; winners choose balls
// avoiding the jackpot ball unless win. It returns the settlement.
func chestWeek(t *testing.T, seed uint64, v int64, guaranteed, win bool) *Settled {
	sh := chestShow(t, guaranteed, false)
	r := newRig(t, sh, memRows{"chest": pointsRows("c", 40)}, seedOf(seed))
	r.eng.SetJackpot("summer-chest", v)
	r.claimAll()
	j := sh.Segments[0].Jackpot
	jp := JackpotBall(Key(r.seed, ""), "chest", j.Balls)
	if r.cur().Frozen.Jackpot != v {
		t.Fatalf("frozen jackpot %d, want %d", r.cur().Frozen.Jackpot, v)
	}
	balls := sh.Segments[0].Items()
	if len(balls) != j.Balls {
		t.Fatalf("%d balls", len(balls))
	}
	for n := 0; r.cur().Chooser() != nil; n++ {
		taken := r.cur().Taken()
		var b string
		for _, x := range balls {
			if !slices.Contains(taken, x) && (x == jp) == (win && n == 2) || guaranteed && !slices.Contains(taken, x) && len(balls)-len(taken) == 1 {
				b = x
				break
			}
		}
		if b == "" { // only the jackpot ball is left
			b = jp
		}
		r.do(Command{Op: OpChoose, Text: b})
	}
	s := r.cur().Settled
	if s == nil || !r.cur().Done() {
		t.Fatal("chest not settled")
	}
	won := 0
	for _, p := range r.cur().Picks {
		if p.Outcome.Wins() {
			switch c := p.Choice; {
			case c.Jackpot:
				won++
				if c.Amount != v || c.Item != jp {
					t.Fatalf("jackpot choice %+v", c)
				}
			case c.Amount != 2000 || c.Prize != "R2\u202f000":
				t.Fatalf("consolation %+v", c)
			case won > 0 && (c.Item != "" || c.By != "engine"):
				t.Fatalf("after the jackpot a winner chose %+v", c)
			}
		}
	}
	if (won == 1) != s.Won || won > 1 {
		t.Fatalf("%d jackpot choices, settled %+v", won, s)
	}
	r.replayed()
	return s
}

func TestJackpotLedgerOverWeeks(t *testing.T) {
	j := &Jackpot{Name: "summer-chest", Base: 20000, Step: 20000}
	var ledger []Settled
	for i, w := range []struct {
		guaranteed, win bool
		value, next     int64
	}{
		{false, false, 20000, 40000},
		{false, false, 40000, 60000},
		{false, true, 60000, 20000},
		{true, false, 20000, 20000}, // guaranteed: the last ball left is the jackpot
		{false, false, 20000, 40000},
	} {
		v := NextJackpot(j, ledger)
		if v != w.value {
			t.Fatalf("week %d: jackpot %d, want %d", i+1, v, w.value)
		}
		s := chestWeek(t, uint64(100+i), v, w.guaranteed, w.win)
		if s.Value != w.value || s.Next != w.next {
			t.Fatalf("week %d: settled %+v, want value %d next %d", i+1, s, w.value, w.next)
		}
		ledger = append(ledger, *s)
	}
}

func TestGuaranteedWeekAlwaysPays(t *testing.T) {
	for seed := range uint64(12) {
		if s := chestWeek(t, 200+seed, 80000, true, false); !s.Won || s.Next != 20000 {
			t.Fatalf("seed %d: guaranteed week settled %+v", seed, s)
		}
	}
}

func TestChestManualTickets(t *testing.T) {
	r := newRig(t, chestShow(t, false, true), memRows{"chest": pointsRows("c", 40)}, seedOf(7))
	r.refused(Command{Op: OpDraw}, "drawn by hand")
	r.refused(Command{Op: OpTicket, Text: "c999"}, `ticket "c999" is not in the frozen bin`)
	if r.cur().Frozen != nil {
		t.Fatal("a refused ticket froze the bin")
	}
	r.do(Command{Op: OpTicket, Text: "c005"})
	r.refused(Command{Op: OpTicket, Text: "c006"}, "still undecided")
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpTicket, Text: "c005"}, "drawn already")
	r.refused(Command{Op: OpTicket, Text: "c999"}, "not in the frozen bin")
	if r.cur().Bin.Entries[0].Weight == 0 {
		t.Fatal("empty weight")
	}
	r.replayed()
}

func bonusRig(t *testing.T) *rig {
	sh := finaleShow(t, `
  - id: wed
    kind: bonus-jackpot
    entries: raps.csv
    tiers: [ace, king, queen]
    min_spend: {ace: 600, king: 600, queen: 200}
    exclude_devices: [SL-0003]
    exclude_areas: [Barneys]
    windows: ["2024-11-30 18:00-19:00", "2024-11-30 20:00-21:00"]
    per_hour: 15
    envelopes: [R1 000, R2 000, R5 000]
`)
	var rows []Row
	for i := range 60 {
		area := []string{"Main", "Prive", "Barneys"}[i%3]
		rows = append(rows, Row{Ticket: fmt.Sprintf("SL-%04d", i), Card: fmt.Sprintf("m%03d", i), Tier: Tiers[i%5], Area: area, Spend: uint64(i * 20)})
	}
	return newRig(t, sh, memRows{"wed": rows}, seedOf(21))
}

func TestBonusJackpot(t *testing.T) {
	r := bonusRig(t)
	if s := r.sh.Segments[0]; s.Winners != 30 {
		t.Fatalf("winners %d, want 15 an hour over two hours", s.Winners)
	}
	// t0 is 19:00 local: between the sessions
	r.refused(Command{Op: OpDraw}, "next is Sat 30 Nov 20:00-21:00")
	r.now = r.now.Add(time.Hour + 5*time.Minute)
	r.draw()
	b := r.cur().Bin
	for _, e := range b.Entries {
		var i int
		fmt.Sscanf(e.Ticket, "SL-%d", &i)
		tier, area, spend := Tiers[i%5], []string{"Main", "Prive", "Barneys"}[i%3], i*20
		if tier == Jack || tier == Ten || area == "Barneys" || e.Ticket == "SL-0003" || (tier == Queen && spend < 200) || (tier != Queen && spend < 600) {
			t.Fatalf("%s (%v, %s, spend %d) is in the bin", e.Ticket, tier, area, spend)
		}
	}
	if r.cur().Frozen.Filtered == 0 || r.cur().Frozen.OutOfTier == 0 {
		t.Fatalf("frozen %+v", r.cur().Frozen)
	}
	r.do(Command{Op: OpForfeit}) // not the holder's card: reselect, no envelope
	if r.cur().Chooser() != nil {
		t.Fatal("a forfeit chooses an envelope")
	}
	p := r.draw()
	if !p.Deadline.IsZero() {
		t.Fatal("a bonus winner's seconds ran from the announcement, not from the device")
	}
	if evs := r.wait(5 * time.Minute); len(evs) != 0 {
		t.Fatalf("no-show before the team arrived: %v", evKinds(evs))
	}
	r.do(Command{Op: OpArrived})
	if l := r.last(); l.Deadline != r.now.Add(90*time.Second) {
		t.Fatalf("deadline %v, want 90 s from arrival", l.Deadline)
	}
	r.refused(Command{Op: OpArrived}, "at the device already")
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpDraw}, "has not chosen envelopes yet: choose one of 1, 2, 3")
	r.refused(Command{Op: OpChoose, Text: "4"}, "not one of the envelopes")
	r.do(Command{Op: OpChoose, Text: "2"})
	c := r.cur().Picks[p.K].Choice
	key := Key(r.seed, "")
	if want := r.sh.Segments[0].Bonus.Envelopes[EnvelopePrize(key, "wed", p.K, 3, 1)]; c.Prize != want {
		t.Fatalf("envelope 2 gave %q, want %q", c.Prize, want)
	}
	if won, target, ok := r.cur().Hour(r.now); !ok || won != 1 || target != 15 {
		t.Fatalf("hour progress %d/%d %v", won, target, ok)
	}
	// the next winner gets a fresh set of envelopes: the same one may be chosen
	r.draw()
	r.do(Command{Op: OpClaim}) // found playing at the device: no need to start the seconds
	r.do(Command{Op: OpChoose, Text: "2"})
	r.draw()
	r.do(Command{Op: OpArrived})
	if evs := r.wait(90 * time.Second); len(evs) != 1 || r.last().Outcome != NoShow {
		t.Fatalf("90 s at the device: %v, outcome %s", evKinds(evs), r.last().Outcome)
	}
	if r.cur().Chooser() != nil {
		t.Fatal("a no-show chooses an envelope")
	}
	// the sessions end with winners missing: the clock records the short
	// hour and the end, and the host is told the draw is over, not to draw again
	r.now = r.now.Add(2 * time.Hour)
	evs := r.wait(0)
	if len(evs) != 2 || evs[0].Kind != HourEnded || evs[1].Kind != SegmentEnded {
		t.Fatalf("the tick after the sessions: %v", evKinds(evs))
	}
	if h := evs[0].Hour; h.Won != 2 || h.Target != 15 || !h.To.Equal(r.sh.Segments[0].Bonus.Windows[1].To) {
		t.Errorf("the short hour %+v", h)
	}
	if e := evs[1].Ended; e.Winners != 2 || e.Wanted != 30 || e.Reason != "its sessions ended at 21:00 with 2 of 30 winners" {
		t.Errorf("ended %+v", e)
	}
	if hs := r.cur().Hours; len(hs) != 2 || hs[0].Won != 0 {
		t.Errorf("hours that ended short %+v, want 18:00 with none and 20:00 with 2", hs)
	}
	r.refused(Command{Op: OpDraw}, "wed has ended: its sessions ended at 21:00 with 2 of 30 winners; next goes on")
	r.do(Command{Op: OpClose})
	r.replayed()
}

func TestTwoChestsOneJackpot(t *testing.T) {
	sh := finaleShow(t, `
  - {id: early, kind: jackpot-chest, entries: a.csv, tickets: points, points_per_ticket: 100, winners: 1, jackpot: {name: pot}}
  - {id: late, kind: jackpot-chest, entries: b.csv, tickets: points, points_per_ticket: 100, winners: 1, jackpot: {name: pot}}
`)
	r := newRig(t, sh, memRows{"early": pointsRows("a", 5), "late": pointsRows("b", 5)}, seedOf(4))
	r.eng.SetJackpot("pot", 60000)
	r.claimAll()
	jp := JackpotBall(Key(r.seed, ""), "early", 20)
	for _, b := range sh.Segments[0].Items() {
		if b != jp {
			r.do(Command{Op: OpChoose, Text: b})
			break
		}
	}
	if s := r.cur().Settled; s == nil || s.Won || s.Next != 80000 {
		t.Fatalf("early chest settled %+v", r.cur().Settled)
	}
	r.do(Command{Op: OpNext})
	if v := r.eng.State().Jackpot(r.cur()); v != 80000 {
		t.Fatalf("the late chest shows %d, want the early chest's 80000", v)
	}
	r.draw()
	if v := r.cur().Frozen.Jackpot; v != 80000 {
		t.Fatalf("the late chest froze %d", v)
	}
}

// TestManualBinRunsOut: when every receipt in a bin drawn by hand has been
// drawn, the segment ends short by itself instead of waiting for a ticket
// that cannot be typed.
func TestManualBinRunsOut(t *testing.T) {
	sh := finaleShow(t, `
  - {id: me, kind: month-end, winners: 2, bins: [{entries: b1.csv}]}
  - {id: finalist, kind: manual-bin, from: [me], manual: true}
`)
	r := newRig(t, sh, memRows{"me-1": oneEach("x", "y", "z")}, seedOf(9))
	r.claimAll()
	r.do(Command{Op: OpNext})
	r.do(Command{Op: OpFreeze})
	for i, e := range r.cur().Bin.Entries {
		r.do(Command{Op: OpTicket, Text: e.Ticket})
		if i == 0 {
			r.wait(90 * time.Second)
			if r.cur().Ended != nil {
				t.Fatal("ended with a receipt still in the bin")
			}
			continue
		}
		r.do(Command{Op: OpForfeit})
	}
	e := r.cur().Ended
	if e == nil || e.Winners != 0 || !strings.Contains(e.Reason, "every ticket in the bin has been drawn") || !r.cur().Done() {
		t.Fatalf("ended %+v", e)
	}
	r.refused(Command{Op: OpTicket, Text: "x"}, "has ended: every ticket in the bin has been drawn")
	r.replayed()
}
