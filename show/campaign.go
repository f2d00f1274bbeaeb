package show

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// PastWin is a winning pick of an earlier official show of the campaign
// database: what bonus_entries and exclude_winners read.
type PastWin struct {
	Show        string
	Segment     string
	Group       string // its month-end or wild card, if any
	Kind        SegmentKind
	Day         string // the promotional day its bin froze on, YYYY-MM-DD
	K           int
	Participant string
}

// BonusEntries are the entries a draw gives the winners of bonus
// jackpots (Royal Flush 34.1): PerWin for each win of the segments From,
// tonight's and those of the campaign's earlier shows from Since on. They
// come from the record's winners, not from a file.
type BonusEntries struct {
	From   []string
	PerWin uint64
	Since  string // YYYY-MM-DD
	// NeedsEntry: only a winner with an entry that day (a row in the
	// draw's entry file: 39-41, the ticket printed at an eHost) gets the
	// entries; the show file's needs_entry: false gives every win them.
	// Shows opened under rules edition 3 on.
	NeedsEntry bool
}

// ExcludeWinners bars from a draw the winners of earlier official shows
// of the campaign (clause 66: September's and October's finalists do not
// come back in November): wins of the segments, groups or kinds Of, from
// Since on.
type ExcludeWinners struct {
	Of    []string
	Since string // YYYY-MM-DD
}

// Earned is what one source of bonus entries added to a frozen bin.
type Earned struct {
	Show    string `json:"show"`
	Segment string `json:"segment"`
	Wins    int    `json:"wins"`
	Entries uint64 `json:"entries"` // those the bin took, (Wins - NoEntry) × per_win
	// NoEntry: wins that earned nothing, their winner having no entry in
	// the draw that day (BonusEntries.NeedsEntry)
	NoEntry int `json:"no_entry,omitempty"`
}

// SetCampaign gives the engine the winners of the campaign's earlier
// official shows, in the order the record holds them.
func (e *Engine) SetCampaign(wins []PastWin) { e.past = slices.Clone(wins) }

// Campaign is the winners of the campaign's earlier official shows the
// engine was given.
func (e *Engine) Campaign() []PastWin { return e.past }

// EarnedTicket names a bonus entry in a bin: bonus/SHOW/SEGMENT/PICK,
// the pick counted from 1. No entry file's ticket holds a slash.
func EarnedTicket(show, segment string, k int) string {
	return fmt.Sprintf("bonus/%s/%s/%d", show, segment, k+1)
}

// IsEarned reports whether a bin's ticket is a bonus entry.
func IsEarned(ticket string) bool { return strings.HasPrefix(ticket, "bonus/") }

// earned lists the bonus entries of seg: the campaign's wins of its
// sources, then tonight's, each source counted; of is the source of each
// entry, its index in the sources.
func (d *decider) earned(seg *SegState, today string) (es []Entry, src []Earned, of []int) {
	be := seg.Seg.BonusEntries
	if be == nil {
		return nil, nil, nil
	}
	add := func(show, segment string, k int, card string) {
		es = append(es, Entry{Ticket: EarnedTicket(show, segment, k), Participant: card, Weight: be.PerWin})
		src = be.tally(src, show, segment)
		of = append(of, len(src)-1)
	}
	for _, w := range d.e.past {
		if be.counts(w) {
			add(w.Show, w.Segment, w.K, w.Participant)
		}
	}
	for _, o := range d.st.Segs {
		if o == seg || o.Frozen == nil || o.Frozen.Day < be.Since || !be.takes(o.Seg.ID, o.Seg.Group) {
			continue
		}
		for _, p := range o.Picks {
			if p.Outcome.Wins() {
				add(d.st.ID, o.Seg.ID, p.K, p.Participant)
			}
		}
	}
	return es, src, of
}

// needsEntry reports whether seg's bonus entries go only to winners with
// an entry that day: the show file's rule, in a show opened under rules
// edition 3 or later (before, every win earned them).
func (d *decider) needsEntry(seg *Segment) bool {
	be := seg.BonusEntries
	return be != nil && be.NeedsEntry && d.st.Opened != nil && d.st.Opened.Rules >= 3
}

// noEntry takes from src the wins of earned entries es[i] for each i
// in skipped, whose winners had no entry that day, and lists those
// winners, sorted and each once.
func noEntry(src []Earned, es []Entry, of, skipped []int, perWin uint64) []string {
	var cards []string
	for _, i := range skipped {
		src[of[i]].NoEntry++
		src[of[i]].Entries -= perWin
		cards = append(cards, es[i].Participant)
	}
	slices.Sort(cards)
	return slices.Compact(cards)
}

// names reports whether of names w's segment, its month-end or wild
// card, or its kind (a wild card's draws by the wild card's kind too).
func names(of []string, w PastWin) bool {
	return slices.Contains(of, w.Segment) || slices.Contains(of, string(w.Kind)) ||
		(w.Group != "" && slices.Contains(of, w.Group)) ||
		(w.Kind == KindWildDraw && slices.Contains(of, string(KindWildCard)))
}

// pastWinners are the participants exclude_winners bars from seg.
func (e *Engine) pastWinners(seg *Segment) map[string]bool {
	return seg.ExcludeWinners.Bars(e.past)
}

// Bars lists the participants of wins that x bars: nil when x is.
func (x *ExcludeWinners) Bars(wins []PastWin) map[string]bool {
	if x == nil {
		return nil
	}
	out := map[string]bool{}
	for _, w := range wins {
		if w.Day >= x.Since && names(x.Of, w) {
			out[w.Participant] = true
		}
	}
	return out
}

