package scenes

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"drawshow/show"
)

// Controls is what the host's controls are now, for the operator's console:
// what the big screen never shows. The stage hands a new one to
// Options.OnControls whenever it changes.
type Controls struct {
	Scene   string   `json:"scene"`             // the scene on air, as OnScene names it
	Hints   string   `json:"hints"`             // what the keys do now
	Field   *Field   `json:"field,omitempty"`   // a field being typed
	Confirm string   `json:"confirm,omitempty"` // a question waiting for Next
	Menu    []string `json:"menu,omitempty"`    // the countdown's outcome menu, open
	MenuAt  int      `json:"menu_at"`           // its highlighted line
	Typed   string   `json:"typed,omitempty"`   // digits typed: a ticket, a place, a wild card's numbers
	Message string   `json:"message,omitempty"` // the latest refusal or note for the host
	Notice  string   `json:"notice,omitempty"`  // the latest notice for everyone
	// Witness is what the console says most prominently of the auditor's
	// witness of a drawshow-v2 show: WITNESS NOT ANSWERING and the way on,
	// or, Outage set, that the show goes on UNWITNESSED; "" while it answers
	Witness  string   `json:"witness,omitempty"`
	Outage   bool     `json:"outage,omitempty"`
	Busy     bool     `json:"busy"`           // a command is being committed
	Help     []string `json:"help,omitempty"` // the keys, while help is open
	Actions  []Button `json:"actions"`        // what the host can do now, with its key
	Blackout bool     `json:"blackout"`
	Paused   bool     `json:"paused"`
	Muted    bool     `json:"muted"`

	// State is the show as the stage shows it now (not sent: the console
	// takes from it what it shows). It must not be modified.
	State *show.State `json:"-"`
}

// Button is an action the host can take now: the action line the console
// sends (Stage.Act), the stage's key that does the same, and what must be
// typed for it.
type Button struct {
	Line         string `json:"line"`
	Label        string `json:"label"`
	Key          string `json:"key"`
	Field        string `json:"field,omitempty"` // proxy, reason, note, ticket, witness, numbers, choice
	Irreversible bool   `json:"irreversible,omitempty"`
	Confirm      string `json:"confirm,omitempty"` // the question an irreversible action asks, when not its label's
	Twice        string `json:"twice,omitempty"`   // a second question, asked once the first is answered yes
	Primary      bool   `json:"primary,omitempty"`
}

// Field is a text field the host types into.
type Field struct {
	Kind  string `json:"kind"` // proxy, skip, ticket, numbers (who typed them), witness
	Label string `json:"label"`
	Text  string `json:"text"`
}

// helpLines are the keys, as help lists them.
var helpLines = []string{
	"Next: PageDown  →  ↓  Space  Enter  N",
	"Previous: PageUp  ←  ↑  Backspace  P  (only where nothing is undone)",
	"F5 / Esc: context — pause the loop, open the outcome menu, choose",
	"B or .: blackout, the same key brings the picture back",
	"C claimed  ·  R proxy  ·  D decline register  ·  F forfeit  ·  A team at the device",
	"The no-show is recorded by the engine when the %d seconds run out",
	"Choosing: Next/Prev move  ·  F5 chooses  ·  or its number + Enter",
	"By hand: ticket digits + Enter  ·  T a ticket with letters  ·  wild card: numbers + Enter",
	"U update a leaderboard now  ·  S skip a draw that cannot go on  ·  E export at the close",
	"O the auditor's witness is not answering: go on without it, with the reason (unwitnessed REASON)",
	"H hide the stage's hint strip  ·  M mute  ·  + / − volume  ·  Ctrl+Q quit",
}

