package e2e

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/show"
)

// TestJackpotLedgerOverWeeks runs four weekly shows in one campaign
// database: not won, not won, won, then a guaranteed week (5 balls, 5
// winners: always won). A rehearsal between them reads the rehearsals'
// ledger, and what it settles counts for no official show.
func TestJackpotLedgerOverWeeks(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	weeks := []struct {
		name       string
		day        int
		guaranteed bool
		won        int // the turn that chooses the jackpot ball; -1 never
		value      int64
		next       int64
	}{
		{"week 1: not won", 1, false, -1, 20000, 40000},
		{"week 2: not won", 8, false, -1, 40000, 60000},
		{"week 3: won", 15, false, 1, 60000, 20000},
		{"week 4: guaranteed", 22, true, 4, 20000, 20000},
	}
	var want []show.Settled
	for i, w := range weeks {
		at := time.Date(2024, 12, w.day, 17, 30, 0, 0, time.UTC)
		if i == 2 {
			// a rehearsal of week 3's show the afternoon before: it reads the
			// rehearsals' ledger, not the official one (none yet: the
			// base), wins the jackpot, and changes nothing for week 3
			db, ss := c.Open(t, "rehearsal.yaml", rig.WeekShow(w.day, false), true, at.Add(-4*time.Hour))
			if got := ss.Eng.State().JackpotBefore(ss.Eng.State().CurSeg().Seg.Jackpot); got != 20000 {
				t.Fatalf("the rehearsal starts the jackpot at %d, want the base, 20000", got)
			}
			rig.DrawFive(t, ss)
			rig.ChooseBalls(t, db, ss, 0)
			if s := ss.Eng.State().CurSeg().Settled; s == nil || !s.Won || s.Value != 20000 {
				t.Fatalf("rehearsal settled %+v", s)
			}
			rig.Do(t, ss, show.OpClose)
			if got, err := db.JackpotLedger("festivo-chest", "", true); err != nil || len(got) != 1 || got[0].Value != 20000 {
				t.Fatalf("the rehearsals' ledger %+v, %v", got, err)
			}
			db.Close()
		}
		db, ss := c.Open(t, fmt.Sprintf("week%d.yaml", i+1), rig.WeekShow(w.day, w.guaranteed), false, at)
		seg := ss.Eng.State().CurSeg()
		if got := ss.Eng.State().Jackpot(seg); got != w.value {
			t.Fatalf("%s: the attract loop shows %d, want %d", w.name, got, w.value)
		}
		rig.DrawFive(t, ss)
		if i == 2 {
			// a crash after the freeze: the frozen value stands
			db.Close()
			db, ss = c.Open(t, fmt.Sprintf("week%d.yaml", i+1), rig.WeekShow(w.day, w.guaranteed), false, at)
		}
		if f := ss.Eng.State().CurSeg().Frozen; f.Jackpot != w.value {
			t.Fatalf("%s: frozen at %d, want %d", w.name, f.Jackpot, w.value)
		}
		rig.ChooseBalls(t, db, ss, w.won)
		seg = ss.Eng.State().CurSeg()
		wantS := show.Settled{Name: "festivo-chest", Value: w.value, Won: w.won >= 0, Next: w.next}
		if seg.Settled == nil || *seg.Settled != wantS {
			t.Fatalf("%s: settled %+v, want %+v", w.name, seg.Settled, wantS)
		}
		jackpots := 0
		for _, p := range seg.Picks {
			if p.Choice.Jackpot {
				jackpots++
				if p.Choice.Amount != w.value {
					t.Errorf("%s: the jackpot paid %d, want %d", w.name, p.Choice.Amount, w.value)
				}
			} else if p.Choice.Amount != 2000 {
				t.Errorf("%s: pick %d paid %d, want the consolation", w.name, p.K, p.Choice.Amount)
			}
		}
		if jackpots != min(1, w.won+1) {
			t.Errorf("%s: %d jackpots paid", w.name, jackpots)
		}
		rig.Do(t, ss, show.OpClose)
		want = append(want, wantS)
		got, err := db.JackpotLedger("festivo-chest", "", false)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: ledger %+v, %v\nwant %+v", w.name, got, err, want)
		}
		if got, _ := db.JackpotLedger("festivo-chest", ss.ID, false); !slices.Equal(got, want[:i]) {
			t.Fatalf("%s: the ledger without tonight %+v, want %+v", w.name, got, want[:i])
		}
		if other, _ := db.JackpotLedger("another-chest", "", false); len(other) != 0 {
			t.Fatalf("another jackpot's ledger: %+v", other)
		}
		db.Close()

		// reopened after it settled, the show still says what it paid
		db, ss = c.Open(t, fmt.Sprintf("week%d.yaml", i+1), rig.WeekShow(w.day, w.guaranteed), false, at)
		st := ss.Eng.State()
		if b := st.CurSeg().Frozen.Jackpot; b != w.value {
			t.Fatalf("%s reopened: the chest froze %d, want %d", w.name, b, w.value)
		}
		if b := st.JackpotBefore(st.CurSeg().Seg.Jackpot); b != wantS.Next {
			t.Fatalf("%s reopened: the jackpot now is %d, want next week's %d", w.name, b, wantS.Next)
		}
		db.Close()
	}
}

// TestGuaranteedWeekAlwaysWon: with five balls and five winners the
// jackpot is paid even when every winner passes its ball over.
func TestGuaranteedWeekAlwaysWon(t *testing.T) {
	t.Parallel()
	for day := 1; day <= 6; day++ {
		c := rig.NewCampaign(t)
		db, ss := c.Open(t, "week.yaml", rig.WeekShow(day, true), false, time.Date(2024, 12, day, 17, 30, 0, 0, time.UTC))
		rig.DrawFive(t, ss)
		rig.ChooseBalls(t, db, ss, 99) // every winner passes it over: the last takes it
		if s := ss.Eng.State().CurSeg().Settled; s == nil || !s.Won || s.Next != 20000 {
			t.Fatalf("day %d: settled %+v", day, s)
		}
	}
}
