package data

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// Fold replays a show's journal into an engine over the recorded rows.
func (db *DB) Fold(showID string) (*show.Engine, error) {
	return db.foldFrom(showID, db.Source(showID))
}

// foldFrom is Fold over the rows src gives.
func (db *DB) foldFrom(showID string, src show.Source) (*show.Engine, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	return db.fold(row, evs, src)
}

// fold replays evs, the journal of the show row, over its recorded rows.
// An engine that folded part of the journal may come with an error.
func (db *DB) fold(row *ShowRow, evs []show.Event, src show.Source) (*show.Engine, error) {
	sh, err := show.Parse(row.File, row.FileText)
	if err != nil {
		return nil, fmt.Errorf("show %s: the recorded show file no longer parses: %v", row.ID, err)
	}
	at := time.Time{}
	if len(evs) > 0 {
		at = evs[len(evs)-1].At
	}
	eng, err := db.replay(row, sh, evs, func() time.Time { return at }, src)
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
		return "", fmt.Errorf("%s holds no show", db.path)
	}
	return all[len(all)-1].ID, nil
}

// Export writes every file of a show's export to dir: see ExportAll.
func (db *DB) Export(showID, dir string) (*record.Record, error) {
	return db.ExportAll(showID, dir, nil)
}

// ExportAll writes a show's export to dir (see record.Set.Write) as one
// step: into a folder beside it, synced, then put in its place, so a kill
// leaves the old complete export or the new one, never a mix. progress,
// if not nil, is called before each step with the step's name, the steps
// done and the steps in all, and once more at the end with done = total
// and the step "done"; the presenter shows it while the show closes.
func (db *DB) ExportAll(showID, dir string, progress func(step string, done, total int)) (*record.Record, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	x, err := db.exportSet(showID, func(bins int) { progress("reading the record", 0, bins+record.Steps) })
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
func (db *DB) exportSet(showID string, started func(bins int)) (*record.Set, error) {
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
	eng, err := db.fold(row, evs, db.Source(showID))
	if err != nil {
		return nil, err
	}
	st := eng.State()
	if st.Opened == nil {
		return nil, fmt.Errorf("show %s: the journal has no show-opened event", showID)
	}
	who, err := db.lookupAllPicked(eng.Show, st, nil)
	if err != nil {
		return nil, err
	}
	rows, err := db.journalRows(showID)
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

// journalRows reads the show's journal rows exactly as stored, with the
// rows of other shows between its first and its last.
func (db *DB) journalRows(showID string) ([]record.Row, error) {
	q, err := db.sql.Query(`SELECT seq, at, kind, payload, prev_hash, hash, show FROM journal
		WHERE seq BETWEEN (SELECT MIN(seq) FROM journal WHERE show = ?1) AND (SELECT MAX(seq) FROM journal WHERE show = ?1) ORDER BY seq`, showID)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	var out []record.Row
	for q.Next() {
		var r record.Row
		var prev, h []byte
		if err := q.Scan(&r.Seq, &r.At, &r.Kind, &r.Payload, &prev, &h, &r.Show); err != nil {
			return nil, err
		}
		r.PrevHash, r.Hash = hex.EncodeToString(prev), hex.EncodeToString(h)
		out = append(out, r)
	}
	return out, q.Err()
}

// lookupAllPicked reads what the entry files said of every segment's
// picked participants, by segment and card, up to and with segment last
// (nil: every segment).
func (db *DB) lookupAllPicked(sh *show.Show, st *show.State, last *show.SegState) (map[string]map[string]record.Person, error) {
	who := map[string]map[string]record.Person{}
	for _, s := range st.Segs {
		if len(s.Picks) > 0 {
			var err error
			if who[s.Seg.ID], err = db.lookupPicked(sh, st, s, who); err != nil {
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
func (db *DB) lookupPicked(sh *show.Show, st *show.State, s *show.SegState, earlier map[string]map[string]record.Person) (map[string]record.Person, error) {
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
		if who, err = db.peopleOf(st.ID, rowsOf, cards, ticket); err != nil {
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

// people looks up cards in a segment's imported rows: each card's first row.
func (db *DB) people(showID, segment string, cards []string) (map[string]record.Person, error) {
	return db.peopleOf(showID, segment, cards, nil)
}

// peopleOf reads what a segment's entry file said of cards: see lookup.
func (db *DB) peopleOf(showID, segment string, cards []string, prefer map[string]string) (map[string]record.Person, error) {
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
