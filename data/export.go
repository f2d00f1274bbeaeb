package data

import (
	"fmt"
	"slices"

	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/show"
)

// Export writes every file of a show's export to dir: see ExportAll.
func Export(db *store.DB, showID, dir string) (*record.Record, error) {
	return ExportAll(db, showID, dir, nil)
}

// ExportAll writes a show's export to dir (see record.Set.Write) as one
// step: into a folder beside it, synced, then put in its place, so a kill
// leaves the old complete export or the new one, never a mix. progress,
// if not nil, is called before each step with the step's name, the steps
// done and the steps in all, and once more at the end with done = total
// and the step "done"; the presenter shows it while the show closes.
func ExportAll(db *store.DB, showID, dir string, progress func(step string, done, total int)) (*record.Record, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	x, err := exportSet(db, showID, func(bins int) { progress("reading the record", 0, bins+record.Steps) })
	if err != nil {
		return nil, err
	}
	if err := replaceDir(dir, func(tmp string) error { return x.Write(tmp, progress) }); err != nil {
		return nil, err
	}
	return x.Record(), nil
}

// exportSet folds a show and looks up its picked participants. started is
// told the number of frozen bins before the fold rebuilds them.
func exportSet(db *store.DB, showID string, started func(bins int)) (*record.Set, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	bins := 0
	for _, e := range evs {
		if e.Kind == show.BinFrozen {
			bins++
		}
	}
	started(bins)
	eng, err := db.FoldEvents(row, evs, db.Source(showID))
	if err != nil {
		return nil, err
	}
	st := eng.State()
	if st.Opened == nil {
		return nil, fmt.Errorf("show %s: the journal has no show-opened event", showID)
	}
	who, err := lookupAllPicked(db, eng.Show, st, nil)
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
			if ledger[j.Name], err = db.LedgerHistory(j.Name, showID); err != nil {
				return nil, err
			}
		}
	}
	x.SetLedger(ledger)
	return x, nil
}

// lookupAllPicked reads what the entry files said of every segment's
// picked participants, by segment and card, up to and with segment last
// (nil: every segment).
func lookupAllPicked(db *store.DB, sh *show.Show, st *show.State, last *show.SegState) (map[string]map[string]record.Person, error) {
	who := map[string]map[string]record.Person{}
	for _, s := range st.Segs {
		if len(s.Picks) > 0 {
			var err error
			if who[s.Seg.ID], err = lookupPicked(db, sh, st, s, who); err != nil {
				return nil, err
			}
		}
		if s == last {
			break
		}
	}
	return who, nil
}

// lookupPicked reads what the entry files said of a segment's picked
// participants: its own file's rows, a wild-card draw's month-end bin's,
// and for the winners of earlier draws in a manual bin or a Royal Flush,
// what those draws' files said of them.
func lookupPicked(db *store.DB, sh *show.Show, st *show.State, s *show.SegState, earlier map[string]map[string]record.Person) (map[string]record.Person, error) {
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
	if len(s.Seg.From) == 0 || s.Seg.Kind == show.KindWildDraw {
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