// desk is the host's controls now.
func (s *Stage) controls(now time.Time) Controls {
	d := Controls{
		Scene: s.mgr.scene.Name(), Hints: s.hints(), Busy: s.work.busy,
		Blackout: s.air.blackout, Paused: s.mgr.cast.attract.paused, MenuAt: -1,
		Actions: s.buttons(), State: s.view.st,
	}
	d.Witness, d.Outage = s.witnessAlert()
	if s.opt.Sound != nil {
		d.Muted = s.opt.Sound.Muted()
	}
	if e := s.host.entry; e != nil {
		d.Field = &Field{Kind: e.kind.String(), Label: e.label, Text: string(e.text)}
	}
	switch s.host.confirm {
	case confirmQuit:
		d.Confirm = "Quit drawshow?"
	case confirmClose:
		d.Confirm = "Close the show and reveal the seed? This cannot be undone."
	case confirmEarly:
		d.Confirm = s.earlyQuestion()
	}
	if c, ok := s.mgr.scene.(*countdownScene); ok && c.menu >= 0 {
		d.MenuAt = c.menu
		for _, o := range outcomes {
			d.Menu = append(d.Menu, o.label)
		}
	}
	if dr, ok := s.mgr.scene.(drawing); ok {
		nums, digits := dr.typed()
		var typed []string
		for _, n := range nums {
			typed = append(typed, strconv.Itoa(n))
		}
		if len(digits) > 0 {
			typed = append(typed, string(digits)+"_")
		}
		d.Typed = strings.Join(typed, ", ")
	}
	if s.host.message != "" && now.Sub(s.host.messageAt) < noticeTime {
		d.Message = s.host.message
	}
	if s.air.notice != "" && now.Sub(s.air.noticeAt) < noticeTime {
		d.Notice = s.air.notice
	}
	if s.host.help {
		for _, l := range helpLines {
			if strings.Contains(l, "%d") {
				l = fmt.Sprintf(l, s.opt.Show.ClaimSeconds)
			}
			d.Help = append(d.Help, l)
		}
	}
	return d
}

func (d *Controls) equal(o *Controls) bool {
	return d.Scene == o.Scene && d.Hints == o.Hints && d.Confirm == o.Confirm && d.MenuAt == o.MenuAt &&
		d.Typed == o.Typed && d.Message == o.Message && d.Notice == o.Notice && d.Busy == o.Busy &&
		d.Witness == o.Witness && d.Outage == o.Outage &&
		d.Blackout == o.Blackout && d.Paused == o.Paused && d.Muted == o.Muted &&
		slices.Equal(d.Menu, o.Menu) && slices.Equal(d.Help, o.Help) && slices.Equal(d.Actions, o.Actions) && d.State == o.State &&
		(d.Field == nil) == (o.Field == nil) && (d.Field == nil || *d.Field == *o.Field)
}

// buttons are what the host can do now, as the console offers them:
// none while a command is in flight or a question waits for its answer.
func (s *Stage) buttons() []Button {
	if s.work.busy || s.host.confirm != confirmNone || s.host.help {
		return nil
	}
	return s.unwitnessedButton(s.mgr.scene.Buttons(s))
}

// nextButton appends to out the button that does what Next does now, as
// the hints say it, sent as line; none when Next does nothing named.
func (s *Stage) nextButton(out []Button, line string) []Button {
	label, ok := strings.CutPrefix(s.hints(), "Next ► ")
	if !ok {
		return out
	}
	label, _, _ = strings.Cut(label, "  ·  ")
	b := Button{Line: line, Label: capital(label), Key: "PageDown", Primary: true}
	switch {
	case strings.Contains(label, "close the show"):
		b.Line, b.Irreversible = "close", true
	case s.early():
		b.Line, b.Label, b.Irreversible, b.Confirm = "draw early", capital(label)+" early", true, s.earlyQuestion()
	}
	return append(out, b)
}

// skipButton appends to out the button that skips the current draw, when
// it could be skipped, and for a draw of another system's selection once
// its bin is frozen, the console's two ways past a place that cannot be
// drawn: pass it over with a reason, or load the corrected file.
func (s *Stage) skipButton(out []Button) []Button {
	if !s.skippable() {
		return out
	}
	if seg := s.view.st.CurSeg(); seg.Seg.Selected != "" && seg.Frozen != nil {
		out = append(out,
			Button{Line: "pass", Label: "Pass over this place of the selection", Field: "reason", Irreversible: true},
			Button{Line: "reselect", Label: "Load the corrected selection file", Irreversible: true,
				Confirm: "Read " + filepath.Base(seg.Seg.Selected) + " again? The places still to come are taken from it; the picks made stay."})
	}
	return append(out, Button{Line: "skip", Label: "Skip this draw (it ends short)", Key: "S", Field: "reason", Irreversible: true})
}

// earlyQuestion asks the host to draw the current segment before its time.
func (s *Stage) earlyQuestion() string {
	seg, loc := s.view.st.CurSeg().Seg, s.opt.Show.Location
	return fmt.Sprintf("%s is set for %s and it is %s. Draw it early? The record keeps that it was.",
		seg.Title, seg.At.In(loc).Format("15:04"), s.now().In(loc).Format("15:04"))
}

// capital is s with its first letter in capitals.
func capital(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
