package data

import (
	"slices"

	"drawshow/show"
)

// People looks up what the entry files say of these cards for one of the
// session's segments, for the big screen: see DB.People.
func (ss *Session) People(segment string, cards []string) (map[string]show.Person, error) {
	return ss.DB.People(ss.ID, ss.Eng.State().Seg(segment), cards)
}

// People looks up what the entry files say of these cards, for the big
// screen: first seg's own import; then, for cards it does not list or a
// segment that has none (a manual bin, a Royal Flush from earlier
// segments, a wild-card draw), the month-end bin a wild-card draw was
// frozen from, then every other import of the show in import order. A
// card seg picked is looked up at its picked ticket, so a bonus winner's
// Area is that of the device they won at (the device itself is the pick's
// ticket). A card no import lists is left out.
func (db *DB) People(showID string, seg *show.SegState, cards []string) (map[string]show.Person, error) {
	out := map[string]show.Person{}
	if len(cards) == 0 || seg == nil {
		return out, nil
	}
	segment, from := seg.Seg.ID, ""
	if seg.Frozen != nil {
		from = seg.Frozen.From
	}
	picked := make(map[string]string, len(seg.Picks))
	for _, p := range seg.Picks {
		picked[p.Participant] = p.Ticket
	}
	imps, err := db.importsOf(showID)
	if err != nil {
		return nil, err
	}
	rank := func(seg string) int {
		switch seg {
		case segment:
			return 0
		case from:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(imps, func(a, b importRange) int { return rank(a.segment) - rank(b.segment) })
	left := slices.Compact(slices.Sorted(slices.Values(cards)))
	for _, im := range imps {
		if len(left) == 0 {
			break
		}
		found, err := db.lookup(im, left, picked)
		if err != nil {
			return nil, err
		}
		for c, p := range found {
			out[c] = show.Person{Name: p.Name, Tier: p.Tier, Area: p.Area, Property: p.Property}
		}
		left = slices.DeleteFunc(left, func(c string) bool { _, ok := found[c]; return ok })
	}
	return out, nil
}

// importRange is one imported entry file: its rows are entries first..last.
type importRange struct {
	segment     string
	first, last int64
}

// importsOf lists a show's imports in the order they were made.
func (db *DB) importsOf(showID string) ([]importRange, error) {
	rows, err := db.sql.Query(`SELECT segment, first, last FROM imports WHERE show = ? ORDER BY id`, showID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []importRange
	for rows.Next() {
		var r importRange
		if err := rows.Scan(&r.segment, &r.first, &r.last); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
