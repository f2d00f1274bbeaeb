package session

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"drawshow/data/entries"
	"drawshow/show"
)

// ShowCheck is what check learns of every file a show file names: the
// desk's lists, each segment's entry file or standings, and the images.
type ShowCheck struct {
	Lists    *show.Lists     // nil when a list cannot be read
	Segments []SegmentResult // every segment, in show order
	// Problems are files that are there and cannot be used as they are,
	// each error naming the file (and row, column and value where it can).
	Problems []error
	// Missing are files not there, such as a later draw's export: at
	// open a warning, not an error, until the show needs them.
	Missing []string
	// Matches are how many of each list's cards matched an entry: the
	// show's exclusions, register and proxies, then each segment's own.
	Matches []*ListMatch
	// Dropped are the summary rows (a TOTAL, a count) the lists and
	// standings ended on, in words: left out, as an entry file's are
	Dropped []string
}

// ListMatch is how many of a list's cards matched an entry of the entry
// files it applies to, cards compared as the freeze compares them
// (show.CardKey). A list whose cards Excel typed as numbers, their
// leading zeros gone, matched none and kept nobody out (issue 26).
type ListMatch struct {
	Name    string // exclusions, register, proxies; "segment ID register"…
	File    string // as the record names it
	Cards   int    // on the list
	Matched int    // that matched an entry
	Rows    int    // of the entry files it was matched to
	Expect  bool   // the show file says it may match none (expect_unmatched)
	seg     string // the segment whose list it is; "" for the show's
	set     show.CardSet
	hit     map[string]bool // keys that matched
}

// Unmatched reports a list with cards that matched none of entry files
// that are not empty.
func (m *ListMatch) Unmatched() bool { return m.Cards > 0 && m.Matched == 0 && m.Rows > 0 }

func newListMatch(sh *show.Show, name, path, seg string, cards []string) *ListMatch {
	return &ListMatch{Name: name, File: sh.Rel(path), Cards: len(cards), Expect: sh.Opts(path).ExpectUnmatched,
		seg: seg, set: show.NewCardSet(cards), hit: map[string]bool{}}
}

// UnmatchedLists is an official show refused at open for a list that
// matched no entry, which the show file does not expect. Nothing was
// recorded.
type UnmatchedLists struct{ Lists []*ListMatch }

func (e *UnmatchedLists) Error() string {
	var b strings.Builder
	for i, m := range e.Lists {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s %s: none of its %d card(s) matched an entry of %d row(s): an official show does not open with a list that keeps nobody out. "+
			"Check its card numbers; or, if no match is right, say so in the show file: {file: %s, expect_unmatched: true}",
			m.Name, m.File, m.Cards, m.Rows, m.File)
	}
	b.WriteString("\nnothing was recorded")
	return b.String()
}

// SegmentResult is one segment's file: a draw's entry file, or a
// leaderboard's standings; a slide has none.
type SegmentResult struct {
	Seg       *show.Segment
	Check     *entries.SegmentCheck // draws; its Bin has the figures, not the entries
	Standings []show.Standing
	// OffBoard are the players of Standings on the exclusions list: the
	// board leaves them out (rules edition 4), ranked as they stood
	OffBoard []show.Place
	Err      error         // the file is there and cannot be used
	Missing  bool          // the file is not there yet
	Earned   []show.Earned // bonus_entries: what the earlier shows' wins add (check --db)
}

// CheckShow reads every file the show file names, as the show would, and
// reports what cannot be used. It changes nothing.
func CheckShow(sh *show.Show) *ShowCheck { return CheckCampaign(sh, nil) }

