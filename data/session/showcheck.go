package session

import (
	"errors"
	"fmt"
	"os"
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
}

// SegmentResult is one segment's file: a draw's entry file, or a
// leaderboard's standings; a slide has none.
type SegmentResult struct {
	Seg       *show.Segment
	Check     *entries.SegmentCheck // draws; its Bin has the figures, not the entries
	Standings []show.Standing
	Err       error         // the file is there and cannot be used
	Missing   bool          // the file is not there yet
	Earned    []show.Earned // bonus_entries: what the earlier shows' wins add (check --db)
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
	l, ex, err := entries.ReadLists(sh, there("the exclusions list", sh.Exclusions), there("the decline register", sh.Register), there("the proxy nominations", sh.Proxies), "")
	if err != nil {
		c.Problems = append(c.Problems, err)
	}
	c.Lists = l
	excluded := make(map[string]bool, len(ex))
	for _, card := range ex {
		excluded[card] = true
	}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		r := SegmentResult{Seg: seg}
		switch {
		case seg.Slide():
		case seg.Leaderboard():
			if r.Missing = missing("segment "+seg.ID+" standings", seg.Standings); !r.Missing {
				r.Standings, r.Err = entries.ReadStandings(seg.Standings, seg.Sheet)
			}
		default:
			what := "segment " + seg.ID
			if _, _, err := entries.ReadLists(sh, "", there(what+" decline register", seg.Register), there(what+" proxy nominations", seg.Proxies), there(what+" selection", seg.Selected)); err != nil {
				c.Problems = append(c.Problems, err)
			}
			if r.Missing = missing(what+" entry file", seg.Entries); !r.Missing {
				r.Check, r.Err = entries.CheckPast(seg, excluded, seg.ExcludeWinners.Bars(past))
				r.Check.DropEntries() // a show's bins are not all held at once
			}
		}
		if r.Err != nil {
			c.Problems = append(c.Problems, r.Err)
		}
		if be := seg.BonusEntries; be != nil && past != nil {
			r.Earned = be.Counts(past)
		}
		c.Segments = append(c.Segments, r)
	}
	return c
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
