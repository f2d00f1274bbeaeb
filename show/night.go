package show

import (
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// An official show runs on its own night: it opens on the day of its
// advertised time, and at the latest 24 hours after it (issue 25). A draw
// postponed for a technical failure (Royal Flush 84) is given its new
// night in the show file, with the night it moved from and why.

// NightGrace is how long after its advertised time an official show may
// still open.
const NightGrace = 24 * time.Hour

// Postponed is a show moved to another night: From is the time it was
// advertised for, Reason why it moved (rule 84: a technical failure).
// The segments' at times are the new night's.
type Postponed struct {
	From   time.Time
	Reason string
}

type postponedYAML struct {
	From   string `yaml:"from"`
	Reason string `yaml:"reason"`
}

// Advertised is the show's advertised time: its first scheduled
// segment's at; zero when no segment has one (the show's date is then the
// day it opens).
func (s *Show) Advertised() time.Time {
	for i := range s.Segments {
		if at := s.Segments[i].At; !at.IsZero() {
			return at
		}
	}
	return time.Time{}
}

// Night is when an official show of s may open: from the start of its
// advertised day to NightGrace after its advertised time. ok is false
// for a show with no at time, which may open any time (its date is the
// day it opens).
func (s *Show) Night() (from, to time.Time, ok bool) {
	at := s.Advertised()
	if at.IsZero() {
		return time.Time{}, time.Time{}, false
	}
	l := at.In(s.Location)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, s.Location), at.Add(NightGrace), true
}

// OnItsNight says why wall, the machine's clock, is not a time the
// official show may open at; nil when it is.
func (s *Show) OnItsNight(wall time.Time) error {
	from, to, ok := s.Night()
	if !ok {
		return nil
	}
	const f = "2006-01-02 15:04 MST"
	moved := ""
	if p := s.Postponed; p != nil {
		moved = fmt.Sprintf(" (postponed from %s)", p.From.In(s.Location).Format(f))
	}
	switch {
	case wall.Before(from):
		return refuse("the show is advertised for %s%s: an official show opens on its own night, not before %s (the machine's clock says %s); rehearse it with --rehearsal",
			s.Advertised().In(s.Location).Format(f), moved, from.Format(f), wall.In(s.Location).Format(f))
	case wall.After(to):
		return refuse("the show was advertised for %s%s: an official show opens at most %v after its advertised time, by %s (the machine's clock says %s); a draw postponed for a technical failure (rule 84) gets its new night in the show file (postponed: {from, reason}, the segments' at times the new night's)",
			s.Advertised().In(s.Location).Format(f), moved, NightGrace, to.Format(f), wall.In(s.Location).Format(f))
	}
	return nil
}

// postponed reads the show file's postponed: {from, reason}.
func (s *Show) postponed(p *problems, root *yaml.Node, r *postponedYAML) {
	if r == nil {
		return
	}
	n := value(root, "postponed")
	checkKeys(p, n, []string{"from", "reason"}, "postponed")
	pp := &Postponed{Reason: strings.TrimSpace(r.Reason)}
	if pp.Reason == "" {
		p.add(n, "postponed: reason is required (why the draw moved, e.g. rule 84: the drum's motor failed)")
	}
	if r, bad := UnsafeRune(pp.Reason); bad {
		p.add(value(n, "reason"), "postponed: reason holds the control character %U", r)
	}
	from, err := ParseLocal(r.From, s.Location)
	if err != nil {
		from, err = time.ParseInLocation(time.DateOnly, r.From, s.Location)
	}
	switch {
	case r.From == "":
		p.add(n, "postponed: from is required (the date and time the show was advertised for, 2024-11-30T21:30)")
	case err != nil:
		p.add(value(n, "from"), "postponed: from %q is not a local time like 2024-11-30T21:30 or a date", r.From)
	case s.Advertised().IsZero():
		p.add(n, "postponed: the show's new night is its segments' at times, and none has one")
	case !from.Before(s.Advertised()):
		p.add(value(n, "from"), "postponed: from %s is not before the new night's first draw, %s", r.From, s.Advertised().In(s.Location).Format("2006-01-02T15:04"))
	}
	pp.From = from
	s.Postponed = pp
}
