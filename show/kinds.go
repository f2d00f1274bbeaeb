package show

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Jackpot is a jackpot chest's progressive jackpot: it starts at Base,
// grows by Step after each draw where it is not won and goes back to Base
// when won. The ledger is kept by Name across the weeks of a campaign.
type Jackpot struct {
	Name        string
	Base        int64
	Step        int64
	Consolation int64
	Guaranteed  bool // the jackpot ball is among few: Balls is 5
	Balls       int  // in the device: one jackpot ball, the rest consolation
	// Start, when not zero, is the jackpot's value before its first
	// settlement in the campaign database: a campaign that moves to
	// drawshow mid-season starts where the old system left it.
	Start int64
}

type binYAML struct {
	At       string `yaml:"at"`
	Entries  string `yaml:"entries"`
	Sheet    string `yaml:"sheet"`
	Selected string `yaml:"selected"`
}

type jackpotYAML struct {
	Name        string `yaml:"name"`
	Base        *int64 `yaml:"base"`
	Step        *int64 `yaml:"step"`
	Consolation *int64 `yaml:"consolation"`
	Guaranteed  bool   `yaml:"guaranteed"`
	Balls       int    `yaml:"balls"`
	Start       *int64 `yaml:"start"`
}

var (
	drawKeys = []string{"id", "kind", "title", "at", "entries", "sheet", "columns", "tickets", "points_per_ticket", "cap", "fixed", "tiers", "winners", "prizes", "win_once", "attendance", "register", "proxies", "manual", "selected", "bonus_entries", "exclude_winners", "qualify"}
	kindKeys = map[SegmentKind][]string{
		KindDraw:       drawKeys,
		KindMonthEnd:   append(without(drawKeys, "at", "entries", "sheet", "selected"), "bins"),
		KindManualBin:  []string{"id", "kind", "title", "at", "from", "winners", "prizes", "attendance", "register", "proxies", "manual", "exclude_winners"},
		KindWildCard:   []string{"id", "kind", "title", "at", "from", "winners", "prizes", "attendance", "register", "proxies", "manual", "exclude_winners"},
		KindRoyalFlush: []string{"id", "kind", "title", "at", "entries", "sheet", "columns", "from", "winners", "prizes", "attendance", "register", "proxies", "manual", "selected", "exclude_winners", "qualify", "cards"},
		KindChest:      append(slices.Clone(drawKeys), "jackpot"),
		KindBonus:      append(without(drawKeys, "bonus_entries"), "min_spend", "exclude_devices", "exclude_areas", "windows", "per_hour", "envelopes", "deck"),
	}
	binKeys     = keysOf(binYAML{})
	jackpotKeys = keysOf(jackpotYAML{})
	// Cards are the Royal Flush, in the order the cards draw gives them prizes.
	Cards = []string{"A", "K", "Q", "J", "10"}
)

func without(keys []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return slices.Contains(drop, k) })
}

func defaultTickets(kind SegmentKind) TicketRule {
	if kind == KindRoyalFlush {
		return One
	}
	return PerRow
}

func needsEntries(kind SegmentKind, r segmentYAML) bool {
	switch kind {
	case KindMonthEnd, KindManualBin, KindWildCard:
		return false // month-end: each bin names its file
	case KindRoyalFlush:
		return len(r.From) == 0
	}
	return true
}

