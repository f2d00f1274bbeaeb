package show

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
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
// segment (Segment.Draws, Floor, Ladder…), which asks its kind; no code
// outside show names a kind. A kind embeds plain for the answers it
// shares with a plain draw, and registers itself in its file's init.
type kind interface {
	// traits are its rules, as yes-or-no answers.
	traits() traits
	// keys are the show-file keys a segment of the kind may have; nil
	// when the file cannot name the kind.
	keys() []string
	// own is a new value of the kind's own keys (a struct of yaml tags)
	// that its parse decodes from the segment's node; nil when it has
	// none beyond segmentYAML's.
	own() any
	// needsEntries reports whether a segment of the kind needs an entry
	// file, given what the show file says.
	needsEntries(r *segmentYAML) bool
	// parse reads what the kind adds to a segment, and expands a kind
	// that is several segments on the run sheet. What the kind alone
	// carries is a type in its file, which parse sets on the segment's
	// pointer to it (Segment.Board, Page, Bonus, Jackpot) for every
	// segment of the kind, problems or not.
	parse(c *parsing, seg Segment) []Segment
	// choose is how its winners choose what hides their prize, given the
	// segment's state and the show's currency; nil when they do not.
	choose(s *SegState, currency string) choosing
	// ladder is the prizes its winners' choice decides between, highest
	// first as the show file lists them; nil when they choose none or
	// their prize is a jackpot's.
	ladder(s *Segment) []string
	// report adds what the kind says of a segment on its page of the
	// report and its sheet; key is its draws' key when revealed.
	report(sh *Show, s *SegState, key [32]byte, revealed bool, add func(label, text string))
	// smallDraws are its draws over small bins, under key.
	smallDraws(sh *Show, s *SegState, key [32]byte) []SmallDraw
	// madeFrom says, for check's table, where the bin of a segment made
	// at the show comes from.
	madeFrom(sh *Show, seg *Segment) string
	// notes adds check's lines for the segment, given what check found
	// in its entry file.
	notes(sh *Show, seg *Segment, f *Found, note func(format string, args ...any))
	// binWords are what a frozen bin's tickets and players are called.
	binWords() (tickets, players string)
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

func (plain) own() any                                                      { return nil }
func (plain) needsEntries(*segmentYAML) bool                                { return true }
func (plain) parse(_ *parsing, seg Segment) []Segment                       { return []Segment{seg} }
func (plain) choose(*SegState, string) choosing                             { return nil }
func (plain) ladder(*Segment) []string                                      { return nil }
func (plain) report(*Show, *SegState, [32]byte, bool, func(string, string)) {}
func (plain) smallDraws(*Show, *SegState, [32]byte) []SmallDraw             { return nil }
func (plain) madeFrom(*Show, *Segment) string                               { return "no entry file" }
func (plain) notes(*Show, *Segment, *Found, func(string, ...any))           {}
func (plain) binWords() (string, string)                                    { return "tickets", "players in the draw" }

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
// draw later in the campaign: a manual bin's, a wild card's. What they
// win is a finalist spot, not a prize (a month-end bin's winners win its
// prizes and are not finalists).
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

// Ladder is the prizes the segment's winners' choice decides between,
// highest first as the show file lists them: the Royal Flush's prizes, a
// bonus jackpot's envelopes; nil when its winners choose none, or their
// prize is a chest's jackpot.
func (s *Segment) Ladder() []string { return s.kind().ladder(s) }

// BinWords are what the stage calls the segment's frozen bin's tickets
// and players: "tickets" and "players in the draw"; a manual bin's
// "receipts in the bin" and "players".
func (s *Segment) BinWords() (tickets, players string) { return s.kind().binWords() }

// Report is what the segment's kind adds to its page of the report and
// its sheet, as label and text: where its bin came from, how it was
// drawn, a wild card's numbers, the cards, the jackpot, the envelopes.
// key is its draws' key once revealed.
func (sh *Show) Report(s *SegState, key [32]byte, revealed bool) [][2]string {
	var out [][2]string
	s.Seg.kind().report(sh, s, key, revealed, func(k, v string) { out = append(out, [2]string{k, v}) })
	return out
}

// A SmallDraw is one of a segment's draws over a small bin, which the
// record keeps once the seed is revealed: its id is SEGMENT/Suffix, its
// bin the Labels, and its first N picks give the Result.
type SmallDraw struct {
	Suffix string   // "cards", "chest", "numbers", "deck", "prizes/K"
	Of     string   // what it decides: "cards", "chest", "numbers", "envelopes"
	Labels []string // the small bin's tickets
	N      int      // the picks it makes
	Result []string // what the picks give, in order
}

// SmallDraws are the segment's draws over small bins under key: the
// prizes behind a Royal Flush's cards, the chest's jackpot ball, a wild
// card's numbers drawn by the engine, a bonus jackpot's envelopes.
func (sh *Show) SmallDraws(s *SegState, key [32]byte) []SmallDraw {
	return s.Seg.kind().smallDraws(sh, s, key)
}

// Found is what check found in a segment's entry file, that its kind's
// notes tell.
type Found struct {
	Made       bool   // the bin is made at the show (earlier winners, a month-end bin)
	Properties string // the finalists by property, as check counts them
	Areas      string // the active players by area
	Filtered   int    // rows kept out by a bonus jackpot's rules
	OutOfTier  int    // rows of a tier the segment does not allow
}

// MadeFrom says, for check's table, where the bin of a segment without an
// entry file comes from: earlier winners, or a month-end bin.
func (sh *Show) MadeFrom(seg *Segment) string { return seg.kind().madeFrom(sh, seg) }

// Notes are check's lines for what the segment's kind sets that the
// table does not show, and what check found in its entry file.
func (sh *Show) Notes(seg *Segment, f *Found) []string {
	var out []string
	seg.kind().notes(sh, seg, f, func(format string, args ...any) {
		out = append(out, seg.ID+": "+fmt.Sprintf(format, args...))
	})
	return out
}

// WinnersOf names the winners of the segments a from lists: "the 15
// winner(s) of month-end".
func (sh *Show) WinnersOf(from []string) string {
	n := 0
	for _, s := range sh.Sources(from) {
		n += s.Winners
	}
	return fmt.Sprintf("the %d winner(s) of %s", n, strings.Join(from, ", "))
}

// sourceIDs are the ids of the segments a from lists.
func (sh *Show) sourceIDs(from []string) []string {
	var ids []string
	for _, src := range sh.Sources(from) {
		ids = append(ids, src.ID)
	}
	return ids
}

// kind is the segment's kind.
func (s *Segment) kind() kind { return kindOf(s.Kind) }

// traits are the segment's kind's.
func (s *Segment) traits() traits { return s.kind().traits() }

// parsing is what a kind's parse reads a segment with: the problems found
// so far, the segment's node and its decoded keys, the show's time zone
// and currency, and how a path in the file resolves.
type parsing struct {
	p        *problems
	n        *yaml.Node
	r        *segmentYAML
	loc      *time.Location
	currency string
	resolve  func(string) string
}

// at is the node of the segment's key, or the segment's own node when the
// key is not there: where a problem with it is told.
func (c *parsing) at(key string) *yaml.Node { return keyNode(c.n, key) }

// decode reads the kind's own keys from the segment's node into v. A
// value of the wrong type is told with its line, as the show file's
// other keys are, and the rest is decoded.
func (c *parsing) decode(v any) {
	err := c.n.Decode(v)
	var te *yaml.TypeError
	switch {
	case err == nil:
	case errors.As(err, &te):
		for _, m := range te.Errors {
			c.p.errs = append(c.p.errs, strings.TrimPrefix(m, "line "))
		}
	default:
		c.p.add(c.n, "%v", err)
	}
}

// allSegmentKeys are the keys a segment of any kind may have: those of
// segmentYAML and every kind's own, each once.
func allSegmentKeys() []string {
	keys := keysOf(segmentYAML{})
	for _, name := range slices.Sorted(maps.Keys(registered)) {
		if own := registered[name].own(); own != nil {
			for _, k := range keysOf(reflect.ValueOf(own).Elem().Interface()) {
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
	}
	return keys
}

func without(keys []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return slices.Contains(drop, k) })
}

// clock is when seg is scheduled, as check says it.
func (sh *Show) clock(seg *Segment) string {
	if seg.At.IsZero() {
		return "no time set"
	}
	return seg.At.In(sh.Location).Format("15:04 Mon 2 Jan")
}
