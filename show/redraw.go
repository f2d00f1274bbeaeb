package show

// MaxRedraws is the most redraws a draw takes before the record marks it
// for the auditor: a host who turns down pick after pick until a friend's
// comes up leaves a trail that draws the eye.
const MaxRedraws = 3

// Redraws are the picks of s that were sent back and drawn again: the
// no-shows, the forfeits and the voids, in the order drawn.
func (s *SegState) Redraws() []*Pick {
	var out []*Pick
	for i := range s.Picks {
		switch p := &s.Picks[i]; p.Outcome {
		case NoShow, Forfeit, Void:
			out = append(out, p)
		}
	}
	return out
}

// Marked reports whether s had more than MaxRedraws redraws.
func (s *SegState) Marked() bool { return len(s.Redraws()) > MaxRedraws }
