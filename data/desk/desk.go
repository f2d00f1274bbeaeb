package desk

import (
	"fmt"
	"time"

	"drawshow/data/campaign"
	"drawshow/data/export"
	"drawshow/data/store"
	"drawshow/show"
)

// Book is the desk's book as the database holds it: every show folded,
// with the names of its winners, and the desk's records applied.
type Book struct {
	*campaign.Desk
	Head store.Head // the journal's head it was read at
}

// Read reads the desk's book of the database. A desk record the book
// refuses (an edited database: verify --db names it) is an error.
func Read(db *store.DB) (*Book, error) {
	head, err := db.JournalHead()
	if err != nil {
		return nil, err
	}
	rows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var shows []campaign.DeskShow
	for _, r := range rows {
		s := campaign.DeskShow{ID: r.ID, Rehearsal: r.Rehearsal}
		if x, err := export.SetOf(db, r.ID, func(int) {}); err != nil {
			s.Problem = err.Error()
		} else {
			s.Set = x
		}
		shows = append(shows, s)
	}
	evs, err := db.Events(show.DeskShow)
	if err != nil {
		return nil, err
	}
	b := &Book{Desk: campaign.NewDesk(shows), Head: head}
	for _, e := range evs {
		if err := b.Apply(e); err != nil {
			return nil, fmt.Errorf("the desk's record at seq %d (%s) does not hold: %v (drawshow verify --db names every problem)", e.Seq, e.Kind, err)
		}
	}
	return b, nil
}

// Record checks each of evs against the book at the journal time now and
// appends them to the journal in one transaction; nothing is written
// when one is refused. The events are stamped now, each at the desk's
// show.
func Record(db *store.DB, b *Book, now time.Time, evs []show.Event) error {
	now = now.UTC()
	for i := range evs {
		e := &evs[i]
		e.Show, e.At = show.DeskShow, now
		if e.Desk != nil {
			e.Desk.At = e.Desk.At.UTC()
		}
		if err := b.Apply(*e); err != nil {
			return err
		}
	}
	head, err := db.AppendDesk(b.Head, evs)
	if err != nil {
		return err
	}
	b.Head = head
	return nil
}
