package show

import (
	"sync"
	"time"
)

// StepLimit is the largest move of the system clock against the show's
// that goes unreported: NTP slews by far less, a person or a bad sync by
// far more.
const StepLimit = 2 * time.Second

// Clock is the show's time while a process runs it: the wall clock read
// once at the start, carried forward by the monotonic clock. A countdown
// measured on it lasts its seconds whatever is done to the system clock,
// and the times it records never run back. A step of the system clock is
// reported by Stepped and changes nothing.
type Clock struct {
	wall    func() time.Time
	elapsed func() time.Duration
	start   time.Time // the wall clock when elapsed read zero

	mu   sync.Mutex
	skew time.Duration // the system clock against the show's, as last reported
}

// NewClock is a clock over a wall clock and a monotonic one, elapsed
// giving the time since some fixed moment. Tests step one without the
// other.
func NewClock(wall func() time.Time, elapsed func() time.Duration) *Clock {
	return &Clock{wall: wall, elapsed: elapsed, start: wall().Round(0).Add(-elapsed())}
}

// SystemClock is the process's own: time.Now, whose readings carry the
// monotonic clock as well as the wall's.
func SystemClock() *Clock {
	t0 := time.Now()
	return NewClock(time.Now, func() time.Duration { return time.Since(t0) })
}

// Now is the show's time.
func (c *Clock) Now() time.Time { return c.start.Add(c.elapsed()) }

// Stepped reports by how much the system clock has moved against the
// show's since the last step it reported, when that is more than
// StepLimit.
func (c *Clock) Stepped() (time.Duration, bool) {
	skew := c.wall().Round(0).Sub(c.Now())
	c.mu.Lock()
	defer c.mu.Unlock()
	d := skew - c.skew
	if d.Abs() <= StepLimit {
		return 0, false
	}
	c.skew = skew
	return d, true
}