// finale parses what a finale kind adds to a draw segment, and expands the
// kinds that are several segments on the run sheet: a month-end draw is one
// segment per bin; a wild card is its numbers, then one draw per number.
func finale(p *problems, n *yaml.Node, r *segmentYAML, seg Segment, loc *time.Location, resolve func(string) string) []Segment {
	at := func(key string) *yaml.Node {
		if v := value(n, key); v != nil {
			return v
		}
		return n
	}
	seg.Manual, seg.From = r.Manual, r.From
	switch seg.Kind {
	case KindMonthEnd:
		if len(r.Bins) == 0 {
			p.add(n, "segment %s: a month-end draw needs bins (each with at and entries)", seg.ID)
		}
		out := make([]Segment, 0, len(r.Bins))
		for i, b := range r.Bins {
			bn := at("bins")
			if sn := value(n, "bins"); sn != nil && sn.Kind == yaml.SequenceNode && i < len(sn.Content) {
				bn = deref(sn.Content[i])
				checkKeys(p, bn, binKeys, "bin")
			}
			s := seg
			s.ID, s.Group, s.Bin = fmt.Sprintf("%s-%d", seg.ID, i+1), seg.ID, i+1
			s.Title = fmt.Sprintf("%s · bin %d", seg.Title, i+1)
			s.Entries, s.Sheet, s.Selected = resolve(b.Entries), b.Sheet, resolve(b.Selected)
			if b.Entries == "" {
				p.add(bn, "segment %s: bin %d needs entries (its entry file)", seg.ID, i+1)
			}
			if b.At != "" {
				t, err := ParseLocal(b.At, loc)
				if err != nil {
					p.add(bn, "segment %s: bin %d: at %q is not a local time like 2024-11-24T14:00", seg.ID, i+1, b.At)
				}
				s.At = t
			}
			out = append(out, s)
		}
		return out
	case KindManualBin:
		if len(r.From) == 0 {
			p.add(n, "segment %s: a manual bin needs from (the segments whose winners' receipts go in)", seg.ID)
		}
	case KindWildCard:
		if len(r.From) != 1 {
			p.add(at("from"), "segment %s: a wild card needs from: the id of one month-end draw", seg.ID)
		}
		out := []Segment{seg}
		for i := range seg.Winners {
			s := seg
			s.ID, s.Kind, s.Group, s.Bin, s.Winners = fmt.Sprintf("%s-%d", seg.ID, i+1), KindWildDraw, seg.ID, i+1, 1
			s.Title = fmt.Sprintf("%s · finalist %d", seg.Title, i+1)
			s.Prizes = nil
			if len(seg.Prizes) > 0 {
				s.Prizes = []string{seg.Prizes[i]}
			}
			out = append(out, s)
		}
		return out
	case KindRoyalFlush:
		if len(seg.Prizes) != len(Cards) || seg.Winners != len(Cards) {
			p.add(at("prizes"), "segment %s: a Royal Flush has 5 winners and 5 prizes, one behind each card (A, K, Q, J, 10)", seg.ID)
		}
		seg.Cards = CardsMode(or(r.Cards, string(CardsElectronic)))
		if seg.Cards != CardsElectronic && seg.Cards != CardsPhysical {
			p.add(at("cards"), "segment %s: cards %q is unknown (valid: electronic, physical)", seg.ID, r.Cards)
		}
	case KindChest:
		seg.Jackpot = jackpot(p, at("jackpot"), seg.ID, r.Jackpot)
	case KindBonus:
		seg.MinSpend = tierMap(p, at("min_spend"), seg.ID, "min_spend", r.MinSpend)
		seg.NoDevices, seg.NoAreas, seg.PerHour, seg.Envelopes = r.NoDevices, r.NoAreas, r.PerHour, r.Envelopes
		seg.Windows = windows(p, at("windows"), seg.ID, r.Windows, loc)
		seg.Deck = Deck(or(r.Deck, string(DeckEachWinner)))
		switch {
		case seg.Deck != DeckEachWinner && seg.Deck != DeckSession:
			p.add(at("deck"), "segment %s: deck %q is unknown (valid: each-winner, session)", seg.ID, r.Deck)
		case seg.Deck == DeckSession && len(seg.Envelopes) < seg.Winners:
			p.add(at("deck"), "segment %s: a session deck of %d prize cards for %d winners: each winner takes a card out, so the deck needs one a winner", seg.ID, len(seg.Envelopes), seg.Winners)
		}
		if len(seg.Envelopes) < 2 {
			p.add(at("envelopes"), "segment %s: a bonus jackpot needs envelopes: at least two prize values to choose from", seg.ID)
		}
		if seg.PerHour < 0 || seg.PerHour > maxWinners {
			p.add(at("per_hour"), "segment %s: per_hour %d is out of range 1..%d", seg.ID, seg.PerHour, maxWinners)
		}
		if r.Winners == 0 && len(r.Prizes) == 0 && seg.PerHour > 0 && len(seg.Windows) > 0 {
			var h time.Duration
			for _, w := range seg.Windows {
				h += w.To.Sub(w.From)
			}
			seg.Winners = max(1, min(maxWinners, int(h.Hours()*float64(seg.PerHour))))
		}
	}
	return []Segment{seg}
}

