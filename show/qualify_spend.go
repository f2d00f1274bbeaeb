package show

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// SpendRule is one least spend of qualify: the whole file's, or each
// tier's.
type SpendRule struct {
	Name  string          // the words a statement names it by: "spend", or under any its column
	All   uint64          // the least spend of every row, when Tiers is nil
	Tiers map[Tier]uint64 // each tier's least spend; a tier not named needs none
}

// Min is the least spend of a row of tier t.
func (s SpendRule) Min(t Tier) uint64 {
	if s.Tiers != nil {
		return s.Tiers[t]
	}
	return s.All
}

// spendFails reports whether r passes none of q's spend rules (false
// when there are none).
func (q *Qualify) spendFails(r Row) bool {
	for i, s := range q.Spend {
		if r.SpendOf(i) >= s.Min(r.Tier) {
			return false
		}
	}
	return len(q.Spend) > 0
}

// belowSpend is the words of spendFails: each rule's spend and least.
func (q *Qualify) belowSpend(r Row, currency string) string {
	if !q.spendFails(r) {
		return ""
	}
	parts := make([]string, len(q.Spend))
	for i, s := range q.Spend {
		parts[i] = fmt.Sprintf("%s %s below %s", s.Name, Money(currency, int64(r.SpendOf(i))), Money(currency, int64(s.Min(r.Tier))))
		if s.Tiers != nil {
			parts[i] += " for " + tierTitle(r.Tier)
		}
	}
	return strings.Join(parts, " and ")
}

// TiersNeeded reports whether a spend rule asks a least spend by tier.
func (q *Qualify) TiersNeeded() bool {
	for _, s := range q.Spend {
		if s.Tiers != nil {
			return true
		}
	}
	return false
}

type spendYAML struct {
	Column string   `yaml:"column"`
	Min    spendMin `yaml:"min"`
	Name   string   `yaml:"name"`
}

type anyYAML struct {
	Spend *spendYAML `yaml:"spend"`
}

var (
	spendKeys = keysOf(spendYAML{})
	anyKeys   = keysOf(anyYAML{})
)

// spendMin is a spend rule's min: an amount for every tier, or a map of
// tiers to amounts. set says it was given; bad holds a value that is
// neither.
type spendMin struct {
	set   bool
	all   uint64
	tiers map[string]uint64
	bad   string
}

func (m *spendMin) UnmarshalYAML(n *yaml.Node) error {
	m.set = true
	if n.Kind == yaml.ScalarNode {
		v, err := strconv.ParseUint(n.Value, 10, 64)
		if err != nil {
			m.bad = n.Value
		}
		m.all = v
		return nil
	}
	return n.Decode(&m.tiers)
}

// spendRule reads one spend rule at n.
func spendRule(p *problems, n *yaml.Node, segID string, s *spendYAML) SpendRule {
	checkKeys(p, n, spendKeys, "qualify spend")
	r := SpendRule{Name: s.Name}
	switch m := s.Min; {
	case !m.set:
		p.add(n, "segment %s: qualify spend needs min: the least spend, e.g. 5000, or of each tier, e.g. {king: 250}", segID)
	case m.bad != "":
		p.add(n, "segment %s: qualify spend min %q is not a whole amount (e.g. 5000) nor a tier map (e.g. {king: 250})", segID, m.bad)
	case m.tiers != nil:
		r.Tiers = tierMap(p, value(n, "min"), segID, "qualify spend min", m.tiers)
		if len(r.Tiers) == 0 {
			p.add(n, "segment %s: qualify spend needs min: the least spend, e.g. 5000, or of each tier, e.g. {king: 250}", segID)
		}
	case m.all == 0:
		p.add(n, "segment %s: qualify spend min must be at least 1", segID)
	default:
		r.All = m.all
	}
	return r
}

// anyRules reads qualify any: spend rules of which a row must pass one,
// each naming its own column.
func anyRules(p *problems, n *yaml.Node, seg *Segment, any []anyYAML, column func(key, name string, dst *string)) []SpendRule {
	switch {
	case len(any) == 0:
		p.add(n, "segment %s: qualify any is empty: give the spend rules of which one must pass", seg.ID)
		return nil
	case len(any) > MaxSpends:
		p.add(n, "segment %s: qualify any has %d spend rules; at most %d", seg.ID, len(any), MaxSpends)
		return nil
	}
	rules := make([]SpendRule, 0, len(any))
	named := map[string]bool{}
	for i, a := range any {
		var item *yaml.Node
		if n != nil && i < len(n.Content) {
			item = deref(n.Content[i])
		}
		if item != nil {
			checkKeys(p, item, anyKeys, "qualify any")
		}
		if a.Spend == nil {
			p.add(item, "segment %s: qualify any %d needs spend: {column, min}", seg.ID, i+1)
			continue
		}
		s := a.Spend
		r := spendRule(p, value(item, "spend"), seg.ID, s)
		col := strings.TrimSpace(s.Column)
		key := strings.ToLower(col)
		switch {
		case col == "":
			p.add(item, "segment %s: qualify any spend %d needs column: the header of its spend", seg.ID, i+1)
		case named[key]:
			p.add(item, "segment %s: qualify any: column %q is named twice; each rule reads a column of its own", seg.ID, col)
		case i == 0:
			column("spend", col, &seg.Columns.Spend)
		default:
			seg.Columns.Spends[i-1] = col
		}
		named[key] = true
		if r.Name == "" {
			r.Name = col
		}
		rules = append(rules, r)
	}
	return rules
}
