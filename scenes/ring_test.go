package scenes

import (
	"testing"
	"time"

	"drawshow/show"
)

// TestRingTime: the running ring is painted in steps, and the seconds it
// shows are, at every instant, the seconds unrounded; the steps are
// sixteenths of a second, thirty-seconds in the last ten.
func TestRingTime(t *testing.T) {
	start := time.Date(2024, 11, 30, 21, 30, 0, 0, time.UTC)
	p := &show.Pick{PickRef: show.PickRef{Deadline: start.Add(90 * time.Second)}}
	painted := map[time.Time]bool{}
	for d := time.Duration(0); d <= 90*time.Second; d += time.Millisecond {
		now := start.Add(d)
		at := ringTime(p, now)
		if got, want := secondsText(p.Deadline.Sub(at)), secondsText(p.Deadline.Sub(now)); got != want {
			t.Fatalf("at %v: the ring shows %s seconds, want %s", d, got, want)
		}
		if at.After(now) {
			t.Fatalf("at %v: the ring shows %v, ahead of now", d, at.Sub(start))
		}
		painted[at] = true
	}
	if want := 80*16 + 10*32 + 1; len(painted) != want {
		t.Errorf("the ring is painted at %d times over 90 s, want %d", len(painted), want)
	}
}
