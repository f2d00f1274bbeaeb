package export

import (
	"fmt"

	"drawshow/data/campaign"
	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/show"
)

// Write writes every file of a show's export to dir: see WriteProgress.
func Write(db *store.DB, showID, dir string) (*record.Record, error) {
	return WriteProgress(db, showID, dir, nil)
}

// WriteProgress writes a show's export to dir (see record.Set.Write) as one
// step: into a folder beside it, synced, then put in its place, so a kill
// leaves the old complete export or the new one, never a mix. progress,
// if not nil, is called before each step with the step's name, the steps
// done and the steps in all, and once more at the end with done = total
// and the step "done"; the presenter shows it while the show closes.
func WriteProgress(db *store.DB, showID, dir string, progress func(step string, done, total int)) (*record.Record, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	x, err := SetOf(db, showID, func(bins int) { progress("reading the record", 0, bins+record.Steps) })
	if err != nil {
		return nil, err
	}
	if err := replaceDir(dir, func(tmp string) error { return x.Write(tmp, progress) }); err != nil {
		return nil, err
	}
	return x.Record(), nil
}

// SetOf folds a show and looks up its picked participants. started is
// told the number of frozen bins before the fold rebuilds them (one more
// when the export has standings.csv: the steps beside record.Steps).
func SetOf(db *store.DB, showID string, started func(bins int)) (*record.Set, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	bins, standings := 0, 0
	for _, e := range evs {
		switch e.Kind {
		case show.BinFrozen:
			bins++
		case show.StandingsRecorded:
			standings = 1 // one standings.csv, a step as a bin is
		}
	}
	started(bins + standings)
	eng, err := db.FoldEvents(row, evs, db.Source(showID))
	if err != nil {
		return nil, err
	}
	st := eng.State()
	if st.Opened == nil {
		return nil, fmt.Errorf("show %s: the journal has no show-opened event", showID)
	}
	who, err := db.PickedPeople(eng.Show, st, nil)
	if err != nil {
		return nil, err
	}
	rows, err := db.JournalRows(showID)
	if err != nil {
		return nil, err
	}
	x := record.NewSet(eng.Show, st, row.FileText, rows, who)
	ledger := map[string][]record.RecordWeek{}
	for _, s := range st.Segs {
		if j := s.Seg.Jackpot; j != nil && s.Frozen != nil && ledger[j.Name] == nil {
			if ledger[j.Name], err = db.LedgerHistory(j.Name, showID, st.Opened.Rehearsal); err != nil {
				return nil, err
			}
		}
	}
	x.SetLedger(ledger)
	if st.Opened.Rules >= 2 {
		carried, err := campaign.CarryOver(db, showID)
		if err != nil {
			return nil, err
		}
		x.SetCarried(carried)
	}
	return x, nil
}
