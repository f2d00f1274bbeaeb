package store

import (
	"errors"
	"fmt"
	"time"

	"drawshow/show"
)

// Replay folds a show's journal into a new engine set up from the
// database (see Setup). When the replay refuses an event the engine is
// returned with the error, folded up to that event: verify still checks
// the rows against it.
func (db *DB) Replay(row *ShowRow, sh *show.Show, evs []show.Event, clock func() time.Time, src show.Source) (*show.Engine, error) {
	setup, err := db.Setup(sh, row.ID, row.Rehearsal)
	if err != nil {
		return nil, err
	}
	return show.Fold(sh, src, clock, setup, evs)
}

// Setup gathers what the fold of show showID of sh needs from the
// database besides its journal: the seed (none when this copy has not
// got it: an archive of a show not closed), the exclusions list, and what
// the campaign's record held before the show: each chest's jackpot and
// the earlier winners the draws read, from the earlier shows of its kind
// (official or rehearsal: see PastWins).
func (db *DB) Setup(sh *show.Show, showID string, rehearsal bool) (show.Setup, error) {
	s := show.Setup{Excluding: true}
	switch seed, err := db.Seed(showID); {
	case errors.Is(err, ErrNoSeed):
	case err != nil:
		return s, err
	default:
		s.Seed = seed
	}
	var err error
	if s.Exclusions, err = db.Exclusions(showID); err != nil {
		return s, err
	}
	if s.Jackpots, err = db.jackpots(sh, showID, rehearsal); err != nil {
		return s, err
	}
	for i := range sh.Segments {
		if g := &sh.Segments[i]; g.BonusEntries != nil || g.ExcludeWinners != nil {
			if s.Past, err = db.PastWins(showID, rehearsal); err != nil {
				return s, fmt.Errorf("the campaign's earlier winners: %v", err)
			}
			break
		}
	}
	return s, nil
}

// jackpots are each chest's jackpot as the campaign's record has it
// before the show; a jackpot with no settlement yet is left out, and opens
// at its start or base.
func (db *DB) jackpots(sh *show.Show, showID string, rehearsal bool) (map[string]int64, error) {
	out := map[string]int64{}
	for i := range sh.Segments {
		j := sh.Segments[i].Jackpot
		if j == nil {
			continue
		}
		if _, done := out[j.Name]; done {
			continue
		}
		ledger, err := db.JackpotLedger(j.Name, showID, rehearsal)
		if err != nil {
			return nil, fmt.Errorf("the ledger of jackpot %s: %v", j.Name, err)
		}
		if len(ledger) > 0 {
			out[j.Name] = show.NextJackpot(j, ledger)
		}
	}
	return out, nil
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
