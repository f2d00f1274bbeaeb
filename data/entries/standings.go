package entries

import (
	"fmt"
	"strings"

	"drawshow/show"
)

var areaHeaders = []string{"area", "zone", "floor", "section"}

// ReadStandings reads a leaderboard's standings file: card, name, points
// and area. A bad row is an error naming its row, column and value; a file
// with any is not used. The summary rows it ends on are dropped.
func ReadStandings(path, sheet string, opts ...Option) ([]show.Standing, error) {
	st, _, _, err := ReadStandingsSum(path, sheet, opts...)
	return st, err
}

// ReadStandingsSum is ReadStandings with the SHA-256 (in hex) of the
// bytes the standings were read from, and the summary rows the file
// ended on (a TOTAL, a count), which were dropped.
func ReadStandingsSum(path, sheet string, opts ...Option) ([]show.Standing, string, []Dropped, error) {
	t, err := openTable(path, sheet, optionsOf(opts))
	if err != nil {
		return nil, "", nil, err
	}
	defer t.Close()
	idx, fe := findColumns(t, []column{
		{role: "card", aliases: cardHeaders, need: true},
		{role: "name", aliases: nameHeaders},
		{role: "points", aliases: pointsHeaders, need: true},
		{role: "area", aliases: areaHeaders},
	})
	if fe != nil {
		return nil, "", nil, fe
	}
	header := t.Header()
	fe = &FileError{File: path}
	seen := map[string]int{}
	var out []show.Standing
	f := footOf(t, idx[0])
	for f.Next() {
		rec := f.Record()
		c := rowCheck{fe: fe, line: f.Line(), ok: true}
		s := show.Standing{Card: cell(rec, idx[0]), Name: cell(rec, idx[1]), Area: cell(rec, idx[3])}
		s.Card = c.cardID(header[idx[0]], s.Card)
		if idx[1] >= 0 {
			c.checkName(header[idx[1]], "name", s.Name)
		}
		if idx[3] >= 0 {
			c.checkName(header[idx[3]], "area", s.Area)
		}
		if first, ok := seen[s.Card]; ok && s.Card != "" {
			c.bad(header[idx[0]], s.Card, fmt.Sprintf("card %s is listed twice (first on row %d)", s.Card, first))
		}
		seen[strings.Clone(s.Card)] = f.Line()
		p := cell(rec, idx[2])
		if s.Points, err = parsePoints(p); err != nil {
			c.bad(header[idx[2]], p, fmt.Sprintf("points %q %v", p, err))
		}
		if c.ok {
			s.Card, s.Name, s.Area = strings.Clone(s.Card), strings.Clone(s.Name), strings.Clone(s.Area)
			out = append(out, s)
		}
	}
	if err := finish(t, fe); err != nil {
		return nil, "", nil, err
	}
	sum, err := t.SHA256()
	if err != nil {
		return nil, "", nil, err
	}
	return out, sum, f.Dropped, nil
}
