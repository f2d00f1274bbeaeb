package show

import (
	"strings"
	"testing"
	"time"
)

// TestOpeningOnItsNight: from rules edition 2 an opening names its mode
// and clock, an official show's clock is the machine's, and it opens on
// its own night by it; the fold holds a record to the same, so an
// official show forged with a show clock set by hand does not verify.
func TestOpeningOnItsNight(t *testing.T) {
	sh := mkShow(Segment{ID: "a", At: time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)})
	for _, c := range []struct {
		name string
		o    Opened
		now  time.Time
		want string
	}{
		{"no mode", Opened{WallClock: t0, ClockSource: ClockWall}, t0, `mode "" is neither`},
		{"no wall clock", Opened{Mode: ModeStage, ClockSource: ClockWall}, t0, "the machine's clock at open is not recorded"},
		{"clock set by hand", Opened{Mode: ModeHeadless, WallClock: t0, ClockSource: ClockSet}, t0, "a show clock set by hand (--clock) is for rehearsals"},
		{"clock off the machine's", Opened{Mode: ModeHeadless, WallClock: t0, ClockSource: ClockWall}, t0.Add(-2 * time.Minute), "is -2m0s from the machine's"},
		{"a week late", Opened{Mode: ModeHeadless, WallClock: t0.AddDate(0, 0, 7), ClockSource: ClockWall}, t0.AddDate(0, 0, 7), "at most 24h0m0s after"},
		{"fine", Opened{Mode: ModeHeadless, WallClock: t0, ClockSource: ClockWall}, t0.Add(30 * time.Second), ""},
		{"a rehearsal a week late", Opened{Rehearsal: true, Mode: ModeHeadless, WallClock: t0.AddDate(0, 0, 7), ClockSource: ClockSet}, t0.AddDate(0, 0, -30), ""},
	} {
		now := c.now
		eng := NewEngine(sh, memRows{}, func() time.Time { return now })
		o := c.o
		o.Rules, o.Algorithm = Rules, Algorithm
		_, err := eng.Decide(Command{Op: OpOpen, ShowID: "s", Opening: &o})
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		// an older edition is held to none of it
		o.Rules = 1
		if _, err := NewEngine(sh, memRows{}, func() time.Time { return now }).Decide(Command{Op: OpOpen, ShowID: "s", Opening: &o}); err != nil {
			t.Errorf("%s under rules 1: %v", c.name, err)
		}
	}
}
