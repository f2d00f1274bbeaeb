package data

import (
	"errors"
	"fmt"
	"time"

	"drawshow/show"
)

// replay folds a show's journal into a new engine that has what it needs
// to hold every event to the rules: the show's seed (so each pick is
// derived again), its exclusions list, and what the campaign's record
// held before the show: each chest's jackpot, the earlier winners. When the replay refuses an
// event the engine is returned with the error, folded up to that event.
func (db *DB) replay(row *ShowRow, sh *show.Show, evs []show.Event, clock func() time.Time, src show.Source) (*show.Engine, error) {
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
	if err := db.earlier(eng, row.ID); err != nil {
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
