package show

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// A campaign that moves to drawshow mid-season opens its jackpot where
// the old system left it, only while the ledger has no settlement: the
// freeze records that it opened there, and a replay holds it to that.
func TestJackpotStart(t *testing.T) {
	sh := finaleShow(t, `
  - {id: early, kind: jackpot-chest, entries: a.csv, tickets: points, points_per_ticket: 100, winners: 1, jackpot: {name: pot, start: 40000}}
  - {id: late, kind: jackpot-chest, entries: b.csv, tickets: points, points_per_ticket: 100, winners: 1, jackpot: {name: pot, start: 40000}}
`)
	src := memRows{"early": pointsRows("a", 5), "late": pointsRows("b", 5)}
	r := newRig(t, sh, src, seedOf(41))
	if v := r.eng.State().Jackpot(r.cur()); v != 40000 {
		t.Fatalf("before the first settlement the chest shows %d, want its start 40000", v)
	}
	evs := r.do(Command{Op: OpDraw})
	if f := evs[0].Frozen; f.Jackpot != 40000 || !f.JackpotStart {
		t.Fatalf("first freeze: jackpot %d, start %v", f.Jackpot, f.JackpotStart)
	}
	r.do(Command{Op: OpClaim})
	jp := JackpotBall(Key(r.seed, ""), "early", 20)
	r.do(Command{Op: OpChoose, Text: slices.DeleteFunc(slices.Clone(sh.Segments[0].Items()), func(b string) bool { return b == jp })[0]})
	if s := r.cur().Settled; s == nil || s.Next != 60000 {
		t.Fatalf("settled %+v, want 40000 grown to 60000", s)
	}
	r.do(Command{Op: OpNext})
	evs = r.do(Command{Op: OpDraw})
	if f := evs[0].Frozen; f.Jackpot != 60000 || f.JackpotStart {
		t.Fatalf("after a settlement tonight: jackpot %d, start %v; want 60000 from the ledger", f.Jackpot, f.JackpotStart)
	}
	r.replayed()

	// a campaign with a settlement already: the start no longer applies
	r2 := newRig(t, sh, src, seedOf(41))
	r2.eng.SetJackpot("pot", 100000)
	if evs := r2.do(Command{Op: OpDraw}); evs[0].Frozen.Jackpot != 100000 || evs[0].Frozen.JackpotStart {
		t.Fatalf("with a ledger: %+v", evs[0].Frozen)
	}

	// a forged start flag is refused by the replay
	j := journal(t, r.evs)
	i := slices.IndexFunc(j, func(e Event) bool { return e.Kind == BinFrozen && e.Segment == "late" })
	f := *j[i].Frozen
	f.JackpotStart = true
	j[i].Frozen = &f
	err := NewEngine(sh, src, time.Now).Replay(j)
	if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("seq %d bin-frozen: seq %d bin-frozen says ", j[i].Seq, j[i].Seq)) ||
		!strings.Contains(err.Error(), `"jackpot":60000,"jackpot_start":true}}, but the rules decide `) || !strings.HasSuffix(err.Error(), `"jackpot":60000}}`) {
		t.Errorf("a replay of a jackpot that says it opened at its start after a settlement: %v\nwant the freeze refused for its start flag", err)
	}
}

func TestJackpotStartParse(t *testing.T) {
	_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: c, kind: jackpot-chest, entries: c.csv, jackpot: {name: pot, start: 0}}\n"))
	if err == nil || !strings.Contains(err.Error(), "jackpot start 0") {
		t.Fatalf("start 0: %v", err)
	}
	if NextJackpot(&Jackpot{Base: 20000, Start: 40000}, nil) != 40000 || NextJackpot(&Jackpot{Base: 20000, Start: 40000}, []Settled{{Next: 20000}}) != 20000 {
		t.Error("NextJackpot does not open at the start with no settlement, or keeps it after one")
	}
}

// A chest's journal written before money was grouped with U+202F (R2 000
// with a plain space) still replays, with the seed and without; another
// amount is still refused.
func TestChestReplaysOldMoneyText(t *testing.T) {
	sh := finaleShow(t, `
  - {id: chest, kind: jackpot-chest, entries: a.csv, tickets: points, points_per_ticket: 100, winners: 2, jackpot: {name: pot}}
`)
	src := memRows{"chest": pointsRows("a", 8)}
	r := newRig(t, sh, src, seedOf(44))
	r.claimAll()
	r.do(Command{Op: OpChoose, Text: "01"})
	if r.cur().Chooser() != nil {
		r.do(Command{Op: OpChoose, Text: "02"})
	}
	old := func(edit func(string) string) []Event {
		evs := journal(t, r.evs)
		for i := range evs {
			if evs[i].Kind == PrizeChosen {
				c := *evs[i].Choice
				c.Prize = edit(c.Prize)
				evs[i].Choice = &c
			}
		}
		return evs
	}
	plain := old(func(s string) string { return strings.ReplaceAll(s, "\u202f", " ") })
	if plain[len(plain)-1].Kind != JackpotPaid && !strings.Contains(fmt.Sprint(plain), "R2 000") {
		t.Fatal("the test journal holds no amount to write the old way")
	}
	withSeed := NewEngine(sh, src, time.Now)
	withSeed.SetSeed(r.seed)
	if err := withSeed.Replay(plain); err != nil {
		t.Errorf("an old journal with the seed: %v", err)
	}
	if err := NewEngine(sh, src, time.Now).Replay(plain); err != nil {
		t.Errorf("an old journal without the seed: %v", err)
	}
	other := old(func(s string) string { return strings.Replace(s, "2", "3", 1) })
	if err := NewEngine(sh, src, time.Now).Replay(other); err == nil || err.Error() != "seq 11 prize-chosen: chest: ball 01 paid R3\u202f000 (2000), not R2\u202f000" {
		t.Errorf("a journal paying another amount: %v", err)
	}
}