// CheckCampaign is CheckShow with the winners of the campaign database's
// earlier official shows: each draw's exclude_winners bars them from its
// figures, and Earned gives what its bonus_entries adds from them.
func CheckCampaign(sh *show.Show, past []show.PastWin) *ShowCheck {
	c := &ShowCheck{}
	missing := func(what, path string) bool {
		if path == "" {
			return false
		}
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			c.Missing = append(c.Missing, fmt.Sprintf("%s %s: no such file", what, path))
			return true
		}
		return false
	}
	for _, im := range sh.Images() {
		if missing(im.Key, im.Path) {
			continue
		}
		if err := show.CheckImage(im.Path); err != nil {
			im.Err = err
			c.Problems = append(c.Problems, &im)
		}
	}
	there := func(what, path string) string {
		if missing(what, path) {
			return ""
		}
		return path
	}
	var exclusions []string
	for _, path := range sh.Exclusions {
		if p := there("the exclusions list", path); p != "" {
			exclusions = append(exclusions, p)
		}
	}
	read, err := entries.ReadListsDropped(sh, exclusions, there("the decline register", sh.Register), there("the proxy nominations", sh.Proxies), "")
	excluded := map[string]bool{}
	if err != nil {
		c.Problems = append(c.Problems, err)
	} else {
		c.Dropped = append(c.Dropped, read.Dropped...)
		c.Lists = read.Lists
		for _, card := range read.Excluded {
			excluded[card] = true
		}
		for i, path := range exclusions {
			// each list matched on its own, so one whose zeros Excel
			// dropped is named though another matched
			name := "exclusions"
			if len(exclusions) > 1 {
				name += " " + sh.Rel(path)
			}
			c.Matches = append(c.Matches, newListMatch(sh, name, path, "", read.ByList[i]))
		}
		c.addLists(sh, "", sh.Register, sh.Proxies, read.Lists)
	}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		r := SegmentResult{Seg: seg}
		var in show.CardSet // the cards of its entry file, where needs_entry reads them
		switch {
		case seg.Slide():
		case seg.Leaderboard():
			file := seg.Board.Standings
			if r.Missing = missing("segment "+seg.ID+" standings", file); !r.Missing {
				var ds []entries.Dropped
				r.Standings, _, ds, r.Err = entries.ReadStandingsSum(file, seg.Sheet)
				c.Dropped = append(c.Dropped, entries.DroppedNotes(sh.Rel(file), "a player", ds)...)
				if r.Err == nil {
					r.OffBoard = c.offBoard(seg, r.Standings)
				}
			}
		default:
			what := "segment " + seg.ID
			register, proxies := there(what+" decline register", seg.Register), there(what+" proxy nominations", seg.Proxies)
			if sl, err := entries.ReadListsDropped(sh, nil, register, proxies, there(what+" selection", seg.Selected)); err != nil {
				c.Problems = append(c.Problems, err)
			} else {
				c.addLists(sh, seg.ID, register, proxies, sl.Lists)
				c.Dropped = append(c.Dropped, sl.Dropped...)
			}
			if r.Missing = missing(what+" entry file", seg.Entries); !r.Missing {
				each := c.matcher(seg.ID)
				if be := seg.BonusEntries; be != nil && be.NeedsEntry && past != nil {
					// the cards of the file: an earlier winner without one earns nothing
					match := each
					in = show.CardSet{}
					each = func(card string) {
						in[show.CardKey(card)] = true
						if match != nil {
							match(card)
						}
					}
				}
				r.Check, r.Err = entries.CheckCards(seg, excluded, seg.ExcludeWinners.Bars(past), each)
				if r.Err == nil && !r.Check.Made {
					for _, m := range c.Matches {
						if m.seg == "" || m.seg == seg.ID {
							m.Rows += r.Check.Bin.Rows
						}
					}
				}
				r.Check.DropEntries() // a show's bins are not all held at once
			}
		}
		if r.Err != nil {
			c.Problems = append(c.Problems, r.Err)
		}
		if be := seg.BonusEntries; be != nil && past != nil {
			r.Earned = be.CountsIn(past, in)
		}
		c.Segments = append(c.Segments, r)
	}
	return c
}

// offBoard matches the show's exclusions list to the standings of seg, a
// leaderboard, as the board does: the players it keeps off the board,
// with the places they would have had.
func (c *ShowCheck) offBoard(seg *show.Segment, st []show.Standing) []show.Place {
	off := show.CardSet{}
	for _, m := range c.Matches {
		if m.seg != "" || !strings.HasPrefix(m.Name, "exclusions") {
			continue
		}
		m.Rows += len(st)
		for _, s := range st {
			if k := show.CardKey(s.Card); m.set[k] {
				off[k] = true
				if !m.hit[k] {
					m.hit[k] = true
					m.Matched++
				}
			}
		}
	}
	return slices.DeleteFunc(show.Rank(st, seg.Board.Areas, 0, nil), func(p show.Place) bool { return !off.Has(p.Card) })
}

// addLists adds the register and proxies of l, read from the files
// named, to the lists matched to the entries: the show's when seg is "".
func (c *ShowCheck) addLists(sh *show.Show, seg, register, proxies string, l *show.Lists) {
	name := func(list string) string {
		if seg == "" {
			return list
		}
		return "segment " + seg + " " + list
	}
	if register != "" {
		c.Matches = append(c.Matches, newListMatch(sh, name("register"), register, seg, l.Register))
	}
	if proxies != "" {
		cards := make([]string, len(l.Proxies))
		for i, p := range l.Proxies {
			cards[i] = p.Card
		}
		c.Matches = append(c.Matches, newListMatch(sh, name("proxies"), proxies, seg, cards))
	}
}

// matcher is what CheckCards calls with each card of seg's entry file:
// it marks the cards of the lists that apply to seg that it matches.
func (c *ShowCheck) matcher(seg string) func(string) {
	var ms []*ListMatch
	for _, m := range c.Matches {
		if m.Cards > 0 && (m.seg == "" || m.seg == seg) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return nil
	}
	return func(card string) {
		k := show.CardKey(card)
		for _, m := range ms {
			if m.set[k] && !m.hit[k] {
				m.hit[k] = true
				m.Matched++
			}
		}
	}
}

// FileProblems is a show refused at open for the files it names that are
// there and cannot be used. Nothing was recorded.
type FileProblems struct{ Problems []error }

func (e *FileProblems) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the show names %d file(s) that cannot be used:", len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(strings.ReplaceAll(p.Error(), "\n", "\n  "))
	}
	b.WriteString("\nfix them (drawshow check shows the same), then open the show again: nothing was recorded")
	return b.String()
}

// Texts are the problems in words, as the record keeps those the operator
// opened the show over.
func (e *FileProblems) Texts() []string {
	out := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.Error()
	}
	return out
}
