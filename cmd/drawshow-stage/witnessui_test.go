package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/console"
	"drawshow/scenes"
)

// TestConsoleSaysWitnessNotAnswering: what the stage says of the
// auditor's witness reaches the console first: WITNESS NOT ANSWERING, with
// the way on, as an error above all else, and its button; the show going
// on UNWITNESSED as a warning that stays.
func TestConsoleSaysWitnessNotAnswering(t *testing.T) {
	now := func() time.Time { return time.Date(2024, 11, 30, 19, 0, 0, 0, time.UTC) }
	l, ss := totalsLink(t, "Ticket,Card,Name,Tier\nT1,C1,Member 1,ace\nT2,C2,Member 2,ace\n", now)
	st := ss.Eng.State()
	if v := l.view(scenes.Controls{State: st}); len(v.Errors)+len(v.Warnings) != 0 {
		t.Errorf("a show whose witness answers: errors %q, warnings %q", v.Errors, v.Warnings)
	}
	silent := "WITNESS NOT ANSWERING since 21:41:07: pick 2 of sat-cash waits for the auditor's witness (…). The way on: wait for it and try again, or go on without it with your reason: unwitnessed REASON (O on the stage, or the button)"
	button := scenes.Button{Line: "unwitnessed", Label: "Go on without the auditor's witness", Key: "O", Field: "reason", Irreversible: true}
	v := l.view(scenes.Controls{State: st, Witness: silent, Actions: []scenes.Button{button}})
	if len(v.Errors) == 0 || v.Errors[0] != silent || len(v.Warnings) != 0 {
		t.Errorf("the witness not answering: errors %q, warnings %q", v.Errors, v.Warnings)
	}
	if !slices.ContainsFunc(v.Actions, func(a console.Action) bool {
		return a.Line == "unwitnessed" && a.Field == "reason" && a.Key == "O" && a.Irreversible
	}) {
		t.Errorf("the console's actions: %+v", v.Actions)
	}
	outage := "UNWITNESSED since 21:41:20 (router restarted): …"
	v = l.view(scenes.Controls{State: st, Witness: outage, Outage: true})
	if len(v.Errors) != 0 || len(v.Warnings) != 1 || v.Warnings[0] != outage {
		t.Errorf("the show unwitnessed: errors %q, warnings %q", v.Errors, v.Warnings)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"warnings":["UNWITNESSED since 21:41:20`) {
		t.Errorf("the page is sent %s", b)
	}
}
