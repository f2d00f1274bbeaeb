package store

import (
	"errors"
	"fmt"
	"time"

	"drawshow/show"
)

// Replay folds a show's journal into a new engine that has what it needs
// to hold every event to the rules: the show's seed (so each pick is
// derived again), its exclusions list, and what the campaign's record
// held before the show: each chest's jackpot, the earlier winners. When the replay refuses an
// event the engine is returned with the error, folded up to that event.
func (db *DB) Replay(row *ShowRow, sh *show.Show, evs []show.Event, clock func() time.Time, src show.Source) (*show.Engine, error) {
	eng := show.NewEngine(sh, src, clock)
	// without its seed (an archive's copy of a show not closed) the fold
	// takes the seed a close reveals, or the picks as recorded
	switch seed, err := db.Seed(row.ID); {
	case errors.Is(err, ErrNoSeed):
	case err != nil:
		return nil, err
	default:
		if err := eng.SetSeed(seed); err != nil {
			return nil, err
		}
	}
	ex, err := db.Exclusions(row.ID)
	if err != nil {
		return nil, err
	}
	eng.SetExclusions(ex)
	if err := db.Earlier(eng, row.ID); err != nil {
		return nil, err
	}
	if err := eng.Replay(evs); err != nil {
		return eng, err // folded up to the event refused: verify still checks the rows against it
	}
	if len(evs) > 0 && eng.State().Opened == nil {
		return nil, errors.New("the journal has no show-opened event")
	}
	return eng, nil
}

// setJackpots gives the engine each chest's jackpot as the campaign's
// record has it before the show.
func (db *DB) setJackpots(eng *show.Engine, showID string) error {
	done := map[string]bool{}
	for i := range eng.Show.Segments {
		j := eng.Show.Segments[i].Jackpot
		if eng.Show.Segments[i].Kind != show.KindChest || j == nil || done[j.Name] {
			continue
		}
		done[j.Name] = true
		ledger, err := db.JackpotLedger(j.Name, showID)
		if err != nil {
			return fmt.Errorf("the ledger of jackpot %s: %v", j.Name, err)
		}
		if len(ledger) > 0 { // none yet: the jackpot opens at its start or base, and says so
			eng.SetJackpot(j.Name, show.NextJackpot(j, ledger))
		}
	}
	return nil
}

// Fold replays a show's journal into an engine over the recorded rows.
func (db *DB) Fold(showID string) (*show.Engine, error) {
	return db.FoldFrom(showID, db.Source(showID))
}

// FoldFrom is Fold over the rows src gives.
func (db *DB) FoldFrom(showID string, src show.Source) (*show.Engine, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	return db.FoldEvents(row, evs, src)
}

// FoldEvents replays evs, the journal of the show row, over its recorded rows.
// An engine that folded part of the journal may come with an error.
func (db *DB) FoldEvents(row *ShowRow, evs []show.Event, src show.Source) (*show.Engine, error) {
	sh, err := show.Parse(row.File, row.FileText)
	if err != nil {
		return nil, fmt.Errorf("show %s: the recorded show file no longer parses: %v", row.ID, err)
	}
	at := time.Time{}
	if len(evs) > 0 {
		at = evs[len(evs)-1].At
	}
	eng, err := db.Replay(row, sh, evs, func() time.Time { return at }, src)
	if err != nil {
		return eng, fmt.Errorf("show %s: %v", row.ID, err)
	}
	return eng, nil
}

// LatestShow is the id of the most recently opened show.
func (db *DB) LatestShow() (string, error) {
	all, err := db.Shows()
	if err != nil {
		return "", err
	}
	if len(all) == 0 {
		return "", fmt.Errorf("%s holds no show", db.Path())
	}
	return all[len(all)-1].ID, nil
}