func jackpot(p *problems, n *yaml.Node, seg string, r *jackpotYAML) *Jackpot {
	if r == nil {
		p.add(n, "segment %s: a jackpot chest needs jackpot (name, base, step, consolation)", seg)
		return &Jackpot{Balls: 20}
	}
	checkKeys(p, n, jackpotKeys, "jackpot")
	j := &Jackpot{Name: r.Name, Base: 20000, Step: 20000, Consolation: 2000, Guaranteed: r.Guaranteed, Balls: r.Balls}
	for _, v := range []struct {
		key string
		src *int64
		dst *int64
	}{{"base", r.Base, &j.Base}, {"step", r.Step, &j.Step}, {"consolation", r.Consolation, &j.Consolation}, {"start", r.Start, &j.Start}} {
		if v.src == nil {
			continue
		}
		*v.dst = *v.src
		if *v.src < 0 || *v.src > 1e12 {
			p.add(n, "segment %s: jackpot %s %d is out of range 0..1000000000000", seg, v.key, *v.src)
		}
	}
	if r.Start != nil && *r.Start < 1 {
		p.add(n, "segment %s: jackpot start %d: give the value the old system left (at least 1), or leave start out to begin at base", seg, *r.Start)
	}
	if j.Name == "" || !idPattern.MatchString(j.Name) {
		p.add(n, "segment %s: jackpot name %q must be set, in lower-case letters, digits and dashes: it keys the ledger across weeks", seg, j.Name)
	}
	if j.Balls == 0 {
		j.Balls = 20
		if j.Guaranteed {
			j.Balls = 5
		}
	}
	if j.Balls < 2 || j.Balls > 99 {
		p.add(n, "segment %s: jackpot balls %d is out of range 2..99", seg, j.Balls)
		j.Balls = 20
	}
	return j
}

func windows(p *problems, n *yaml.Node, seg string, ws []string, loc *time.Location) []Window {
	var out []Window
	for _, w := range ws {
		m := windowRe.FindStringSubmatch(strings.TrimSpace(w))
		var from, to time.Time
		var e1, e2 error
		if m != nil {
			from, e1 = ParseLocal(m[1]+"T"+m[2], loc)
			to, e2 = ParseLocal(m[1]+"T"+m[3], loc)
		}
		if m == nil || e1 != nil || e2 != nil || !to.After(from) {
			p.add(n, "segment %s: window %q is not a day and hours like 2024-12-20 17:00-21:00", seg, w)
			continue
		}
		out = append(out, Window{From: from, To: to})
	}
	return out
}

// checkGroups checks that every from names an earlier segment, or the id
// of an earlier month-end or wild card, whose winners it can take.
func checkGroups(p *problems, s *Show, nodeOf func(*Segment) *yaml.Node) {
	seen := map[string]SegmentKind{} // id → kind, of segments and groups so far
	ids := map[string]string{}       // id → the group it came from
	for i := range s.Segments {
		g := &s.Segments[i]
		at := nodeOf(g)
		if grp, ok := ids[g.ID]; ok && (g.Group != "" || grp != "") {
			p.add(at, "segment id %q is used twice: a month-end or wild card (%s%s) makes its segments' ids from its own", g.ID, g.Group, grp)
		}
		ids[g.ID] = g.Group
		if g.Kind == KindWildCard && len(g.From) == 1 && seen[g.From[0]] == KindMonthEnd && g.Winners > s.Bins(g.From[0]) {
			p.add(at, "segment %s: %d finalists from %d bins of %s: each number chooses a different bin", g.ID, g.Winners, s.Bins(g.From[0]), g.From[0])
		}
		for _, f := range g.From {
			k, ok := seen[f]
			switch {
			case !ok:
				p.add(at, "segment %s: from %q is not an earlier segment", g.ID, f)
			case g.Kind == KindWildCard && k != KindMonthEnd:
				p.add(at, "segment %s: from %q must be a month-end draw", g.ID, f)
			case !winnersKind(k):
				p.add(at, "segment %s: from %q is a %s: it has no winners", g.ID, f, k)
			}
		}
		seen[g.ID] = g.Kind
		if g.Group != "" {
			seen[g.Group] = g.Kind
			if g.Kind == KindWildDraw {
				seen[g.Group] = KindWildCard
			}
		}
	}
}

