package show

import (
	"strings"
	"testing"
	"time"
)

// A void, a skip and a forfeit say why in words: "void ." is refused
// live, and a record that holds one still replays (issue 43).
func TestReasonsAreWords(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 2}, 6)
	r.do(Command{Op: OpDraw})
	for _, c := range []Command{
		{Op: OpVoid, Text: "."},
		{Op: OpVoid, Text: "-- 7"},
		{Op: OpForfeit, Text: "?"},
		{Op: OpSkip, Text: "…"},
	} {
		if _, err := r.try(c); err == nil || !strings.Contains(err.Error(), "is not words") {
			t.Errorf("%s %q: %v; want it refused as not words", c.Op, c.Text, err)
		}
	}
	r.do(Command{Op: OpVoid, Text: "wrong button"})
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpForfeit}) // no note: the rules' own reason
	r.do(Command{Op: OpDraw})
	r.do(Command{Op: OpForfeit, Text: "ID is not the card's"})

	// a journal of before the rule, with a void of "."
	evs := journal(t, r.evs)
	for i := range evs {
		if evs[i].Kind == PickVoided {
			p := *evs[i].Pick
			p.Reason = "."
			evs[i].Pick = &p
		}
	}
	if err := NewEngine(r.sh, r.src, time.Now).Replay(evs); err != nil && strings.Contains(err.Error(), "not words") {
		t.Errorf("a replay refused a recorded reason: %v", err)
	}
}
