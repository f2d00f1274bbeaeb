package show

import (
	"testing"
	"time"
)

// systemTime is a wall clock and a monotonic one, which a person or a bad
// sync can step apart.
type systemTime struct {
	wall time.Time
	mono time.Duration
}

func (s *systemTime) pass(d time.Duration) { s.wall, s.mono = s.wall.Add(d), s.mono+d }

func (s *systemTime) clock() *Clock {
	return NewClock(func() time.Time { return s.wall }, func() time.Duration { return s.mono })
}

// A step of the system clock mid-countdown changes no countdown: a claim
// 8 min 10 s after a step back comes after the no-show, and a step
// forward records no no-show 10 s after the announcement.
func TestCountdownKeepsTrueTime(t *testing.T) {
	for _, c := range []struct {
		name string
		step time.Duration
	}{{"back", -10 * time.Minute}, {"forward", 5 * time.Minute}} {
		t.Run(c.name, func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a"}, 3)
			sys := &systemTime{wall: t0}
			clk := sys.clock()
			r.eng.now = clk.Now
			dl := r.draw().Deadline
			if !dl.Equal(t0.Add(90 * time.Second)) {
				t.Fatalf("deadline %v, want the announcement's wall clock + 90 s", dl)
			}
			sys.pass(10 * time.Second)
			sys.wall = sys.wall.Add(c.step)
			if d, ok := clk.Stepped(); !ok || d != c.step {
				t.Fatalf("Stepped() = %v, %v; want %v", d, ok, c.step)
			}
			if d, ok := clk.Stepped(); ok {
				t.Fatalf("the same step reported twice: %v", d)
			}
			if evs := r.do(Command{Op: OpTick}); len(evs) != 0 {
				t.Fatalf("a tick 10 s into the countdown: %v", evKinds(evs))
			}
			sys.pass(79 * time.Second)
			if evs := r.do(Command{Op: OpTick}); len(evs) != 0 || r.last().Outcome != Pending {
				t.Fatalf("a tick 89 s into the countdown: %v", evKinds(evs))
			}
			if c.step > 0 {
				r.do(Command{Op: OpClaim})
				if p := r.last(); p.Outcome != Claimed || !p.DecidedAt.Equal(t0.Add(89*time.Second)) {
					t.Fatalf("claim at 89 s: %+v", p)
				}
				return
			}
			sys.pass(8 * time.Minute)
			r.refused(Command{Op: OpClaim}, "the no-show stands")
			evs := r.do(Command{Op: OpTick})
			if len(evs) != 1 || evs[0].Pick.Outcome != NoShow || !evs[0].At.Equal(dl) {
				t.Fatalf("the late tick: %+v", evs)
			}
		})
	}
}

func TestClockStepsUnderTheLimitPass(t *testing.T) {
	sys := &systemTime{wall: t0}
	clk := sys.clock()
	for range 10 {
		sys.pass(time.Minute)
		sys.wall = sys.wall.Add(StepLimit / 4) // a slow drift is reported once it adds up
		if d, ok := clk.Stepped(); ok && d <= StepLimit {
			t.Fatalf("reported %v", d)
		}
	}
	if !clk.Now().Equal(t0.Add(10 * time.Minute)) {
		t.Fatalf("Now = %v", clk.Now())
	}
}

// A clock set back across a restart: the events after it carry the last
// event's time, so the journal still replays (time never runs back there).
func TestEventsNeverRunBack(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a"}, 3)
	last := r.eng.State().LastAt
	r.now = last.Add(-time.Hour)
	r.draw()
	for _, e := range r.evs {
		if e.At.Before(last) {
			t.Fatalf("seq %d %s at %v, before %v", e.Seq, e.Kind, e.At, last)
		}
	}
	eng := NewEngine(r.sh, r.src, func() time.Time { return r.now })
	if err := eng.SetSeed(r.seed); err != nil {
		t.Fatal(err)
	}
	if err := eng.Replay(journal(t, r.evs)); err != nil {
		t.Fatalf("replay: %v", err)
	}
}