func winnersKind(k SegmentKind) bool {
	return k != KindSlide && k != KindLeaderboard
}

// Sources lists the segments a from names, expanding groups, in run-sheet order.
func (s *Show) Sources(from []string) []*Segment {
	var out []*Segment
	for i := range s.Segments {
		g := &s.Segments[i]
		if g.Kind == KindWildCard {
			continue // its winners are its draws'
		}
		if slices.Contains(from, g.ID) || (g.Group != "" && slices.Contains(from, g.Group)) {
			out = append(out, g)
		}
	}
	return out
}

// MonthEndBin is bin number n of the month-end group, or nil.
func (s *Show) MonthEndBin(group string, n int) *Segment {
	for i := range s.Segments {
		if g := &s.Segments[i]; g.Kind == KindMonthEnd && g.Group == group && g.Bin == n {
			return g
		}
	}
	return nil
}

// Bins counts the bins of a month-end group.
func (s *Show) Bins(group string) int {
	n := 0
	for i := range s.Segments {
		if g := &s.Segments[i]; g.Kind == KindMonthEnd && g.Group == group {
			n++
		}
	}
	return n
}

// Choosable is what a segment's winners choose among.
type Choosable string

// What winners choose among; "" when they choose nothing.
const (
	ChooseCards     Choosable = "cards"     // the Royal Flush
	ChooseBalls     Choosable = "balls"     // the jackpot chest
	ChooseEnvelopes Choosable = "envelopes" // a bonus jackpot's prize cards
)

// Chooses names what a segment's winners choose among: cards, balls or
// envelopes; "" when they choose nothing.
func (s *Segment) Chooses() Choosable {
	if c := choiceOf(s); c != nil {
		return c.name()
	}
	return ""
}

// Items are the labels a winner of s chooses among: the cards, the balls
// 01..N, or the envelopes 1..N.
func (s *Segment) Items() []string {
	if c := choiceOf(s); c != nil {
		return c.items()
	}
	return nil
}

// Numbered are the labels 1..n written with at least width digits: the
// balls of a chest, the envelopes, a wild card's bins.
func Numbered(n, width int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%0*d", width, i+1)
	}
	return out
}

// Money writes an amount the way the casino's prize sheets do, R20 000,
// with its groups held together by a narrow no-break space (U+202F) so
// that no screen, sheet or cell breaks an amount across lines or reads
// its groups as two numbers.
func Money(currency string, amount int64) string {
	if currency == "ZAR" {
		return "R" + Thousands(amount)
	}
	return currency + "\u00a0" + Thousands(amount)
}

// groupSep is what Thousands puts between groups of three digits.
const groupSep = '\u202f'

// SameText reports whether a and b are the same text but for the space
// that groups an amount's digits: a record written before money was
// grouped with U+202F (R2 000 with a plain space) reads as it did.
func SameText(a, b string) bool {
	sp := func(r rune) rune {
		if r == '\u00a0' || r == '\u202f' {
			return ' '
		}
		return r
	}
	return strings.Map(sp, a) == strings.Map(sp, b)
}

// Thousands writes n in groups of three digits, as South African
// documents write numbers (20 000), the groups held together by a narrow
// no-break space (U+202F), as SI and ISO 80000 write them.
func Thousands[T ~int | ~int64 | ~uint64](n T) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.FormatUint(uint64(n), 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(groupSep)
		}
		b.WriteRune(c)
	}
	return b.String()
}
