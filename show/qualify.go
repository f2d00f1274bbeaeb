package show

import (
	"fmt"
	"time"

	"go.yaml.in/yaml/v3"
)

// Qualify is who may enter a draw besides the tiers: a least spend
// (Friday Prive 4.2: an average spend of R5 000 or a total of R50 000),
// and a visit in a window: within the last days (the Day of
// Reconciliation: a visit in the last 2 years), or from and to given
// days (New Year's Eve Prive 8.2: between 1 January and 30 December).
// The entry file's columns give both; each filter's removals are counted
// in the freeze.
type Qualify struct {
	// Spend are the spend rules, of which a row must pass one; rule i
	// reads the row's SpendOf(i). None: no spend is asked.
	Spend      []SpendRule
	WithinDays int    // 0: the window does not start so many days before the draw
	From, To   string // the window's first and last days, YYYY-MM-DD; "" for none
}

// Visits reports whether q has a visit rule.
func (q *Qualify) Visits() bool { return q.WithinDays > 0 || q.From != "" || q.To != "" }

// first is the first day a visit counts on for a draw on day, "" when
// the window has no start.
func (q *Qualify) first(day string) string {
	if q.WithinDays > 0 {
		return VisitSince(day, q.WithinDays)
	}
	return q.From
}

// Unqualified is why r may not enter seg's bin on the promotional day
// day (YYYY-MM-DD), or "" when it may: the words a statement gives.
func (q *Qualify) Unqualified(r Row, day, currency string) string {
	if q == nil {
		return ""
	}
	if why := q.belowSpend(r, currency); why != "" {
		return why
	}
	if q.Visits() {
		since := q.first(day)
		switch {
		case r.Visit == "":
			return "no visit on record"
		case r.Visit < since && q.WithinDays > 0:
			return fmt.Sprintf("last visit %s, before %s (%d days before the draw)", r.Visit, since, q.WithinDays)
		case r.Visit < since:
			return fmt.Sprintf("last visit %s, before %s (the first day a visit counts)", r.Visit, since)
		case q.To != "" && r.Visit > q.To:
			return fmt.Sprintf("last visit %s, after %s (the last day a visit counts)", r.Visit, q.To)
		}
	}
	return ""
}

// fails reports whether r fails the spend rules (spend), or else the
// visit rule (visit).
func (q *Qualify) fails(r Row, since string) (spend, visit bool) {
	if q.spendFails(r) {
		return true, false
	}
	return false, q.Visits() && (r.Visit == "" || r.Visit < since || q.To != "" && r.Visit > q.To)
}

// VisitSince is the first day a visit counts on for a draw on day: within
// days before it.
func VisitSince(day string, days int) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.AddDate(0, 0, -days).Format(time.DateOnly)
}

func tierTitle(t Tier) string {
	s := t.String()
	if s == "" {
		return "no tier"
	}
	return string(s[0]-'a'+'A') + s[1:]
}

type qualifyYAML struct {
	Spend     *spendYAML     `yaml:"spend"`
	Any       []anyYAML      `yaml:"any"`
	LastVisit *lastVisitYAML `yaml:"last_visit"`
}

type lastVisitYAML struct {
	Column     string `yaml:"column"`
	WithinDays *int   `yaml:"within_days"`
	From       string `yaml:"from"`
	To         string `yaml:"to"`
}

// maxWithinDays is the longest last_visit window, in days (ten years).
const maxWithinDays = 3660

var (
	qualifyKeys   = keysOf(qualifyYAML{})
	lastVisitKeys = keysOf(lastVisitYAML{})
)

// qualify reads a draw's qualify rules; their columns become the entry
// file's spend and visit columns.
func qualify(p *problems, n *yaml.Node, r *segmentYAML, seg *Segment) {
	qy := r.Qualify
	if qy == nil {
		return
	}
	at := value(n, "qualify")
	checkKeys(p, at, qualifyKeys, "qualify")
	q := &Qualify{}
	column := func(key, name string, dst *string) {
		switch {
		case name == "":
		case *dst != "" && *dst != name:
			p.add(at, "segment %s: qualify %s column %q, but columns %s says %q: name it once", seg.ID, key, name, key, *dst)
		default:
			*dst = name
		}
	}
	switch {
	case qy.Spend != nil && qy.Any != nil:
		p.add(at, "segment %s: qualify: spend and any both give a spend rule; put every spend rule under any", seg.ID)
	case qy.Spend != nil:
		q.Spend = []SpendRule{spendRule(p, value(at, "spend"), seg.ID, qy.Spend)}
		if q.Spend[0].Name == "" {
			q.Spend[0].Name = "spend"
		}
		column("spend", qy.Spend.Column, &seg.Columns.Spend)
	case qy.Any != nil:
		q.Spend = anyRules(p, value(at, "any"), seg, qy.Any, column)
	}
	if v := qy.LastVisit; v != nil {
		checkKeys(p, value(at, "last_visit"), lastVisitKeys, "qualify last_visit")
		column("visit", v.Column, &seg.Columns.Visit)
		if v.WithinDays != nil {
			q.WithinDays = *v.WithinDays
		}
		day := func(key, d string) string {
			if d == "" {
				return ""
			}
			if t, err := time.Parse(time.DateOnly, d); err != nil || t.Format(time.DateOnly) != d {
				p.add(at, "segment %s: qualify last_visit %s %q is not a date like 2024-01-01", seg.ID, key, d)
				return ""
			}
			return d
		}
		q.From, q.To = day("from", v.From), day("to", v.To)
		switch w := q.WithinDays; {
		case v.WithinDays == nil && v.From == "" && v.To == "":
			p.add(at, "segment %s: qualify last_visit needs within_days, from or to: the window a visit counts in", seg.ID)
		case v.WithinDays != nil && (w < 1 || w > maxWithinDays):
			p.add(at, "segment %s: qualify last_visit within_days %d is out of range 1..%d", seg.ID, w, maxWithinDays)
		case v.WithinDays != nil && v.From != "":
			p.add(at, "segment %s: qualify last_visit: from and within_days both say where the window starts; give one", seg.ID)
		case q.From != "" && q.To != "" && q.From > q.To:
			p.add(at, "segment %s: qualify last_visit from %s is after to %s", seg.ID, q.From, q.To)
		}
	}
	if qy.Spend == nil && qy.Any == nil && !q.Visits() {
		p.add(at, "segment %s: qualify needs spend, any or last_visit", seg.ID)
	}
	seg.Qualify = q
}
