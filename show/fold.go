package show

import (
	"errors"
	"time"
)

// Setup is what a show's record holds besides its journal that an engine
// needs to hold every event to the rules. The store gathers it from the
// database, the verifier from an export's files; Fold is the one place it
// is given to an engine.
type Setup struct {
	// Seed is the show's seed S; nil when it is not known here (an
	// archive's copy of a show not closed): the fold then takes the seed
	// a close reveals, or the picks as recorded.
	Seed []byte
	// Exclusions is the show's exclusions list when Excluding; otherwise
	// (an export) each freeze's excluded cards are taken as recorded.
	Exclusions []string
	Excluding  bool
	// Jackpots are each chest's jackpot before the show, by its name, as
	// the campaign's ledger has them; a chest not named opens at its start
	// or base.
	Jackpots map[string]int64
	// Past are the campaign's earlier official winners that bonus_entries
	// and exclude_winners read; nil when no draw reads them.
	Past []PastWin
	// Bins, when set, gives each frozen bin's entries from an export's bin
	// files, where there are no imported rows to rebuild them from.
	Bins func(segment string) ([]Entry, error)
}

// Fold sets up a new engine for sh over src from setup, then replays evs
// (none for a show about to open). When the replay refuses an event the
// engine is returned with the error, folded up to that event.
func Fold(sh *Show, src Source, clock func() time.Time, setup Setup, evs []Event) (*Engine, error) {
	eng := NewEngine(sh, src, clock)
	if setup.Seed != nil {
		if err := eng.SetSeed(setup.Seed); err != nil {
			return nil, err
		}
	}
	if setup.Excluding {
		eng.SetExclusions(setup.Exclusions)
	}
	for name, v := range setup.Jackpots {
		eng.SetJackpot(name, v)
	}
	if setup.Past != nil {
		eng.SetCampaign(setup.Past)
	}
	if setup.Bins != nil {
		eng.FromBins(setup.Bins)
	}
	if err := eng.Replay(evs); err != nil {
		return eng, err
	}
	if len(evs) > 0 && eng.State().Opened == nil {
		return nil, errors.New("the journal has no show-opened event")
	}
	return eng, nil
}
