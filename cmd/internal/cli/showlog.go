package cli

import (
	"errors"
	"regexp"
	"strings"

	"github.com/sirupsen/logrus"

	"drawshow/flightlog"
	"drawshow/show"
)

// What of an action the log keeps: its verb, and what was typed for it
// when that is no one's name. A proxy's name and ID and who typed a wild
// card's numbers are left out, and taken out of the refusal that quotes
// them; a witness, a reason, a ticket and a choice are the show's, seen
// or heard by the room, and kept.

// CommandFields is the loggable part of c, and the secrets its result must not
// show: what was typed that names someone.
func CommandFields(c show.Command) (flightlog.Fields, []string) {
	f := flightlog.Fields{"op": string(c.Op)}
	var secrets []string
	switch c.Op {
	case show.OpProxy:
		f["name_typed"] = strings.TrimSpace(c.Text) != ""
		f["id_typed"] = strings.TrimSpace(c.ID) != ""
		secrets = append(secrets, c.Text, c.ID)
	case show.OpNumbers:
		f["numbers"] = c.Numbers
		secrets = append(secrets, c.Text)
	case show.OpWitness, show.OpSkip, show.OpVoid, show.OpTicket, show.OpChoose:
		f["text"] = c.Text
	case show.OpWait:
		f["wait_ms"] = c.Wait.Milliseconds()
	}
	if c.Segment != "" {
		f["segment"] = c.Segment
	}
	return f, secrets
}

// EventFields are the loggable part of a command's events: their kinds, the
// last one's sequence number in the journal, and what a decided pick
// came to (its segment, place and outcome, never its card).
func EventFields(evs []show.Event) flightlog.Fields {
	if len(evs) == 0 {
		return flightlog.Fields{}
	}
	kinds := make([]string, len(evs))
	f := flightlog.Fields{}
	for i, e := range evs {
		kinds[i] = string(e.Kind)
		if e.Segment != "" {
			f["segment"] = e.Segment
		}
		if p := e.Pick; p != nil {
			f["pick"] = p.K + 1
			if p.Outcome != "" {
				f["outcome"] = string(p.Outcome)
			}
		}
	}
	f["events"] = strings.Join(kinds, " ")
	f["seq"] = evs[len(evs)-1].Seq
	return f
}

// stoodFor is the engine's refusal of a nominee who stood for another
// participant tonight, which names the nominee bare: the one on file when
// the host pressed R with nothing typed, so no typed secret covers it.
var stoodFor = regexp.MustCompile(`^([^:]*: )?.* already stood`)

// LogAction logs one action and its result: committed (its events), refused
// (a warning with the refusal in the operator's words, what was typed
// taken out and what it quotes masked), or failed (an error). from says whose it was ("keyboard",
// "console", "actions"); more are the caller's own fields, and secrets
// what else must not show (the raw line a refusal may quote).
func LogAction(l *flightlog.Log, from string, c show.Command, evs []show.Event, err error, more flightlog.Fields, secrets ...string) {
	if l == nil {
		return
	}
	f, own := CommandFields(c)
	secrets = append(secrets, own...)
	for k, v := range EventFields(evs) {
		f[k] = v
	}
	for k, v := range more {
		f[k] = v
	}
	f["from"] = from
	level, msg := logrus.InfoLevel, "action"
	var ref *show.Refusal
	switch {
	case errors.As(err, &ref):
		level, msg = logrus.WarnLevel, "action refused"
		f["refusal"] = flightlog.MaskQuoted(stoodFor.ReplaceAllString(ref.Reason, "${1}the nominee already stood"))
	case err != nil:
		level, msg = logrus.ErrorLevel, "action failed"
		f["error"] = flightlog.MaskQuoted(err.Error())
	}
	l.Private(level, msg, f, secrets...)
}
