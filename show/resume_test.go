package show

import (
	"testing"
	"time"
)

// TestCrashInTheCountdown: the stage is killed 11 s into a countdown and
// started again after the deadline. The engine does not turn the lapsed
// countdown into a no-show (nobody could claim while the stage was
// dark): the host records what happened, and the record marks the
// decision as taken after a restart (issue 24).
func TestCrashInTheCountdown(t *testing.T) {
	for _, c := range []struct {
		name    string
		decide  Command
		outcome Outcome
	}{
		{"claimed in time", Command{Op: OpClaim}, Claimed},
		{"no-show", Command{Op: OpNoShow}, NoShow},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
			p := r.draw()
			r.now = r.now.Add(11 * time.Second)
			last := r.eng.State().LastAt
			r.now = p.Deadline.Add(5 * time.Minute) // down for the rest of the countdown and more
			evs := r.do(Command{Op: OpResume, Text: "stage"})
			if len(evs) != 1 || evs[0].Kind != Resumed || *evs[0].Restart != (Restart{Mode: ModeStage, Last: last}) {
				t.Fatalf("the resume recorded %+v", evs)
			}
			if d := r.eng.State().Restarts; len(d) != 1 || !d[0].From.Equal(last) || !d[0].To.Equal(r.now) {
				t.Errorf("downtimes %+v", d)
			}
			if evs := r.wait(time.Second); len(evs) != 0 {
				t.Fatalf("the engine decided a lapsed countdown: %+v", evs[0].Pick)
			}
			r.do(c.decide)
			got := r.last()
			if got.Outcome != c.outcome || got.By != "host" || !got.AfterRestart {
				t.Errorf("%+v, want %s by the host after a restart", got.PickRef, c.outcome)
			}
			fresh := NewEngine(r.sh, r.src, func() time.Time { return r.now })
			if err := fresh.Replay(journal(t, r.evs)); err != nil {
				t.Fatal(err)
			}
			if g, w := stateJSON(t, fresh.State()), stateJSON(t, r.eng.State()); g != w {
				t.Errorf("replayed state differs:\n%s\nwant\n%s", g, w)
			}
		})
	}
}

// TestResumeWithSecondsLeft: a countdown still running at the restart
// goes on to its deadline, where the engine records the no-show as ever;
// the host's no-show is refused while it runs.
func TestResumeWithSecondsLeft(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Prizes: []string{"R10 000"}}, 4)
	p := r.draw()
	r.now = r.now.Add(30 * time.Second)
	r.do(Command{Op: OpResume, Text: "headless"})
	if l := r.last(); l.Lapsed || !l.Deadline.Equal(p.Deadline) {
		t.Fatalf("%+v: the countdown did not go on", l)
	}
	r.refused(Command{Op: OpNoShow}, "a: a no-show is the engine's, when the 90s to claim run out; the host records one only for a countdown that ended while drawshow was down")
	r.wait(60 * time.Second)
	if l := r.last(); l.Outcome != NoShow || l.By != "engine" || l.AfterRestart {
		t.Errorf("%+v, want the engine's no-show", l.PickRef)
	}
	if _, err := r.try(Command{Op: OpResume, Text: "tablet"}); err == nil || err.Error() != `resume: mode "tablet" is neither stage nor headless` {
		t.Errorf("an unknown mode: %v", err)
	}
}
