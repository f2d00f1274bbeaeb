package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"drawshow/data/record"
	"drawshow/show"
)

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

// PeopleOfFirst looks up cards in a segment's imported rows: each card's first row.
func (db *DB) PeopleOfFirst(showID, segment string, cards []string) (map[string]record.Person, error) {
	return db.PeopleOf(showID, segment, cards, nil)
}

// PeopleOf reads what a segment's entry file said of cards: see lookup.
func (db *DB) PeopleOf(showID, segment string, cards []string, prefer map[string]string) (map[string]record.Person, error) {
	im := importRange{segment: segment}
	if err := db.sql.QueryRow(`SELECT first, last FROM imports WHERE show = ? AND segment = ?`, showID, segment).Scan(&im.first, &im.last); err != nil {
		return nil, fmt.Errorf("segment %s: the imported entry file: %v", segment, err)
	}
	return db.lookup(im, cards, prefer)
}

// lookupBatch cards go in one query.
const lookupBatch = 256

// lookup reads what one imported entry file said of cards: the row of the
// ticket prefer names for the card (the picked ticket), else the card's
// first row. SQLite filters the file's rows, so a million-row file costs
// one scan in C per batch of cards rather than a million rows through Go.
func (db *DB) lookup(im importRange, cards []string, prefer map[string]string) (map[string]record.Person, error) {
	out := map[string]record.Person{}
	cards = slices.Compact(slices.Sorted(slices.Values(cards)))
	exact := map[string]bool{}
	for len(cards) > 0 {
		batch := cards[:min(len(cards), lookupBatch)]
		cards = cards[len(batch):]
		args := []any{im.first, im.last}
		for _, c := range batch {
			args = append(args, c)
		}
		rows, err := db.sql.Query(`SELECT ticket, card, name, tier, area, property, extra FROM entries WHERE rowid BETWEEN ? AND ? AND card IN (?`+
			strings.Repeat(`, ?`, len(batch)-1)+`) ORDER BY rowid`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var tk, card string
			var p record.Person
			var tier int
			var extra *string
			if err := rows.Scan(&tk, &card, &p.Name, &tier, &p.Area, &p.Property, &extra); err != nil {
				rows.Close()
				return nil, err
			}
			want, hasWant := prefer[card]
			if _, seen := out[card]; exact[card] || seen && (!hasWant || tk != want) {
				continue
			}
			p.Tier = show.Tier(tier)
			if extra != nil {
				if err := json.Unmarshal([]byte(*extra), &p.Extra); err != nil {
					rows.Close()
					return nil, fmt.Errorf("segment %s card %s: extra columns: %v", im.segment, card, err)
				}
			}
			out[card] = p
			exact[card] = hasWant && tk == want
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// PickedPeople reads what the entry files said of every segment's
// picked participants, by segment and card, up to and with segment last
// (nil: every segment).
func (db *DB) PickedPeople(sh *show.Show, st *show.State, last *show.SegState) (map[string]map[string]record.Person, error) {
	who := map[string]map[string]record.Person{}
	for _, s := range st.Segs {
		if len(s.Picks) > 0 {
			var err error
			if who[s.Seg.ID], err = db.pickedOf(sh, st, s, who); err != nil {
				return nil, err
			}
		}
		if s == last {
			break
		}
	}
	return who, nil
}

// pickedOf reads what the entry files said of a segment's picked
// participants: its own file's rows, a wild-card draw's month-end bin's,
// and for the winners of earlier draws in a manual bin or a Royal Flush,
// what those draws' files said of them.
func (db *DB) pickedOf(sh *show.Show, st *show.State, s *show.SegState, earlier map[string]map[string]record.Person) (map[string]record.Person, error) {
	cards := make([]string, len(s.Picks))
	ticket := make(map[string]string, len(s.Picks))
	for i, p := range s.Picks {
		cards[i], ticket[p.Participant] = p.Participant, p.Ticket
	}
	rowsOf := ""
	switch {
	case s.Loaded != nil:
		rowsOf = s.Seg.ID
	case s.Frozen != nil && s.Frozen.From != "":
		rowsOf = s.Frozen.From
	}
	who := map[string]record.Person{}
	if rowsOf != "" {
		var err error
		if who, err = db.PeopleOf(st.ID, rowsOf, cards, ticket); err != nil {
			return nil, err
		}
	}
	if len(s.Seg.From) == 0 || s.Seg.FromBin() {
		return who, nil
	}
	for _, src := range sh.Sources(s.Seg.From) {
		for card, p := range earlier[src.ID] {
			if _, ok := who[card]; !ok && slices.Contains(cards, card) {
				who[card] = p
			}
		}
	}
	return who, nil
}
