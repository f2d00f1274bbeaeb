package show

import (
	"slices"
	"strings"
	"time"
)

// Standing is one player's line in a leaderboard's standings file.
type Standing struct {
	Card   string `json:"card"`
	Name   string `json:"name,omitempty"`
	Area   string `json:"area,omitempty"`
	Points uint64 `json:"points"`
}

// Place is a player's place on the board.
type Place struct {
	Rank   int // players with equal points share a rank: 1, 2, 2, 4
	Card   string
	Name   string
	Points uint64
	Move   int  // places gained since the last board (negative: lost)
	New    bool // not on the last board
}

// Rank makes the board: the standings in the allowed areas (any area when
// areas is empty), highest points first, at most top places (a tie at the
// cut stays in), with each player's movement since prev.
func Rank(st []Standing, areas []string, top int, prev []Place) []Place {
	var in []Standing
	for _, s := range st {
		if len(areas) == 0 || slices.ContainsFunc(areas, func(a string) bool { return strings.EqualFold(a, s.Area) }) {
			in = append(in, s)
		}
	}
	slices.SortFunc(in, func(a, b Standing) int {
		if a.Points != b.Points {
			if a.Points > b.Points {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Card, b.Card)
	})
	was := map[string]int{}
	for _, p := range prev {
		was[p.Card] = p.Rank
	}
	var out []Place
	for i, s := range in {
		rank := i + 1
		if i > 0 && s.Points == in[i-1].Points {
			rank = out[i-1].Rank
		}
		if top > 0 && rank > top {
			break
		}
		p := Place{Rank: rank, Card: s.Card, Name: s.Name, Points: s.Points}
		if r, ok := was[s.Card]; ok {
			p.Move = r - rank
		} else {
			p.New = prev != nil
		}
		out = append(out, p)
	}
	return out
}

// OffBoard lists the cards of st that out holds, sorted and each once:
// players a leaderboard never shows, whatever their points (the show's
// exclusions list, rules edition 4).
func OffBoard(st []Standing, out CardSet) []string {
	var cards []string
	for _, s := range st {
		if out.Has(s.Card) {
			cards = append(cards, s.Card)
		}
	}
	slices.Sort(cards)
	return slices.Compact(cards)
}

// OnBoard is st without the players of the cards off (see OffBoard).
func OnBoard(st []Standing, off []string) []Standing {
	if len(off) == 0 {
		return st
	}
	out := NewCardSet(off)
	return slices.DeleteFunc(slices.Clone(st), func(s Standing) bool { return out.Has(s.Card) })
}

// Window is a time a leaderboard is live.
type Window struct{ From, To time.Time }

// Live reports whether t falls in one of the windows; no windows means
// always.
func Live(ws []Window, t time.Time) bool {
	if len(ws) == 0 {
		return true
	}
	for _, w := range ws {
		if !t.Before(w.From) && t.Before(w.To) {
			return true
		}
	}
	return false
}
