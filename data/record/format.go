package record

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"drawshow/show"
)

// Rehearsal banners: every page, sheet and list of a rehearsal's export
// carries one, so that nothing from a rehearsal passes for a result.
const (
	RehearsalBanner = "REHEARSAL - not an official result: nothing here is to be paid, contacted or published"
	OfficialBanner  = "Official record of the draws"
)

// banner is the status line of an export.
func (x *Set) banner() string { return Banner(x.st.Opened.Rehearsal) }

// Banner is the status line of a rehearsal's files, or of an official's.
func Banner(rehearsal bool) string {
	if rehearsal {
		return RehearsalBanner
	}
	return OfficialBanner
}

// LocalLayout is how the sheets and the report write a time: in the
// show's timezone, to the second, with its offset from UTC, so that a
// time read off paper is one instant whatever the reader's zone.
const LocalLayout = "2006-01-02 15:04:05 -07:00"

// local is t in the show's timezone (LocalLayout); "" for the zero time.
func (x *Set) local(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(x.sh.Location).Format(LocalLayout)
}

// zoned is t as the CSV lists write it: RFC 3339 in the show's timezone,
// with its offset (2024-11-30T21:31:05+02:00); "" for the zero time.
func (x *Set) zoned(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(x.sh.Location).Format(time.RFC3339)
}

// offset names the show's offset from UTC at t: "UTC+02:00".
func (x *Set) offset(t time.Time) string {
	return "UTC" + t.In(x.sh.Location).Format("-07:00")
}

// amountText is a prize's stated sum for a CSV list, in whole units;
// "" when it states none.
func amountText(pr show.Prize) string {
	if pr.Amount == 0 {
		return ""
	}
	return strconv.FormatInt(pr.Amount, 10)
}

// localMinute is t in the show's timezone, to the minute.
func (x *Set) localMinute(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(x.sh.Location).Format("2006-01-02 15:04")
}

// CollectBy is the last day to collect the prize of a winner not present:
// the engine's date for a winner to be contacted, else the draw date plus
// show.CollectDays in the show's timezone.
func (x *Set) CollectBy(p *show.Pick) string {
	if p.CollectBy != "" {
		return p.CollectBy
	}
	return p.DrawnAt.In(x.sh.Location).AddDate(0, 0, show.CollectDays).Format(time.DateOnly)
}

// witness is the auditor's witness W, or words saying there is none.
func (x *Set) witness() string {
	if w := x.st.Witness(); w != "" {
		return w
	}
	if w := Unwitnessed(x.st, x.sh.Location); w != "" {
		return w
	}
	return "(none: empty)"
}

// Unwitnessed says that an official show went on with no independent
// witness, as the operator typed; "" when it did not.
func Unwitnessed(st *show.State, loc *time.Location) string {
	if st.Witness() != "" || st.Unwitnessed.IsZero() {
		return ""
	}
	return "none: no independent witness (the operator typed so at " + st.Unwitnessed.In(loc).Format("15:04") + ")"
}

// Status says in words how a pick ended.
func Status(p *show.Pick) string {
	if p.AfterRestart {
		return status(p) + "; decided after a restart: the countdown ended while drawshow was down"
	}
	return status(p)
}

func status(p *show.Pick) string {
	switch p.Outcome {
	case show.Pending:
		return "pending: the claim is still open"
	case show.Claimed:
		return "claimed in person"
	case show.ByProxy:
		return "claimed by proxy"
	case show.Declined:
		switch {
		case p.By == "register":
			return "declined: on the decline register"
		case Attested(p):
			return "declined: the host attests a paper register: " + p.Reason
		}
		return "declined: an acknowledged winner in absence"
	case show.ToContact:
		return "to be contacted: attendance not required"
	case show.Forfeit:
		if p.Reason != "" {
			return "forfeit: " + p.Reason + "; redrawn"
		}
		return "forfeit: the card is not the holder's; redrawn"
	case show.NoShow:
		if p.Reason != "" {
			return "no-show: " + p.Reason + "; redrawn"
		}
		return "no-show: not claimed in time; redrawn"
	case show.Void:
		return "void: " + p.Reason
	}
	return string(p.Outcome)
}

// note is what a pick's line needs besides its outcome: the proxy, the
// collect-by date, the reason of a void.
func (x *Set) note(p *show.Pick) string {
	var parts []string
	if p.Proxy != "" {
		s := "proxy " + p.Proxy
		if p.ProxyID != "" {
			s += " (ID " + p.ProxyID + ")"
		}
		parts = append(parts, s)
	}
	if NotPresent(p.Outcome) {
		parts = append(parts, "collect by "+x.CollectBy(p))
	}
	switch {
	case p.Outcome == show.Void:
		parts = append(parts, "void: "+p.Reason)
	case Attested(p):
		parts = append(parts, "attested by the host, paper register: "+p.Reason)
	case p.Outcome == show.Forfeit && p.Reason != "":
		parts = append(parts, "forfeit: "+p.Reason)
	}
	if p.AfterRestart {
		parts = append(parts, "decided after a restart: the countdown ended while drawshow was down")
	}
	return strings.Join(parts, "; ")
}

// Attested reports whether p is a decline the host attested from a paper
// register, which no register in the record backs: the host's note is
// its reason.
func Attested(p *show.Pick) bool {
	return p.Outcome == show.Declined && p.By == "host" && p.Reason != ""
}

// Redraw is one reason a draw's picks were sent back, and how often.
type Redraw struct {
	Outcome string `json:"outcome"` // no-show, forfeit, void
	Reason  string `json:"reason,omitempty"`
	Count   int    `json:"count"`
}

