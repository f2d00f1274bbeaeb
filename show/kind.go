package show

import (
	"cmp"
	"slices"
	"time"

	"go.yaml.in/yaml/v3"
)

// SegmentKind is what a segment of the run sheet is: a kind of draw, a
// slide or a leaderboard. It is the show file's kind: and what the record
// keeps; what a kind means is its type's, one file a kind (kind_*.go).
type SegmentKind string

// A kind is what a segment kind answers, in its own file (kind_draw.go,
// kind_chest.go…): its keys and parsing, its traits, how its winners
// choose, and what the scenes, the lists and the exports need to know.
// The engine, the state, the replay and everything outside show ask the
// segment (Segment.Draws, Floor, Ladder…), which asks its kind; nothing
// names a kind but its own file. A kind embeds plain for the answers it
// shares with a plain draw, and registers itself in its file's init.
type kind interface {
	// traits are its rules, as yes-or-no answers.
	traits() traits
	// keys are the show-file keys a segment of the kind may have; nil
	// when the file cannot name the kind.
	keys() []string
	// needsEntries reports whether a segment of the kind needs an entry
	// file, given what the show file says.
	needsEntries(r *segmentYAML) bool
	// parse reads what the kind adds to a segment, and expands a kind
	// that is several segments on the run sheet.
	parse(c *parsing, seg Segment) []Segment
	// choose is how its winners choose what hides their prize, given the
	// segment's state and the show's currency; nil when they do not.
	choose(s *SegState, currency string) choosing
}

// traits are a kind's rules: the engine, the state and the replay ask
// these, never the kind's name.
type traits struct {
	listed   int        // its place among the kinds a show file names (from 1); 0 when no file names it
	page     bool       // a page of the run sheet (a slide, a leaderboard): no draw, no winners, its own keys
	draws    bool       // it draws winners from a bin
	numbers  bool       // its step is a wild card's bin numbers, not a draw
	receipts bool       // its bin takes the receipts of the earlier winners it is from
	fromBin  bool       // its rows are those of the month-end bin a wild card's number chose
	sessions bool       // a bonus jackpot's: picks in its sessions only, which keep its time (no early draw), claim seconds from the team's arrival, hours counted; its wins never bar a draw entry
	tickets  TicketRule // how its rows become tickets unless the file says: PerRow when empty

	// what the scenes, the lists and the exports ask
	slide      bool // a page of the attract loop: a title, a body, an image
	board      bool // a leaderboard: standings read from a file while it is on
	finale     bool // a finale's, not a plain draw or a page: the record and the sheet say more of it
	finalists  bool // its winners are finalists, of a draw later in the campaign
	floor      bool // its picks are players on the floor: a ticket is the device played, an area stands for a property, the team walks to it
	properties bool // its entrants are finalists from several properties: a winner's property is told, and the intro shows them all
	byPrize    bool // its board lists its winners by prize, the top prize first
}

// plain is the answers a kind shares with a plain draw, for kinds to embed.
type plain struct{}

func (plain) needsEntries(*segmentYAML) bool          { return true }
func (plain) parse(_ *parsing, seg Segment) []Segment { return []Segment{seg} }
func (plain) choose(*SegState, string) choosing       { return nil }

// unknown is the kind of a segment whose kind no file registers: it
// answers no to everything (the show file's check says what is wrong).
type unknown struct{ plain }

func (unknown) traits() traits { return traits{} }
func (unknown) keys() []string { return nil }

// registered are the kinds, by name.
var registered = map[SegmentKind]kind{}

// register makes k the kind named name; each kind's file calls it from init.
func register(name SegmentKind, k kind) {
	if _, dup := registered[name]; dup {
		panic("show: kind " + string(name) + " registered twice")
	}
	registered[name] = k
}

// kindOf is the kind named k.
func kindOf(k SegmentKind) kind {
	if r, ok := registered[k]; ok {
		return r
	}
	return unknown{}
}

// listedKinds are the kinds a show file may name, in the order a message
// lists them.
func listedKinds() []SegmentKind {
	var out []SegmentKind
	for name, k := range registered {
		if k.traits().listed > 0 {
			out = append(out, name)
		}
	}
	slices.SortFunc(out, func(a, b SegmentKind) int { return cmp.Compare(kindOf(a).traits().listed, kindOf(b).traits().listed) })
	return out
}

// What the rest of the program asks a segment, answered by its kind.

// Slide reports whether the segment is a slide: a page of the attract
// loop, with no draw.
func (s *Segment) Slide() bool { return s.traits().slide }

// Leaderboard reports whether the segment is a leaderboard: standings
// read from a file while it is on, with no draw.
func (s *Segment) Leaderboard() bool { return s.traits().board }

// Finale reports whether the segment is a finale's (a month-end or manual
// bin, a wild card, the Royal Flush, a chest, a bonus jackpot): not a
// plain draw, a slide or a leaderboard.
func (s *Segment) Finale() bool { return s.traits().finale }

// Finalists reports whether the segment's winners are finalists, for a
// draw later in the campaign: a month-end bin's, a manual bin's, a wild
// card's.
func (s *Segment) Finalists() bool { return s.traits().finalists }

// Numbers reports whether the segment's step is a wild card's numbers,
// each choosing a month-end bin, and not a draw.
func (s *Segment) Numbers() bool { return s.traits().numbers }

// FromBin reports whether the segment's rows are those of the month-end
// bin a wild card's number chose (Group is the wild card, Bin the number).
func (s *Segment) FromBin() bool { return s.traits().fromBin }

// Receipts reports whether the segment's bin takes the receipts of the
// winners of the segments its From names.
func (s *Segment) Receipts() bool { return s.traits().receipts }

// Floor reports whether the segment's picks are players on the casino
// floor: a pick's ticket is the device played, an area stands where a
// property would, the entry file has device and area columns, and the
// floor team walks to the winner: the claim seconds start when it
// arrives.
func (s *Segment) Floor() bool { return s.traits().floor }

// Sessions reports whether the segment keeps to its sessions' hours: its
// picks are made in them, and never early.
func (s *Segment) Sessions() bool { return s.traits().sessions }

// Properties reports whether the segment's entrants are finalists from
// several properties: a winner's property is told with the name.
func (s *Segment) Properties() bool { return s.traits().properties }

// ByPrize reports whether the segment's winners board lists its winners
// by prize, the top prize first, as a prize list reads.
func (s *Segment) ByPrize() bool { return s.traits().byPrize }

// kind is the segment's kind.
func (s *Segment) kind() kind { return kindOf(s.Kind) }

// traits are the segment's kind's.
func (s *Segment) traits() traits { return s.kind().traits() }

// parsing is what a kind's parse reads a segment with: the problems found
// so far, the segment's node and its decoded keys, the show's time zone
// and how a path in the file resolves.
type parsing struct {
	p       *problems
	n       *yaml.Node
	r       *segmentYAML
	loc     *time.Location
	resolve func(string) string
}

// at is the node of the segment's key, or the segment's own node when the
// key is not there: where a problem with it is told.
func (c *parsing) at(key string) *yaml.Node {
	if v := value(c.n, key); v != nil {
		return v
	}
	return c.n
}

func without(keys []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return slices.Contains(drop, k) })
}
