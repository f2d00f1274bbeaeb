package show

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// bonusNight is a Saturday: a bonus-jackpot session at 20:00, then the
// cash draw at 21:30 whose bin adds two entries for each bonus win of
// the week, tonight's and Wednesday's, and whose win-once rule is the day.
func bonusNight(t *testing.T) (*Show, memRows) {
	sh := finaleShow(t, `
  - id: bonus
    kind: bonus-jackpot
    entries: raps.csv
    windows: ["2024-11-30 20:00-21:00"]
    winners: 3
    envelopes: [R1 000, R2 000]
  - id: cash
    at: "2024-11-30T21:30"
    entries: cash.csv
    winners: 2
    win_once: day
    bonus_entries: {from: [bonus], per_win: 2, since: 2024-11-25}
`)
	var raps, cash []Row
	for i := range 20 {
		raps = append(raps, Row{Ticket: fmt.Sprintf("SL-%02d", i), Card: fmt.Sprintf("m%02d", i)})
		cash = append(cash, Row{Ticket: fmt.Sprintf("T-%02d", i), Card: fmt.Sprintf("m%02d", i+10)})
	}
	return sh, memRows{"bonus": raps, "cash": cash}
}

// wednesday is the week's earlier show in the campaign database, and
// wins that must not count: another segment's, and last week's.
var wednesday = []PastWin{
	{Show: "wed", Segment: "bonus", Kind: KindBonus, Day: "2024-11-27", K: 0, Participant: "w01"},
	{Show: "wed", Segment: "bonus", Kind: KindBonus, Day: "2024-11-27", K: 2, Participant: "m05"},
	{Show: "wed", Segment: "cash", Kind: KindDraw, Day: "2024-11-27", K: 0, Participant: "w02"},
	{Show: "last", Segment: "bonus", Kind: KindBonus, Day: "2024-11-20", K: 0, Participant: "w03"},
}

// Royal Flush 34.1: bonus winners earn entries into the week's Saturday
// cash draw, from the record's winners; a bonus win never bars an entry.
// Under rules edition 2 every win earns its entries, whether or not the
// winner has an entry that day: a record of then replays so.
func TestBonusEntries(t *testing.T) {
	sh, src := bonusNight(t)
	r := newRigEdition(t, sh, src, seedOf(51), t0, 2)
	r.eng.SetCampaign(wednesday)
	won := bonusWins(r)
	evs := r.do(Command{Op: OpFreeze})
	f := evs[0].Frozen
	want := []Earned{{Show: "wed", Segment: "bonus", Wins: 2, Entries: 4}, {Show: "s", Segment: "bonus", Wins: 3, Entries: 6}}
	if !slices.Equal(f.Earned, want) {
		t.Fatalf("earned %+v, want %+v", f.Earned, want)
	}
	if len(f.Barred) != 0 {
		t.Errorf("bonus winners %v are barred from the cash draw by win_once: day", f.Barred)
	}
	bin := r.cur().Bin
	for i, card := range append([]string{"w01", "m05"}, won...) {
		ticket := EarnedTicket("wed", "bonus", []int{0, 2}[min(i, 1)])
		if i >= 2 {
			ticket = EarnedTicket("s", "bonus", slices.IndexFunc(r.eng.State().Seg("bonus").Picks, func(p Pick) bool { return p.Participant == card }))
		}
		j := find(bin, ticket)
		if j < 0 || bin.Entries[j].Participant != card || bin.Entries[j].Weight != 2 {
			t.Errorf("the bin lacks %s's bonus entry %s of weight 2", card, ticket)
		}
	}
	if bin.Total != 20+10 || bin.Participants != len(set(append(participants(src["cash"]), append([]string{"w01", "m05"}, won...)...))) {
		t.Errorf("bin total %d, participants %d", bin.Total, bin.Participants)
	}
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpClaim})

	// the replay rebuilds the bin from the same campaign, and only from it
	fresh := NewEngine(sh, src, func() time.Time { return r.now })
	fresh.SetSeed(r.seed)
	fresh.SetCampaign(wednesday)
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Fatalf("replay with the campaign: %v", err)
	}
	bare := NewEngine(sh, src, func() time.Time { return r.now })
	bare.SetSeed(r.seed)
	if err := bare.Replay(journal(t, r.evs)); !binChanged(err, 21) {
		t.Errorf("a replay without Wednesday's winners accepted the bin: %v", err)
	}
}

// binChanged tells whether err refuses the bin frozen at seq because the
// bin rebuilt differs from the one the journal recorded.
func binChanged(err error, seq int) bool {
	return err != nil && strings.HasPrefix(err.Error(), fmt.Sprintf("seq %d bin-frozen: the bin rebuilt from the imported rows has fingerprint ", seq)) &&
		strings.HasSuffix(err.Error(), ": the imported entries changed")
}

func participants(rows []Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Card)
	}
	return out
}

