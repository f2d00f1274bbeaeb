package scenes

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// selectionShow is a draw of the casino system's own selection, whose
// first place holds a ticket the bin does not.
const selectionShow = `promotion: Summer Nights
property: Jacaranda Grove
timezone: Africa/Johannesburg
segments:
  - id: raps
    title: RAPS Draw
    entries: entries.csv
    selected: raps.csv
    winners: 2
    attendance: not-required
    prizes: ["R1 000"]
`

// On stage the console offers the ways past a place that cannot be
// drawn: pass it over with a reason, or load the corrected file; the
// pass is recorded and the next draw takes the next place.
func TestSelectionPassOnStage(t *testing.T) {
	var entries strings.Builder
	entries.WriteString("Ticket,Card,Name,Tier\n")
	for _, n := range []string{"1", "2", "3", "4"} {
		entries.WriteString("T-0" + n + ",C" + n + ",Member " + n + ",ace\n")
	}
	path := writeShow(t, map[string]string{"show.yaml": selectionShow, "entries.csv": entries.String(), "raps.csv": "Ticket\nT-99\nT-03\nT-01\n"})
	var ctl Controls
	r := openRig(t, path, testStart, func(o *Options) { o.OnControls = func(d Controls) { ctl = d } })
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown) // the freeze, then the refused pick
	r.until("the freeze", func() bool { return r.seg().Frozen != nil && !r.s.work.busy })
	r.settle()
	r.update()
	lines := func() (out []string) {
		for _, b := range ctl.Actions {
			out = append(out, b.Line)
		}
		return out
	}
	if l := lines(); !slices.Contains(l, "pass") || !slices.Contains(l, "reselect") {
		t.Fatalf("the console offers %q, want pass and reselect", l)
	}
	if err := r.s.Act("pass T-99 is not in tonight's bin"); err != nil {
		t.Fatal(err)
	}
	r.until("the pass", func() bool { r.update(); return !r.s.work.busy && len(r.seg().Passed) == 1 })
	if p := r.seg().Passed[0]; p.Place != 1 || p.Ticket != "T-99" || p.Reason != "T-99 is not in tonight's bin" {
		t.Fatalf("passed %+v", p)
	}
	if len(r.seg().Picks) != 0 {
		t.Fatalf("a pass drew: %+v", r.seg().Picks)
	}
}
