package show

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// A draw before its segment's time is refused unless the host says so,
// and then the freeze records it: the 20:15 draw froze at 20:01:30 once
// without a word.
func TestDrawEarly(t *testing.T) {
	at := func(s string) time.Time { v, _ := ParseLocal(s, johannesburg); return v }
	sh := mkShow(Segment{ID: "cash", At: at("2024-11-30T20:15"), Winners: 1})
	r := newRig(t, sh, memRows{"cash": oneEach(cardsN(20)...)}, seedOf(31))
	r.now = at("2024-11-30T20:01:30")
	for _, c := range []Command{{Op: OpDraw}, {Op: OpFreeze}} {
		ref := r.refused(c, "cash is set for 20:15 and it is 20:01:30")
		if !strings.Contains(ref.Reason, "draw early") {
			t.Errorf("the refusal does not tell the host how to go on: %q", ref.Reason)
		}
	}
	evs := r.do(Command{Op: OpDraw, Early: true})
	if evs[0].Kind != BinFrozen || !evs[0].Frozen.Early {
		t.Fatalf("draw early: first event %s, early %v; want an early bin-frozen", evs[0].Kind, evs[0].Frozen != nil && evs[0].Frozen.Early)
	}
	r.do(Command{Op: OpClaim})
	r.replayed()

	// on time, no word is needed and none is recorded
	r2 := newRig(t, sh, memRows{"cash": oneEach(cardsN(20)...)}, seedOf(31))
	r2.now = at("2024-11-30T20:15")
	if evs := r2.do(Command{Op: OpDraw}); evs[0].Frozen.Early {
		t.Error("a draw on time is recorded as early")
	}

	// the record's early flag is held to the time: a forged one either way is refused
	for _, c := range []struct {
		name string
		r    *rig
		want []string // the refusal's beginning, then what it must name
	}{
		{"early dropped", r, []string{"seq 4 bin-frozen: cash is set for 20:15 and it is 20:01:30: it draws early only on the host's word (draw early), which the record keeps"}},
		{"early added", r2, []string{"seq 4 bin-frozen: seq 4 bin-frozen says ", `"day":"2024-11-30","early":true}}, but the rules decide `}},
	} {
		evs := journal(t, c.r.evs)
		i := slices.IndexFunc(evs, func(e Event) bool { return e.Kind == BinFrozen })
		f := *evs[i].Frozen
		f.Early = !f.Early
		evs[i].Frozen = &f
		err := NewEngine(sh, c.r.src, time.Now).Replay(evs)
		if err == nil || !strings.HasPrefix(err.Error(), c.want[0]) || !strings.Contains(err.Error(), c.want[len(c.want)-1]) {
			t.Errorf("%s: %v\nwant a refusal beginning %q", c.name, err, c.want[0])
		}
	}
}

// A bin drawn by hand freezes early on draw early, and its tickets are
// typed after.
func TestDrawEarlyByHand(t *testing.T) {
	at := func(s string) time.Time { v, _ := ParseLocal(s, johannesburg); return v }
	sh := mkShow(Segment{ID: "bin", At: at("2024-11-30T20:15"), Winners: 1, Manual: true})
	r := newRig(t, sh, memRows{"bin": oneEach(cardsN(5)...)}, seedOf(32))
	r.now = at("2024-11-30T20:00")
	r.refused(Command{Op: OpTicket, Text: "T-card001"}, "draw early")
	if evs := r.do(Command{Op: OpDraw, Early: true}); len(evs) != 1 || !evs[0].Frozen.Early {
		t.Fatalf("draw early on a bin drawn by hand: %v", evs)
	}
	r.do(Command{Op: OpTicket, Text: r.cur().Bin.Entries[0].Ticket})
	r.replayed()
}

func TestUntil(t *testing.T) {
	now := time.Date(2024, 11, 30, 19, 35, 0, 0, time.UTC) // 21:35 in Johannesburg
	for _, c := range []struct {
		when string
		want time.Time
	}{
		{"22:00", time.Date(2024, 11, 30, 22, 0, 0, 0, johannesburg)},
		{"21:00", now}, // passed: no wait
		{"2024-12-01T09:30", time.Date(2024, 12, 1, 9, 30, 0, 0, johannesburg)},
	} {
		got, err := Until(c.when, now, johannesburg)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("Until(%q) = %v, %v; want %v", c.when, got, err, c.want)
		}
	}
	if _, err := Until("25:00", now, johannesburg); err == nil ||
		err.Error() != `wait until needs a time of day such as 22:00, or a local time such as 2024-11-30T22:00 (got "25:00")` {
		t.Errorf("Until(25:00): %v", err)
	}
}
