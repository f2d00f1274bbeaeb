package record

import (
	"fmt"
	"strconv"

	"drawshow/data/internal/table"
	"drawshow/show"
)

// hasStandings reports whether the show recorded a leaderboard's final
// standings: then, and only then, its export has standings.csv (an export
// made before standings were recorded has none, and verifies as it was).
func (x *Set) hasStandings() bool {
	for _, s := range x.st.Segs {
		if s.Standings != nil {
			return true
		}
	}
	return false
}

// standingsCSV is standings.csv: one row a player of a leaderboard's
// areas in its final standings, by place.
var standingsCSV = table.Columns[standingRow]{
	{Head: "segment", Value: func(r standingRow) any { return r.seg.Seg.ID }},
	{Head: "title", Value: func(r standingRow) any { return r.seg.Seg.Title }},
	{Head: "place", Value: func(r standingRow) any {
		if r.off {
			return ""
		}
		return r.p.Rank
	}},
	{Head: "card", Value: func(r standingRow) any { return r.p.Card }},
	{Head: "name", Value: func(r standingRow) any { return r.p.Name }},
	{Head: "area", Value: func(r standingRow) any { return r.area }},
	{Head: "points", Value: func(r standingRow) any { return strconv.FormatUint(r.p.Points, 10) }},
	{Head: "on_board", Value: func(r standingRow) any {
		if r.off {
			return "excluded"
		}
		if r.p.Rank <= r.top {
			return "yes"
		}
		return "no"
	}},
	{Head: "file", Value: func(r standingRow) any { return r.seg.Standings.File }},
	{Head: "file_sha256", Value: func(r standingRow) any { return r.seg.Standings.SHA256 }},
}

// StandingsColumns is the header of standings.csv.
var StandingsColumns = standingsCSV.Heads()

type standingRow struct {
	seg  *show.SegState
	top  int // the places its board showed
	p    show.Place
	area string
	off  bool // on the show's exclusions list: no place
}

// standingsTable is standings.csv: each leaderboard's final standings,
// recorded from its file as the show closed, ranked as the board ranks
// them (show.Rank: the players of its areas, most points first, equal
// points sharing a place, cards in byte order between them), every player
// and not its top alone; on_board says who the board showed (place within
// its top). The players of the exclusions list (rules edition 4) follow,
// in the same order, with no place and on_board "excluded".
func (x *Set) standingsTable() Table {
	t := Table{File: StandingsFile, Heads: standingsCSV.Heads()}
	for _, s := range x.st.Segs {
		if s.Standings == nil {
			continue
		}
		area := map[string]string{}
		for _, r := range s.Standings.Rows {
			area[r.Card] = r.Area
		}
		off := show.NewCardSet(s.Standings.Excluded)
		var out []show.Standing
		for _, r := range s.Standings.Rows {
			if off.Has(r.Card) {
				out = append(out, r)
			}
		}
		var areas []string
		top := 0
		if b := s.Seg.Board; b != nil { // it is: only a leaderboard records standings
			areas, top = b.Areas, b.Top
		}
		on := show.OnBoard(s.Standings.Rows, s.Standings.Excluded)
		for _, p := range show.Rank(on, areas, 0, nil) {
			name := fmt.Sprintf("leaderboard %s, card %s", s.Seg.ID, p.Card)
			t.Rows = append(t.Rows, Line{name, standingsCSV.Texts(standingRow{seg: s, top: top, p: p, area: area[p.Card]})})
		}
		for _, p := range show.Rank(out, areas, 0, nil) {
			name := fmt.Sprintf("leaderboard %s, card %s", s.Seg.ID, p.Card)
			t.Rows = append(t.Rows, Line{name, standingsCSV.Texts(standingRow{seg: s, top: top, p: p, area: area[p.Card], off: true})})
		}
	}
	return t
}
