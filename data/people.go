package data

import "drawshow/show"

// People looks up what a segment's entry file says of these cards, for
// the big screen.
func (db *DB) People(showID, segment string, cards []string) (map[string]show.Person, error) {
	ps, err := db.people(showID, segment, cards)
	if err != nil {
		return nil, err
	}
	out := make(map[string]show.Person, len(ps))
	for c, p := range ps {
		out[c] = show.Person{Name: p.Name, Tier: p.Tier}
	}
	return out, nil
}
