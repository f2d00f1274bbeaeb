package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// The system clock stepped back ten minutes mid-countdown: the operator
// is told and the log has it, and the no-show still comes at the
// announcement's 90 s, on the show's clock.
func TestClockStepMidCountdown(t *testing.T) {
	var (
		clk    *show.Clock
		wall   time.Duration // the system clock against the show's
		logged []string
	)
	r := newRig(t, func(o *Options) {
		o.Stepped = func() (time.Duration, bool) {
			if clk == nil {
				return 0, false
			}
			return clk.Stepped()
		}
		o.Log = func(msg string) { logged = append(logged, msg) }
	})
	start := r.clk.Now()
	clk = show.NewClock(func() time.Time { return r.clk.Now().Add(wall) }, func() time.Duration { return r.clk.Now().Sub(start) })

	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	deadline := r.pick().Deadline

	wall = -10 * time.Minute
	r.clk.Add(1100 * time.Millisecond)
	r.update()
	if len(logged) != 1 || !strings.Contains(logged[0], "stepped by -10m0s") || !strings.Contains(r.s.host.message, "no countdown changed") {
		t.Fatalf("logged %q, told %q", logged, r.s.host.message)
	}
	if r.pick().Outcome != show.Pending {
		t.Fatalf("the step decided the pick: %q", r.pick().Outcome)
	}
	r.clk.Set(deadline)
	r.decided(show.NoShow)
	if p := r.pick(); !p.DecidedAt.Equal(deadline) {
		t.Fatalf("no-show at %v, deadline %v", p.DecidedAt, deadline)
	}
	if len(logged) != 1 {
		t.Fatalf("one step reported %d times: %q", len(logged), logged)
	}
}
