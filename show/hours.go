package show

import (
	"fmt"
	"time"
)

// sessionsPrefix begins the reason of a bonus jackpot whose sessions
// ended before it had its winners.
const sessionsPrefix = "its sessions ended at "

// hours records what a bonus jackpot's clock has decided by now: each
// hour of its sessions that ended short of its winners per hour, and,
// once its last session is over with winners missing and no winner still
// deciding, that it ended short. Every command on the segment records
// them first, so the host is never told to draw again in a session that
// is over.
func (d *decider) hours(seg *SegState) error {
	for _, h := range seg.dueHours(d.at) {
		if err := d.emit(Event{Kind: HourEnded, Segment: seg.Seg.ID, Hour: &h}); err != nil {
			return err
		}
	}
	if !seg.sessionsOver(d.at) {
		return nil
	}
	ws := seg.Seg.Bonus.sessions()
	w, last := seg.Winners(), ws[len(ws)-1].To
	return d.emit(Event{Kind: SegmentEnded, Segment: seg.Seg.ID, Ended: &Ended{
		Winners: w, Wanted: seg.Seg.Winners,
		Reason: fmt.Sprintf(sessionsPrefix+"%s with %d of %d winners", last.In(d.e.Show.Location).Format("15:04"), w, seg.Seg.Winners),
	}})
}

// hourDue reports whether the current segment's clock has something to
// record at t: the stage's ticks need no copy of the state otherwise.
func (st *State) hourDue(t time.Time) bool {
	seg := st.CurSeg()
	return seg != nil && (len(seg.dueHours(t)) > 0 || seg.sessionsOver(t))
}

// dueHours are the hours of a bonus jackpot's sessions that ended by t
// short of their target, not yet recorded. An hour is counted from the
// start of its session; a session's last may be shorter.
func (s *SegState) dueHours(t time.Time) []Hour {
	perHour := s.Seg.Bonus.perHour()
	if !s.Seg.traits().sessions || perHour == 0 || s.Ended != nil || s.Drawn() {
		return nil
	}
	var out []Hour
	for _, w := range s.Seg.Bonus.sessions() {
		for from := w.From; from.Before(w.To); from = from.Add(time.Hour) {
			to := from.Add(time.Hour)
			if to.After(w.To) {
				to = w.To
			}
			if t.Before(to) {
				return out
			}
			if s.recorded(from) {
				continue
			}
			won := 0
			for _, p := range s.Picks {
				if p.Outcome.Wins() && !p.DecidedAt.Before(from) && p.DecidedAt.Before(to) {
					won++
				}
			}
			if won < perHour {
				out = append(out, Hour{From: from.UTC(), To: to.UTC(), Won: won, Target: perHour})
			}
		}
	}
	return out
}

func (s *SegState) recorded(from time.Time) bool {
	for _, h := range s.Hours {
		if h.From.Equal(from) {
			return true
		}
	}
	return false
}

// sessionsOver reports whether a bonus jackpot's last session ended by t
// with winners missing, nobody deciding or choosing, and no end recorded.
func (s *SegState) sessionsOver(t time.Time) bool {
	ws := s.Seg.Bonus.sessions()
	if !s.Seg.traits().sessions || len(ws) == 0 || s.Ended != nil || s.Drawn() || t.Before(ws[len(ws)-1].To) {
		return false
	}
	if l := s.Last(); l != nil && l.Outcome == Pending {
		return false
	}
	return s.Chooser() == nil
}
