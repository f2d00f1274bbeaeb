package show

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// hasCashRow says whether bonusNight's cash file has a row of card: it
// holds m10 to m29.
func hasCashRow(card string) bool { return card >= "m10" && card <= "m29" }

// bonusWins plays bonusNight's bonus jackpot to its three winners, each
// choosing an envelope, and returns them in pick order.
func bonusWins(r *rig) []string {
	r.now = time.Date(2024, 11, 30, 18, 5, 0, 0, time.UTC) // 20:05 local
	var won []string
	for !r.cur().Drawn() {
		p := r.draw()
		r.do(Command{Op: OpArrived})
		r.do(Command{Op: OpClaim})
		r.do(Command{Op: OpChoose, Text: "1"})
		won = append(won, p.Participant)
	}
	r.do(Command{Op: OpNext})
	r.now = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC) // 21:30
	return won
}

// Royal Flush 34.1 with 39-41: a bonus entry goes into the Saturday draw
// only for a winner who activated an entry that day, a row in the draw's
// entry file; the freeze names those who had none and counts their wins.
func TestBonusEntriesNeedAnEntry(t *testing.T) {
	sh, src := bonusNight(t)
	if !sh.Segments[1].BonusEntries.NeedsEntry {
		t.Fatal("bonus_entries without needs_entry does not need an entry")
	}
	var seed []byte
	var won []string
	var r *rig
	// a seed whose winners tonight are some with a row, some without
	for i := 60; ; i++ {
		seed = seedOf(uint64(i))
		r = newRig(t, sh, src, seed)
		r.eng.SetCampaign(wednesday)
		won = bonusWins(r)
		with := 0
		for _, c := range won {
			if hasCashRow(c) {
				with++
			}
		}
		if with > 0 && with < len(won) {
			break
		}
	}
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	// Wednesday's winners w01 and m05 have no row tonight
	want := []Earned{{Show: "wed", Segment: "bonus", Wins: 2, NoEntry: 2}, {Show: "s", Segment: "bonus", Wins: 3}}
	noEntry := []string{"m05", "w01"}
	for _, c := range won {
		if hasCashRow(c) {
			want[1].Entries += 2
		} else {
			want[1].NoEntry++
			noEntry = append(noEntry, c)
		}
	}
	slices.Sort(noEntry)
	if !slices.Equal(f.Earned, want) || !slices.Equal(f.NoEntry, noEntry) {
		t.Fatalf("earned %+v, no entry %v; want %+v, %v", f.Earned, f.NoEntry, want, noEntry)
	}
	bin := r.cur().Bin
	for k, c := range won {
		j := find(bin, EarnedTicket("s", "bonus", k))
		if in := j >= 0; in != hasCashRow(c) {
			t.Errorf("winner %s (row tonight: %v) has a bonus entry: %v", c, hasCashRow(c), in)
		}
	}
	for _, k := range []int{0, 2} {
		if find(bin, EarnedTicket("wed", "bonus", k)) >= 0 {
			t.Errorf("Wednesday's win %d, of a card with no entry tonight, is in the bin", k)
		}
	}
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpClaim})
	fresh := NewEngine(sh, src, func() time.Time { return r.now })
	fresh.SetSeed(r.seed)
	fresh.SetCampaign(wednesday)
	if err := fresh.Replay(journal(t, r.evs)); err != nil {
		t.Fatalf("replay: %v", err)
	}

	// an export's replay holds the freeze's account to the bin
	bins := map[string][]Entry{}
	for _, s := range r.eng.State().Segs {
		bins[s.Seg.ID] = slices.Clone(s.Bin.Entries)
	}
	replay := func(evs []Event, edit func([]Entry) []Entry) error {
		e := NewEngine(sh, nil, time.Now)
		e.SetSeed(r.seed)
		e.FromBins(func(seg string) ([]Entry, error) {
			if seg == "cash" && edit != nil {
				return edit(slices.Clone(bins[seg])), nil
			}
			return bins[seg], nil
		})
		return e.Replay(journal(t, evs))
	}
	if err := replay(r.evs, nil); err != nil {
		t.Fatalf("the export's bins: %v", err)
	}
	// a freeze that says a card with tickets in the bin had no entry
	var holder string
	for _, e := range bins["cash"] {
		if !IsEarned(e.Ticket) {
			holder = e.Participant
			break
		}
	}
	forged := slices.Clone(r.evs)
	for i, ev := range forged {
		if ev.Kind == BinFrozen && ev.Segment == "cash" {
			fz := *ev.Frozen
			fz.NoEntry = append(slices.Clone(fz.NoEntry), holder)
			slices.Sort(fz.NoEntry)
			forged[i].Frozen = &fz
		}
	}
	want1 := fmt.Sprintf("cash: the freeze says %s had no entry that day, but the bin holds its ticket", holder)
	if err := replay(forged, nil); err == nil || !strings.Contains(err.Error(), want1) {
		t.Errorf("a forged no entry: %v, want %q", err, want1)
	}
	// a bonus entry of a card the freeze says had none
	var missing string
	for k, c := range won {
		if !hasCashRow(c) {
			missing = EarnedTicket("s", "bonus", k)
			add := func(es []Entry) []Entry {
				es = append(es, Entry{Ticket: missing, Participant: c, Weight: 2})
				SortEntries(es)
				return es
			}
			want := fmt.Sprintf("cash: the bin holds the bonus entry %s of %s, whom the freeze says had no entry that day", missing, c)
			if err := replay(r.evs, add); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("a bonus entry added for %s, who had no entry: %v", c, err)
			}
			break
		}
	}
}

// needs_entry: false gives every win its entries, as edition 2 did.
func TestBonusEntriesNeedsEntryFalse(t *testing.T) {
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
    bonus_entries: {from: [bonus], per_win: 2, since: 2024-11-25, needs_entry: false}
`)
	_, src := bonusNight(t)
	r := newRig(t, sh, src, seedOf(51))
	r.eng.SetCampaign(wednesday)
	bonusWins(r)
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	want := []Earned{{Show: "wed", Segment: "bonus", Wins: 2, Entries: 4}, {Show: "s", Segment: "bonus", Wins: 3, Entries: 6}}
	if !slices.Equal(f.Earned, want) || f.NoEntry != nil {
		t.Fatalf("earned %+v, no entry %v; want %+v and none", f.Earned, f.NoEntry, want)
	}
	b, _ := json.Marshal(f)
	if strings.Contains(string(b), "no_entry") {
		t.Errorf("the freeze writes no_entry when none: %s", b)
	}
}
