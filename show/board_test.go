package show

import (
	"slices"
	"strings"
	"testing"
)

// TestBoardExclusions: from rules edition 4 a leaderboard's final
// standings name the players of the exclusions list, matched as cards are
// (leading zeros aside), and no board shows them. A replay holds the
// recorded cards to the list, or without it to the rows; an older
// edition's record names none, and replays as it was made (issue 39).
func TestBoardExclusions(t *testing.T) {
	sh, err := Parse("/shows/s.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n"+
		"  - {id: prive, kind: leaderboard, title: Prive, standings: standings.csv}\n"))
	if err != nil {
		t.Fatal(err)
	}
	rows := []Standing{{Card: "0011111111", Points: 5}, {Card: "0035437525", Points: 9}, {Card: "0022222222", Points: 7}}
	closed := func(rules int, list []string) *rig {
		r := newRigEdition(t, sh, memRows{}, seedOf(1), t0, rules)
		r.eng.SetExclusions(list)
		if on := r.eng.Board(rows); rules >= 4 && len(on) != 2 || rules < 4 && len(on) != 3 {
			t.Errorf("edition %d: the board shows %+v", rules, on)
		}
		r.do(Command{Op: OpLoad, Segment: "prive", Standings: &Standings{File: "standings.csv", Rows: rows}})
		r.do(Command{Op: OpClose})
		return r
	}
	r := closed(Rules, []string{"35437525"})
	if got := r.eng.State().Seg("prive").Standings.Excluded; !slices.Equal(got, []string{"0035437525"}) {
		t.Fatalf("excluded %v", got)
	}
	replay := func(evs []Event, list []string) error {
		setup := Setup{Seed: seedOf(1), Excluding: list != nil, Exclusions: list}
		_, err := Fold(sh, memRows{}, nil, setup, evs)
		return err
	}
	if err := replay(r.evs, []string{"35437525"}); err != nil {
		t.Fatalf("replay with the list: %v", err)
	}
	if err := replay(r.evs, nil); err != nil {
		t.Fatalf("replay without the list: %v", err)
	}
	forged := slices.Clone(r.evs)
	i := slices.IndexFunc(forged, func(e Event) bool { return e.Kind == StandingsRecorded })
	s := *forged[i].Standings
	s.Excluded = nil
	forged[i].Standings = &s
	if err := replay(forged, []string{"35437525"}); err == nil || !strings.Contains(err.Error(), "standings-recorded") {
		t.Errorf("a forged board with the excluded player back on it replays: %v", err)
	}
	s.Excluded = []string{"0099999999"}
	if err := replay(forged, nil); err == nil || !strings.Contains(err.Error(), "not cards of its rows") {
		t.Errorf("an excluded card of no row replays without the list: %v", err)
	}

	old := closed(3, []string{"35437525"})
	if got := old.eng.State().Seg("prive").Standings.Excluded; got != nil {
		t.Errorf("an edition 3 record names excluded cards %v", got)
	}
	if err := replay(old.evs, []string{"35437525"}); err != nil {
		t.Errorf("an edition 3 record no longer replays: %v", err)
	}
}
