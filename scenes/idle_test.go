package scenes

import (
	"time"

	"drawshow/show"
)

// waitIdle waits, on the wall clock and without moving the show clock, until
// nothing is in flight: no command with the worker, and no pick past its
// deadline that the engine is still to record as a no-show (its ticker
// runs on the wall clock). Only the worker's replies are taken meanwhile,
// with no Update, so the show goes the same way however fast the machine
// commits. waitFor guards against a hang.
func (r *rig) waitIdle() {
	r.t.Helper()
	deadline := time.Now().Add(waitFor)
	for r.s.work.busy || r.overdue() {
		if time.Now().After(deadline) {
			r.t.Fatalf("waited %v for the worker; phase %s, busy %v, message %q", waitFor, r.scene(), r.s.work.busy, r.s.host.message)
		}
		time.Sleep(time.Millisecond)
		r.s.drain()
	}
}

// overdue reports whether the stage shows a pending pick whose deadline
// has passed on the show clock.
func (r *rig) overdue() bool {
	seg := r.s.view.st.CurSeg()
	if seg == nil {
		return false
	}
	p := seg.Last()
	return p != nil && p.Outcome == show.Pending && !p.Deadline.IsZero() && !r.clk.Now().Before(p.Deadline)
}
