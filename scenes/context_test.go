package scenes

import (
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"drawshow/show"
)

// TestSpreadNames: no masked name twice side by side on the reel, the
// winner last, every row kept.
func TestSpreadNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		rows := make([]reelRow, 8+n%40)
		for i := range rows {
			// few names, so that repeats are common
			rows[i] = reelRow{name: string(rune('A' + rng.IntN(6))), ticket: string(rune('a' + i))}
		}
		if most(rows) > len(rows)/3 {
			continue // an order may not exist; these are not the reel's pools
		}
		winner := rows[len(rows)-1]
		before := slices.Clone(rows)
		got := spreadNames(slices.Clone(rows))
		if got[len(got)-1] != winner {
			t.Fatalf("%v: the winner moved: %v", before, got)
		}
		if !sameRows(before, got) {
			t.Fatalf("%v: rows lost or added: %v", before, got)
		}
		for i := 1; i < len(got); i++ {
			if got[i].name == got[i-1].name {
				t.Fatalf("%v: rows %d and %d are both %q: %v", before, i-1, i, got[i].name, got)
			}
		}
	}
}

// most is the count of the commonest name.
func most(rows []reelRow) int {
	c, m := map[string]int{}, 0
	for _, r := range rows {
		c[r.name]++
		m = max(m, c[r.name])
	}
	return m
}

// TestSpreadNamesOneName: a pool of one name stays as it was.
func TestSpreadNamesOneName(t *testing.T) {
	rows := []reelRow{{"A", "1"}, {"A", "2"}, {"A", "3"}}
	if got := spreadNames(slices.Clone(rows)); !slices.Equal(got, rows) {
		t.Errorf("got %v", got)
	}
}

func sameRows(a, b []reelRow) bool {
	key := func(r reelRow) string { return r.name + "\x00" + r.ticket }
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		ka[i] = key(a[i])
	}
	for i := range b {
		kb[i] = key(b[i])
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

// TestReelOvershoots: the reel passes the winner by a fraction of a row
// and settles on it, and never runs back before that.
func TestReelOvershoots(t *testing.T) {
	const rows = 40
	peak, prev := 0.0, 0.0
	for f := 0; f <= 390; f++ { // 6.5 s at 60 frames a second
		p := reelPos(time.Duration(f)*reelTime/390, rows)
		if p > peak {
			peak = p
		}
		if peak < rows-1 && p < prev {
			t.Fatalf("frame %d: the reel ran back (%.3f after %.3f) before the winner", f, p, prev)
		}
		prev = p
	}
	if over := peak - (rows - 1); over < 0.2 || over > 0.5 {
		t.Errorf("overshoot %.3f rows, want a fraction of a row", over)
	}
	if end := reelPos(reelTime, rows); end != rows-1 {
		t.Errorf("the reel stops at %.3f, not on the winner", end)
	}
}

// TestRingSpentContrast: the spent part of the countdown ring stands at
// 3:1 or more against every background the examples and the demo use.
func TestRingSpentContrast(t *testing.T) {
	for _, b := range []show.Brand{{}, {Background: "#120e2a"}, {Background: "#120a0e"}, {Background: "#0b102a"}, {Background: "#ffffff"}} {
		theme, err := NewTheme(b, nil)
		if err != nil {
			t.Fatal(err)
		}
		spent := atContrast(theme.Dim, theme.Background, 3)
		if c := contrast(spent, theme.Background); c < 3 && spent != theme.Dim {
			t.Errorf("background %v: spent ring %v at %.2f:1", theme.Background, spent, c)
		}
	}
	if c := contrast(color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}); c < 20.9 || c > 21.1 {
		t.Errorf("black on white %.2f:1, want 21:1", c)
	}
}

// TestContextLine: the winner's number holds through a redraw.
func TestContextLine(t *testing.T) {
	seg := &show.SegState{Seg: &show.Segment{Title: "Saturday Cash Draw", Winners: 5}}
	pick := func(o show.Outcome) show.Pick { return show.Pick{PickRef: show.PickRef{Outcome: o}} }
	seg.Picks = []show.Pick{pick(show.Claimed), pick(show.NoShow), pick(show.Pending)}
	if got, want := contextLine(seg), "SATURDAY CASH DRAW  ·  WINNER 2 OF 5"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	seg.Picks[2].Outcome = show.Claimed
	if got, want := contextLine(seg), "SATURDAY CASH DRAW  ·  WINNER 2 OF 5"; got != want {
		t.Errorf("claimed: got %q, want %q", got, want)
	}
}
