package show

import (
	"testing"
	"time"
)

func TestRankTiesAreasTopAndMovement(t *testing.T) {
	st := []Standing{
		{Card: "A", Points: 500, Area: "Mike"},
		{Card: "B", Points: 900, Area: "Kilo"},
		{Card: "C", Points: 500, Area: "mike"},
		{Card: "D", Points: 700, Area: "Hotel"}, // not a leaderboard area
		{Card: "E", Points: 100, Area: "Kilo"},
		{Card: "F", Points: 500, Area: "Kilo"},
	}
	b := Rank(st, []string{"Mike", "Kilo"}, 2, nil)
	// B first; A, C, F tie for second: the tie at the cut stays in
	want := []struct {
		card string
		rank int
	}{{"B", 1}, {"A", 2}, {"C", 2}, {"F", 2}}
	if len(b) != len(want) {
		t.Fatalf("board %+v", b)
	}
	for i, w := range want {
		if b[i].Card != w.card || b[i].Rank != w.rank || b[i].New || b[i].Move != 0 {
			t.Fatalf("place %d: %+v, want %s at %d", i, b[i], w.card, w.rank)
		}
	}
	st[4].Points = 1000 // E climbs to the top
	next := Rank(st, []string{"Mike", "Kilo"}, 3, b)
	if next[0].Card != "E" || !next[0].New || next[1].Card != "B" || next[1].Move != -1 || next[2].Move != -1 {
		t.Fatalf("movement: %+v", next)
	}
}

func TestLive(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2024, 12, 20, h, 0, 0, 0, time.UTC) }
	ws := []Window{{at(17), at(21)}}
	for h, want := range map[int]bool{16: false, 17: true, 20: true, 21: false} {
		if Live(ws, at(h)) != want {
			t.Errorf("%dh: live %v", h, !want)
		}
	}
	if !Live(nil, at(3)) {
		t.Error("no windows should mean always live")
	}
}
