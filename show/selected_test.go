package show

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// A selection made by the casino's own system is presented and recorded
// in its order: a no-show's redraw is its next ticket; one not in the
// bin is refused, saying which; when it runs out the draw ends short. The
// replay holds each pick to the selection's order.
func TestSelected(t *testing.T) {
	sh := mkShow(Segment{ID: "teeds", Winners: 2, Selected: "teeds-choice.csv"})
	src := memRows{"teeds": oneEach(cardsN(10)...)}
	sel := []string{"T-c04", "T-c01", "T-c07"}
	r := newRig(t, sh, src, seedOf(71))
	r.refused(Command{Op: OpDraw}, "the selection file is not loaded")
	r.do(Command{Op: OpLoad, Segment: "teeds", Lists: &Lists{Selected: sel, SelectedFile: "teeds-choice.csv", SelectedSHA256: "ab"}})
	var got []string
	for !r.cur().Drawn() {
		p := r.draw()
		got = append(got, p.Ticket)
		if p.By != "selected" {
			t.Errorf("pick %d by %q", p.K+1, p.By)
		}
		if len(got) == 1 {
			r.wait(90 * time.Second) // a no-show: the redraw is the system's next ticket
			continue
		}
		r.do(Command{Op: OpClaim})
	}
	if !slices.Equal(got, sel) {
		t.Errorf("presented %v, want the selection's order %v", got, sel)
	}
	r.replayed()

	// a forged pick (another ticket of the bin) fails the replay
	evs := journal(t, r.evs)
	i := slices.IndexFunc(evs, func(e Event) bool { return e.Kind == PickDrawn })
	p := *evs[i].Pick
	p.Ticket, p.Participant = "T-c02", "c02"
	evs[i].Pick = &p
	if err := NewEngine(sh, src, time.Now).Replay(evs); err == nil || err.Error() != `seq 6 pick-drawn: seq 6 pick-drawn says `+
		`{"show":"s","segment":"teeds","pick":{"k":0,"ticket":"T-c02","participant":"c02","by":"selected"}}, but the rules decide `+
		`{"show":"s","segment":"teeds","pick":{"k":0,"ticket":"T-c04","participant":"c04","by":"selected"}}` {
		t.Errorf("a replay of a pick that is not the selection's first: %v", err)
	}

	// a ticket the bin does not hold, and a selection that runs out
	r2 := newRig(t, sh, src, seedOf(72))
	r2.do(Command{Op: OpLoad, Segment: "teeds", Lists: &Lists{Selected: []string{"T-c03", "T-gone"}, SelectedFile: "teeds-choice.csv"}})
	r2.draw()
	r2.do(Command{Op: OpForfeit})
	r2.refused(Command{Op: OpDraw}, "ticket T-gone, place 2 of the selection teeds-choice.csv, is not in the frozen bin")

	r3 := newRig(t, sh, src, seedOf(73))
	r3.do(Command{Op: OpLoad, Segment: "teeds", Lists: &Lists{Selected: []string{"T-c03"}, SelectedFile: "teeds-choice.csv"}})
	r3.draw()
	r3.do(Command{Op: OpClaim})
	r3.do(Command{Op: OpDraw})
	if e := r3.cur().Ended; e == nil || !strings.Contains(e.Reason, "has no ticket left: 1 of 2 winners") {
		t.Errorf("ended %+v", e)
	}
	r3.replayed()
}

func TestSelectedParse(t *testing.T) {
	_, err := Parse("s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: c, entries: c.csv, selected: s.csv, manual: true}\n"))
	if err == nil || !strings.Contains(err.Error(), "selected and manual") {
		t.Fatalf("selected with manual: %v", err)
	}
	sh, err := Parse("/shows/s.yaml", []byte("promotion: P\nproperty: C\nsegments:\n  - {id: me, kind: month-end, bins: [{entries: b1.csv, selected: teeds-1.csv}]}\n"))
	if err != nil || sh.Segments[0].Selected != "/shows/teeds-1.csv" {
		t.Fatalf("a month-end bin's selection: %v %+v", err, sh)
	}
}
