package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// weekShow is one Sunday's jackpot chest of a campaign: the same jackpot
// every week, a show file of its own.
func weekShow(day int, guaranteed bool) string {
	return fmt.Sprintf(`promotion: Summer Festivo
property: Montecasino
segments:
  - id: chest
    kind: jackpot-chest
    title: Jackpot Chest
    at: "2024-12-%02dT20:00"
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    entries: chest.csv
    winners: 5
    attendance: not-required
    jackpot: {name: festivo-chest, base: 20000, step: 20000, consolation: 2000, guaranteed: %v}
`, day, guaranteed)
}

// campaign is one campaign database that every week's show opens.
type campaign struct {
	Dir, DBPath string
}

func newCampaign(t *testing.T) *campaign {
	t.Helper()
	dir := t.TempDir()
	rig.Write(t, filepath.Join(dir, "chest.csv"), pointsCSV("K", 12))
	return &campaign{Dir: dir, DBPath: filepath.Join(dir, "campaign.db")}
}

// open opens (or resumes) the show of text; a rehearsal has a fixed seed.
func (c *campaign) Open(t *testing.T, name, text string, rehearsal bool, at time.Time) (*store.DB, *session.Session) {
	t.Helper()
	path := filepath.Join(c.Dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(c.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sh, err := show.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	opt := session.Options{Rehearsal: rehearsal, NoWitness: true, Clock: func() time.Time { return at }, Wall: func() time.Time { return at }}
	if rehearsal {
		opt.Seed = rig.Seed
	}
	ss, err := session.Open(db, sh, []byte(text), opt)
	if err != nil {
		t.Fatal(err)
	}
	return db, ss
}

// drawFive draws the chest's five winners.
func drawFive(t *testing.T, ss *session.Session) {
	t.Helper()
	for ss.Eng.State().CurSeg().Winners() < 5 {
		rig.Do(t, ss, show.OpDraw)
	}
}

// jackpotBall is where the jackpot ball of tonight's chest is.
func jackpotBall(t *testing.T, db *store.DB, ss *session.Session) string {
	t.Helper()
	seed, err := db.Seed(ss.ID)
	if err != nil {
		t.Fatal(err)
	}
	seg := ss.Eng.State().CurSeg()
	return show.JackpotBall(show.Key(seed, ss.Eng.State().Witness()), seg.Seg.ID, seg.Seg.Jackpot.Balls)
}

// chooseBalls lets the winners choose in seat order: the jackpot ball at
// the turn won says, else the first ball that is not it, while there is one.
func chooseBalls(t *testing.T, db *store.DB, ss *session.Session, won int) {
	t.Helper()
	jp := jackpotBall(t, db, ss)
	for turn := 0; ss.Eng.State().CurSeg().Chooser() != nil; turn++ {
		seg := ss.Eng.State().CurSeg()
		ball := jp
		if turn != won {
			for _, it := range seg.Seg.Items() {
				if it != jp && !slices.Contains(seg.Taken(), it) {
					ball = it
					break
				}
			}
		}
		if _, err := ss.Do(show.Command{Op: show.OpChoose, Text: ball}, nil); err != nil {
			t.Fatalf("turn %d, ball %s: %v", turn, ball, err)
		}
	}
}

// TestJackpotLedgerOverWeeks runs four weekly shows in one campaign
// database: not won, not won, won, then a guaranteed week (5 balls, 5
// winners: always won). A rehearsal between them reads the rehearsals'
// ledger, and what it settles counts for no official show.
func TestJackpotLedgerOverWeeks(t *testing.T) {
	c := newCampaign(t)
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
			db, ss := c.Open(t, "rehearsal.yaml", weekShow(w.day, false), true, at.Add(-4*time.Hour))
			if got := ss.Eng.State().JackpotBefore(ss.Eng.State().CurSeg().Seg.Jackpot); got != 20000 {
				t.Fatalf("the rehearsal starts the jackpot at %d, want the base, 20000", got)
			}
			drawFive(t, ss)
			chooseBalls(t, db, ss, 0)
			if s := ss.Eng.State().CurSeg().Settled; s == nil || !s.Won || s.Value != 20000 {
				t.Fatalf("rehearsal settled %+v", s)
			}
			rig.Do(t, ss, show.OpClose)
			if got, err := db.JackpotLedger("festivo-chest", "", true); err != nil || len(got) != 1 || got[0].Value != 20000 {
				t.Fatalf("the rehearsals' ledger %+v, %v", got, err)
			}
			db.Close()
		}
		db, ss := c.Open(t, fmt.Sprintf("week%d.yaml", i+1), weekShow(w.day, w.guaranteed), false, at)
		seg := ss.Eng.State().CurSeg()
		if got := ss.Eng.State().Jackpot(seg); got != w.value {
			t.Fatalf("%s: the attract loop shows %d, want %d", w.name, got, w.value)
		}
		drawFive(t, ss)
		if i == 2 {
			// a crash after the freeze: the frozen value stands
			db.Close()
			db, ss = c.Open(t, fmt.Sprintf("week%d.yaml", i+1), weekShow(w.day, w.guaranteed), false, at)
		}
		if f := ss.Eng.State().CurSeg().Frozen; f.Jackpot != w.value {
			t.Fatalf("%s: frozen at %d, want %d", w.name, f.Jackpot, w.value)
		}
		chooseBalls(t, db, ss, w.won)
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
		db, ss = c.Open(t, fmt.Sprintf("week%d.yaml", i+1), weekShow(w.day, w.guaranteed), false, at)
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
	for day := 1; day <= 6; day++ {
		c := newCampaign(t)
		db, ss := c.Open(t, "week.yaml", weekShow(day, true), false, time.Date(2024, 12, day, 17, 30, 0, 0, time.UTC))
		drawFive(t, ss)
		chooseBalls(t, db, ss, 99) // every winner passes it over: the last takes it
		if s := ss.Eng.State().CurSeg().Settled; s == nil || !s.Won || s.Next != 20000 {
			t.Fatalf("day %d: settled %+v", day, s)
		}
	}
}