// An export's replay, which has no campaign, holds a bin's bonus entries
// to the freeze's account of them.
func TestBonusEntriesFromBins(t *testing.T) {
	sh, src := bonusNight(t)
	r := newRigEdition(t, sh, src, seedOf(52), t0, 2)
	r.eng.SetCampaign(wednesday)
	r.now = time.Date(2024, 11, 30, 18, 5, 0, 0, time.UTC)
	for !r.cur().Drawn() {
		r.draw()
		r.do(Command{Op: OpArrived})
		r.do(Command{Op: OpClaim})
		r.do(Command{Op: OpChoose, Text: "2"})
	}
	r.do(Command{Op: OpNext})
	r.now = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)
	r.do(Command{Op: OpDraw})
	bins := map[string][]Entry{}
	for _, s := range r.eng.State().Segs {
		bins[s.Seg.ID] = slices.Clone(s.Bin.Entries)
	}
	replay := func(edit func([]Entry) []Entry) error {
		e := NewEngine(sh, nil, time.Now)
		e.SetSeed(r.seed)
		e.FromBins(func(seg string) ([]Entry, error) {
			if seg == "cash" && edit != nil {
				return edit(slices.Clone(bins[seg])), nil
			}
			return bins[seg], nil
		})
		return e.Replay(journal(t, r.evs))
	}
	if err := replay(nil); err != nil {
		t.Fatalf("the export's bins: %v", err)
	}
	drop := func(es []Entry) []Entry {
		return slices.DeleteFunc(es, func(e Entry) bool { return e.Ticket == EarnedTicket("s", "bonus", 0) })
	}
	if err := replay(drop); err == nil || !strings.Contains(err.Error(), "bonus entr") {
		t.Errorf("a bin without tonight's first bonus entry: %v", err)
	}
}

// Clause 66: finalists of earlier months do not come back.
func TestExcludeWinners(t *testing.T) {
	sh := finaleShow(t, `
  - id: nov
    at: "2024-11-30T21:30"
    entries: nov.csv
    winners: 2
    exclude_winners: {of: [manual-bin, wild-card], since: 2024-09-01}
`)
	src := memRows{"nov": oneEach("a", "b", "c", "d", "e", "f")}
	past := []PastWin{
		{Show: "sep", Segment: "finalist", Kind: KindManualBin, Day: "2024-09-29", Participant: "a"},
		{Show: "oct", Segment: "wild-card-1", Group: "wild-card", Kind: KindWildDraw, Day: "2024-10-27", Participant: "b"},
		{Show: "oct", Segment: "me-1", Group: "me", Kind: KindMonthEnd, Day: "2024-10-27", Participant: "c"}, // a bin winner, not a finalist
		{Show: "aug", Segment: "finalist", Kind: KindManualBin, Day: "2024-08-25", Participant: "d"},         // before since
		{Show: "oct", Segment: "finalist", Kind: KindManualBin, Day: "2024-10-27", Participant: "zz"},        // not in the file
	}
	r := newRig(t, sh, src, seedOf(53))
	r.eng.SetCampaign(past)
	r.now = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)
	evs := r.do(Command{Op: OpFreeze})
	f := evs[0].Frozen
	if !slices.Equal(f.PastWinners, []string{"a", "b"}) || f.Entries != 4 {
		t.Fatalf("past winners %v, entries %d; want a and b kept out of 6", f.PastWinners, f.Entries)
	}
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpClaim})
	fresh := NewEngine(sh, src, time.Now)
	fresh.SetSeed(r.seed)
	if err := fresh.Replay(journal(t, r.evs)); !binChanged(err, 4) {
		t.Errorf("a replay without the campaign's finalists: %v", err)
	}
	fresh = NewEngine(sh, src, time.Now)
	fresh.SetSeed(r.seed)
	fresh.SetCampaign(past)
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Errorf("replay: %v", err)
	}
}

func TestCampaignRulesParse(t *testing.T) {
	for _, c := range []struct{ seg, want string }{
		{"  - {id: c, entries: c.csv, bonus_entries: {from: [], per_win: 2, since: 2024-11-25}}\n", "bonus_entries needs from"},
		{"  - {id: c, entries: c.csv, bonus_entries: {from: [b], per_win: 0, since: 2024-11-25}}\n", "per_win 0 is out of range"},
		{"  - {id: c, entries: c.csv, bonus_entries: {from: [b], per_win: 1, since: 25/11/2024}}\n", `since "25/11/2024" is not a date`},
		{"  - {id: c, entries: c.csv, bonus_entries: {from: [b], per_win: 1, since: 2024-11-25, until: x}}\n", `unknown bonus_entries key "until"`},
		{"  - {id: d, entries: d.csv}\n  - {id: c, entries: c.csv, bonus_entries: {from: [d], per_win: 1, since: 2024-11-25}}\n", `from "d" is a draw`},
		{"  - {id: c, entries: c.csv, bonus_entries: {from: [d], per_win: 1, since: 2024-11-25}}\n  - {id: d, kind: bonus-jackpot, entries: d.csv, envelopes: [R1, R2]}\n", `from "d" comes later`},
		{"  - {id: c, entries: c.csv, exclude_winners: {of: [], since: 2024-09-01}}\n", "exclude_winners needs of"},
		{"  - {id: c, kind: bonus-jackpot, entries: c.csv, envelopes: [R1, R2], bonus_entries: {from: [b], per_win: 1, since: 2024-11-25}}\n", `unknown bonus-jackpot segment key "bonus_entries"`},
	} {
		_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n"+c.seg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.TrimSpace(c.seg), err, c.want)
		}
	}
}