// Counts is what the wins of earlier shows earn by b, each source counted
// (tonight's come at the freeze).
func (b *BonusEntries) Counts(wins []PastWin) []Earned { return b.CountsIn(wins, nil) }

// CountsIn is Counts for a draw whose entry file holds the cards in: with
// needs_entry, a win whose winner has no entry earns none (NoEntry). A
// nil in is every card's.
func (b *BonusEntries) CountsIn(wins []PastWin, in CardSet) []Earned {
	var out []Earned
	for _, w := range wins {
		if b.counts(w) {
			out = b.tally(out, w.Show, w.Segment)
			if in != nil && b.NeedsEntry && !in.Has(w.Participant) {
				out[len(out)-1].NoEntry++
				out[len(out)-1].Entries -= b.PerWin
			}
		}
	}
	return out
}

// counts reports whether an earlier show's win earns entries by b.
func (b *BonusEntries) counts(w PastWin) bool { return w.Day >= b.Since && b.takes(w.Segment, w.Group) }

// takes reports whether b's from names a segment or its group.
func (b *BonusEntries) takes(segment, group string) bool {
	return slices.Contains(b.From, segment) || (group != "" && slices.Contains(b.From, group))
}

// tally adds a win of show's segment to the sources counted so far,
// which come in order: a source's wins are together.
func (b *BonusEntries) tally(src []Earned, show, segment string) []Earned {
	if n := len(src); n == 0 || src[n-1].Show != show || src[n-1].Segment != segment {
		src = append(src, Earned{Show: show, Segment: segment})
	}
	src[len(src)-1].Wins++
	src[len(src)-1].Entries += b.PerWin
	return src
}

type bonusEntriesYAML struct {
	From       []string `yaml:"from"`
	PerWin     uint64   `yaml:"per_win"`
	Since      string   `yaml:"since"`
	NeedsEntry *bool    `yaml:"needs_entry"`
}

type excludeWinnersYAML struct {
	Of    []string `yaml:"of"`
	Since string   `yaml:"since"`
}

// maxPerWin is the most bonus entries a win earns (bonus_entries per_win).
const maxPerWin = 1000

var (
	bonusEntriesKeys   = keysOf(bonusEntriesYAML{})
	excludeWinnersKeys = keysOf(excludeWinnersYAML{})
)

// campaignRules reads what a draw takes from the campaign's earlier
// shows: bonus_entries and exclude_winners.
func campaignRules(p *problems, n *yaml.Node, r *segmentYAML, seg *Segment) {
	if b := r.BonusEntries; b != nil {
		at := value(n, "bonus_entries")
		checkKeys(p, at, bonusEntriesKeys, "bonus_entries")
		seg.BonusEntries = &BonusEntries{From: b.From, PerWin: b.PerWin, Since: b.Since, NeedsEntry: b.NeedsEntry == nil || *b.NeedsEntry}
		if len(b.From) == 0 {
			p.add(at, "segment %s: bonus_entries needs from: the bonus-jackpot segments whose winners earn entries", seg.ID)
		}
		if b.PerWin < 1 || b.PerWin > maxPerWin {
			p.add(at, "segment %s: bonus_entries per_win %d is out of range 1..%d (the entries each win earns)", seg.ID, b.PerWin, maxPerWin)
		}
		since(p, at, seg.ID, "bonus_entries", b.Since)
	}
	if x := r.ExcludeWinners; x != nil {
		at := value(n, "exclude_winners")
		checkKeys(p, at, excludeWinnersKeys, "exclude_winners")
		seg.ExcludeWinners = &ExcludeWinners{Of: x.Of, Since: x.Since}
		if len(x.Of) == 0 {
			p.add(at, "segment %s: exclude_winners needs of: the segment ids or kinds whose earlier winners are barred", seg.ID)
		}
		since(p, at, seg.ID, "exclude_winners", x.Since)
	}
}

func since(p *problems, n *yaml.Node, seg, key, v string) {
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		p.add(n, "segment %s: %s since %q is not a date like 2024-11-25 (the first promotional day whose wins count)", seg, key, v)
	}
}

// checkEarnedFrom checks that a bonus_entries from that names a segment
// of this show names an earlier bonus jackpot; other names are earlier
// shows' segments.
func checkEarnedFrom(p *problems, s *Show, nodes map[string]*yaml.Node) {
	kindOf := map[string]SegmentKind{}
	for i := range s.Segments {
		g := &s.Segments[i]
		if be := g.BonusEntries; be != nil && (g.Group == "" || g.Bin == 1) { // a month-end's bins: once
			for _, f := range be.From {
				k, earlier := kindOf[f]
				switch {
				case earlier && k != KindBonus:
					p.add(nodes[or(g.Group, g.ID)], "segment %s: bonus_entries from %q is a %s; entries are earned by bonus-jackpot wins", g.ID, f, k)
				case !earlier && s.has(f):
					p.add(nodes[or(g.Group, g.ID)], "segment %s: bonus_entries from %q comes later in the show; its winners are not known at this draw", g.ID, f)
				}
			}
		}
		kindOf[g.ID] = g.Kind
		if g.Group != "" {
			kindOf[g.Group] = g.Kind
		}
	}
}

// has reports whether id is a segment or group of the show.
func (s *Show) has(id string) bool {
	for i := range s.Segments {
		if s.Segments[i].ID == id || s.Segments[i].Group == id {
			return true
		}
	}
	return false
}