// RedrawsOf are s's redraws grouped by outcome and reason, in the order
// each first happened.
func RedrawsOf(s *show.SegState) []Redraw {
	var out []Redraw
	for _, p := range s.Redraws() {
		i := slices.IndexFunc(out, func(r Redraw) bool { return r.Outcome == string(p.Outcome) && r.Reason == p.Reason })
		if i < 0 {
			out = append(out, Redraw{Outcome: string(p.Outcome), Reason: p.Reason})
			i = len(out) - 1
		}
		out[i].Count++
	}
	return out
}

// RedrawWords are s's redraws in words: "none", or "4: 2 no-show (not
// claimed within 90 s), 1 forfeit (…), 1 void (…)", and, past
// show.MaxRedraws, the auditor's mark.
func RedrawWords(s *show.SegState) string {
	rs := RedrawsOf(s)
	if len(rs) == 0 {
		return "none"
	}
	parts := make([]string, len(rs))
	n := 0
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%d %s", r.Count, r.Outcome)
		if r.Reason != "" {
			parts[i] += " (" + r.Reason + ")"
		}
		n += r.Count
	}
	out := fmt.Sprintf("%d: %s", n, strings.Join(parts, ", "))
	if s.Marked() {
		out += fmt.Sprintf("; MORE THAN %d, MARKED FOR THE AUDITOR", show.MaxRedraws)
	}
	return out
}

// Redraws counts a show's redraws and names the draws marked for the
// auditor, "sat-cash (10)".
func Redraws(st *show.State) (n int, marked []string) {
	for _, s := range st.Segs {
		rs := s.Redraws()
		n += len(rs)
		if s.Marked() {
			marked = append(marked, fmt.Sprintf("%s (%d)", s.Seg.ID, len(rs)))
		}
	}
	return n, marked
}

// redrawSummary is redraws in words.
func redrawSummary(st *show.State) string {
	n, marked := Redraws(st)
	if len(marked) == 0 {
		return fmt.Sprintf("%d in all; no draw had more than %d", n, show.MaxRedraws)
	}
	return fmt.Sprintf("%d in all; MARKED FOR THE AUDITOR, more than %d in a draw: %s", n, show.MaxRedraws, strings.Join(marked, ", "))
}

// restartWords lists the program's restarts on the open show with the
// time it was down before each: "none", or "1: down 21:14:05 to 21:16:40
// (155 s), started again as the stage".
func (x *Set) restartWords() string {
	rs := x.st.Restarts
	if len(rs) == 0 {
		return "none"
	}
	parts := make([]string, len(rs))
	for i, d := range rs {
		parts[i] = fmt.Sprintf("down %s to %s (%s s), started again as the %s",
			x.local(d.From), x.local(d.To), strconv.FormatFloat(d.To.Sub(d.From).Seconds(), 'f', -1, 64), d.Mode)
	}
	return fmt.Sprintf("%d: %s", len(rs), strings.Join(parts, "; "))
}

// NotPresent reports whether a winner was not there in person: the prize
// desk pays out later, to the winner or the nominee.
func NotPresent(o show.Outcome) bool {
	return o == show.Declined || o == show.ByProxy || o == show.ToContact
}

// RulesOf describes a segment's rules in a few words.
func RulesOf(seg *show.Segment) string {
	var parts []string
	if seg.Tickets == show.Points {
		switch {
		case len(seg.Fixed) > 0 && seg.PointsPerTicket == 0:
			parts = append(parts, "one row per participant, fixed tickets per tier")
		case len(seg.Fixed) > 0:
			parts = append(parts, "tickets = points ÷ "+strconv.FormatUint(seg.PointsPerTicket, 10)+", fixed tickets for some tiers")
		default:
			parts = append(parts, "tickets = points ÷ "+strconv.FormatUint(seg.PointsPerTicket, 10))
		}
	} else if seg.Tickets == show.One {
		parts = append(parts, "one ticket per finalist")
	} else {
		parts = append(parts, "one row is one ticket")
	}
	if len(seg.Cap) > 0 {
		var caps []string
		for _, t := range show.Tiers {
			if c, ok := seg.Cap[t]; ok {
				caps = append(caps, t.String()+" "+strconv.FormatUint(c, 10))
			}
		}
		parts = append(parts, "cap per participant: "+strings.Join(caps, ", "))
	}
	if seg.Tiers != nil {
		var ts []string
		for _, t := range seg.Tiers {
			ts = append(ts, t.String())
		}
		parts = append(parts, "tiers: "+strings.Join(ts, ", "))
	}
	parts = append(parts, WinOnceWords(seg.WinOnce))
	if seg.Attendance == show.NotRequired {
		parts = append(parts, "attendance not required")
	} else {
		parts = append(parts, "attendance required")
	}
	return strings.Join(parts, "; ")
}

func WinOnceWords(scope show.WinOnce) string {
	switch scope {
	case show.OncePerDay:
		return "win once a day"
	case show.OncePerShow:
		return "win once a show"
	}
	return "win once a draw"
}

// arrivedAt is when a bonus jackpot's team reached the winner's device
// (the claim-started event, whose deadline is the claim seconds after
// it); zero for any other pick, and for a winner found at the device
// before the team arrived.
func (x *Set) arrivedAt(s *show.SegState, p *show.Pick) time.Time {
	if !s.Seg.Floor() || p.Deadline.IsZero() {
		return time.Time{}
	}
	secs := x.sh.ClaimSeconds
	if o := x.st.Opened; o != nil && o.ClaimSeconds > 0 {
		secs = o.ClaimSeconds
	}
	return p.Deadline.Add(-time.Duration(secs) * time.Second)
}
