package verifydb

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"drawshow/data/campaign"
	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/witness"
	"drawshow/show"
	"drawshow/show/keys"
)

// fileBase is the last element of a stored path, whichever system's
// separators it has: the shows table keeps the path as the machine that
// opened the show wrote it (C:\users\…\show.yaml on Windows), and a
// record is verified on any machine.
func fileBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// stored checks what a show keeps in the database beside its journal
// against what the journal says of it: the show-file text and its hash,
// the rehearsal flag, each import's file, counts and rows (every stored
// column, by the hash its event holds), and the exclusions list. A row
// edited after it was recorded is named here even when the journal is
// whole. A state folded only part of the way (whole false) is checked for
// what it folded.
func stored(db *store.DB, row *store.ShowRow, st *show.State, whole bool, sums map[string]rowsSum) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	o := st.Opened
	if o == nil {
		return nil
	}
	sum := sha256.Sum256(row.FileText)
	if got := hex.EncodeToString(sum[:]); got != row.FileSHA256 || got != o.FileSHA256 {
		bad("the stored show file hashes to %s; the shows table says %s and show-opened %s: the show file text was edited", got, row.FileSHA256, o.FileSHA256)
	}
	if fileBase(row.File) != o.File {
		bad("the shows table names the show file %s; show-opened names %s", row.File, o.File)
	}
	if row.Rehearsal != o.Rehearsal {
		bad("the shows table says rehearsal %v; show-opened says %v", row.Rehearsal, o.Rehearsal)
	}
	if whole && row.Closed != st.Closed {
		bad("the shows table says closed %v; the journal says %v", row.Closed, st.Closed)
	}
	imports, err := db.Imports(row.ID)
	if err != nil {
		bad("imports: %v", err)
	}
	for _, s := range st.Segs {
		im, ok := imports[s.Seg.ID]
		delete(imports, s.Seg.ID)
		l := s.Loaded
		switch {
		case l == nil:
			// imported, and killed before its event: the next run records it
			continue
		case !ok:
			bad("%s: the journal loaded %s, but its import is not in the database", s.Seg.ID, l.File)
			continue
		case im.File != l.File || im.SHA256 != l.SHA256 || im.Rows != l.Rows:
			bad("%s: the imports table says %s (%d rows, SHA-256 %s); entries-loaded says %s (%d rows, SHA-256 %s)", s.Seg.ID, im.File, im.Rows, im.SHA256, l.File, l.Rows, l.SHA256)
		}
		rs, read := sums[s.Seg.ID] // hashed as the fold read them
		if !read {
			rs.rows, rs.sum, err = db.ScanRows(row.ID, s.Seg, nil)
		}
		n, h := rs.rows, rs.sum
		switch {
		case err != nil:
			bad("%s: %v", s.Seg.ID, err)
		case n != l.Rows:
			bad("%s: %d stored rows of %s, but entries-loaded says %d: rows were added or deleted", s.Seg.ID, n, l.File, l.Rows)
		case l.RowsSHA256 == "":
			bad("%s: entries-loaded holds no hash of the stored rows (a record made before drawshow-record/2): its rows cannot be checked", s.Seg.ID)
		case h != l.RowsSHA256:
			bad("%s: the stored rows of %s hash to %s, but entries-loaded says %s: a stored row was edited (a name, tier, card, contact column or weight)", s.Seg.ID, l.File, h, l.RowsSHA256)
		}
	}
	for seg, im := range imports {
		if !whole {
			break
		}
		bad("%s: the imports table has %s for a segment that is not in the show file", seg, im.File)
	}
	ex, err := db.Exclusions(row.ID)
	switch {
	case err != nil:
		bad("exclusions: %v", err)
	case st.Lists == nil: // saved, and killed before their event: the next run saves them again
	case st.Lists.ExclusionsStored == "" && st.Lists.Exclusions > 0:
		bad("lists-loaded holds no hash of the stored exclusions (a record made before drawshow-record/2): they cannot be checked")
	case st.Lists.ExclusionsStored != "" && store.CardsHash(ex) != st.Lists.ExclusionsStored:
		bad("the stored exclusions (%d cards) hash to %s, but lists-loaded says %s: the exclusions list was edited", len(ex), store.CardsHash(ex), st.Lists.ExclusionsStored)
	}
	return out
}

// rowsSum is an import's stored rows as verify found them.
type rowsSum struct {
	rows int
	sum  string
}

// hashingSource is the show.Source of verify --db: it hashes each
// import's rows as the fold reads them.
type hashingSource struct {
	db   *store.DB
	id   string
	sums map[string]rowsSum
}

func (s *hashingSource) Rows(seg *show.Segment, fn func(show.Row) error) error {
	n, sum, err := s.db.ScanRows(s.id, seg, fn)
	if err == nil {
		s.sums[seg.ID] = rowsSum{n, sum}
	}
	return err
}

// Report is what Check found: the journal's chain and its problems, and
// each drawshow-v2 show's picks drawn or shown while the auditor's
// witness did not answer, in words, by show.
type Report struct {
	*store.ChainReport
	Shows       []string // the database's shows, in its order
	Unwitnessed map[string][]string
}

// Check checks the journal's hash chain and that every show in the
// database still folds: its frozen bins rebuild from the recorded rows with
// the fingerprints the journal holds. Each closed show is re-derived from
// its revealed seed as verify.Dir re-derives an export, and each jackpot
// chest's value is checked against the campaign's ledger of settlements.
// It notes each show's unwitnessed picks as it folds it.
func Check(db *store.DB) (*Report, error) {
	chain, err := db.VerifyChain()
	if err != nil {
		return nil, err
	}
	r := &Report{ChainReport: chain, Unwitnessed: map[string][]string{}}
	shows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	integrity, err := db.Integrity()
	if err != nil {
		return nil, err
	}
	for _, s := range integrity {
		r.Problems = append(r.Problems, "SQLite integrity_check: "+s)
	}
	var desk []campaign.DeskShow
	for i := range shows {
		s := &shows[i]
		r.Shows = append(r.Shows, s.ID)
		src := &hashingSource{db: db, id: s.ID, sums: map[string]rowsSum{}}
		eng, err := db.FoldFrom(s.ID, src)
		if eng != nil {
			// the rows first: an edited row is what a refused freeze then shows
			for _, p := range stored(db, s, eng.State(), err == nil, src.sums) {
				r.Problems = append(r.Problems, "show "+s.ID+": "+p)
			}
		}
		if err != nil {
			r.Problems = append(r.Problems, err.Error())
			desk = append(desk, campaign.DeskShow{ID: s.ID, Rehearsal: s.Rehearsal, Problem: err.Error()})
			continue
		}
		desk = append(desk, campaign.DeskShow{ID: s.ID, Rehearsal: s.Rehearsal, Set: record.NewSet(eng.Show, eng.State(), nil, nil, nil)})
		if un := eng.State().UnwitnessedPicks(eng.Show.Location); len(un) > 0 {
			r.Unwitnessed[s.ID] = un
		}
	}
	r.Problems = append(r.Problems, checkDesk(db, desk)...)
	return r, nil
}

// checkDesk holds the prize desk's records to the shows, in journal
// order, as the desk held them when it made them: each of a prize owed
// (a winner not present of an official show, no finalist spot), naming
// its pick as the show drew it, and none a second collection, a
// collection after the prize's last day or after its expiry, an expiry
// before its last day.
func checkDesk(db *store.DB, shows []campaign.DeskShow) []string {
	evs, err := db.Events(show.DeskShow)
	if err != nil {
		return []string{"the prize desk's records: " + err.Error()}
	}
	book := campaign.NewDesk(shows)
	var out []string
	for _, e := range evs {
		if err := book.Apply(e); err != nil {
			out = append(out, fmt.Sprintf("seq %d %s (the prize desk): %v", e.Seq, e.Kind, err))
		}
	}
	return out
}

// Against holds the database's journal to what the auditor read off
// paper: the commitment is show showID's ("" when the database holds one
// show: any of its shows'), each anchor's row hashes to its prefix, the
// journal holds every row a witness holds, and the show file names the
// auditor's key the auditor pinned and the witness's countersignatures
// are made with.
func Against(db *store.DB, p verify.Paper, showID string) ([]string, error) {
	rows, err := db.RowsOfKinds(showID, show.ShowOpened, show.BinFrozen, show.DrawWitness)
	if err != nil {
		return nil, err
	}
	var commitments []string
	prints, drawn := map[string]string{}, map[string]string{}
	for _, r := range rows {
		e, err := show.DecodeEvent(0, time.Time{}, r.Kind, []byte(r.Payload))
		switch {
		case err != nil:
		case e.Opened != nil:
			commitments = append(commitments, e.Opened.Commitment)
		case e.Frozen != nil:
			prints[e.Segment] = e.Frozen.Fingerprint
		case e.Kind == show.DrawWitness && e.Witness != nil:
			drawn[e.Segment] = e.Witness.Text
		}
	}
	auditor, read, err := AuditorKey(db, showID)
	if err != nil {
		return nil, err
	}
	if !read {
		auditor = p.AuditorKey // the show file is not read: Check names why
	}
	var qerr error
	rec := witness.Record{Show: showID, Auditor: auditor, Hash: func(seq int64) (string, bool) {
		rows, err := db.RowsFrom(seq, 1)
		if err != nil {
			qerr = err
		}
		if len(rows) == 0 || rows[0].Seq != seq {
			return "", false
		}
		return rows[0].Hash, true
	}}
	if p.WitnessFile != "" || len(p.Witness) > 0 {
		// the show's own rows, which the witness must have seen
		evs, err := db.Events(showID)
		if err != nil {
			return nil, err
		}
		for _, e := range evs {
			rec.Rows = append(rec.Rows, e.Seq)
		}
		rec.Closed = len(evs) > 0 && evs[len(evs)-1].Kind == show.ShowClosed
	}
	out := p.Check(rec, commitments, prints, drawn)
	return out, qerr
}

// AuditorKey is the auditor's key the show file of show showID names as
// the database keeps it (zero when it names none); read is false when
// there is no such show, or its show file does not parse (Check names
// why).
func AuditorKey(db *store.DB, showID string) (key keys.Public, read bool, err error) {
	if showID == "" {
		return keys.Public{}, false, nil
	}
	row, err := db.Show(showID)
	if err != nil {
		return keys.Public{}, false, err
	}
	sh, err := show.Parse(fileBase(row.File), row.FileText)
	if err != nil {
		return keys.Public{}, false, nil
	}
	return sh.AuditorKey, true, nil
}

// AgainstShowAnchors holds the official shows of the database to the
// auditor's list of official shows: every official show of the database
// is on the list, with the list's commitment and, once closed, its
// closing chain head; every show on the list is in the database; and
// each show that carries anything from an earlier show carries it from a
// closed show on the list. Each mismatch is named, with what was carried.
func AgainstShowAnchors(db *store.DB, list []verify.ShowAnchor) ([]string, error) {
	all, err := db.Shows()
	if err != nil {
		return nil, err
	}
	on := map[string]verify.ShowAnchor{}
	for _, a := range list {
		on[a.Show] = a
	}
	var out []string
	held := map[string]bool{}
	for _, r := range all {
		if r.Rehearsal {
			continue
		}
		held[r.ID] = true
		said, err := onTheList(db, r, on)
		if err != nil {
			return nil, err
		}
		out = append(out, said...)
		srcs, err := campaign.CarryOver(db, r.ID)
		if err != nil {
			return nil, err
		}
		for _, s := range srcs {
			what := fmt.Sprintf("show %s carries from show %s (%s)", r.ID, s.Show, s.Gives())
			a, ok := on[s.Show]
			switch {
			case !ok:
				out = append(out, what+", which is not on the auditor's list of official shows")
			case a.Commitment != s.Commitment:
				out = append(out, fmt.Sprintf("%s, whose commitment is %s; the list's (line %d) is %s", what, s.Commitment, a.Line, a.Commitment))
			case !s.Closed:
				out = append(out, what+", which is not closed: it has no closing chain head")
			case a.Head.Seq != s.HeadSeq || !strings.HasPrefix(s.Head, a.Head.Prefix):
				out = append(out, fmt.Sprintf("%s, whose closing chain head is %d:%s; the list's (line %d) is %d:%s", what, s.HeadSeq, s.Head[:min(len(s.Head), len(a.Head.Prefix))], a.Line, a.Head.Seq, a.Head.Prefix))
			}
		}
	}
	for _, a := range list {
		if !held[a.Show] {
			out = append(out, fmt.Sprintf("the list's official show %s (line %d) is not in the database: its record was taken out, or the list is of another database", a.Show, a.Line))
		}
	}
	return out, nil
}

// onTheList holds one official show of the database to its line of the
// auditor's list: a show the list lacks is one the auditor was not told
// of, whatever it carries.
func onTheList(db *store.DB, r store.ShowRow, on map[string]verify.ShowAnchor) ([]string, error) {
	a, ok := on[r.ID]
	if !ok {
		return []string{fmt.Sprintf("official show %s is not on the auditor's list of official shows: a show the auditor was not told of", r.ID)}, nil
	}
	rows, err := db.RowsOfKinds(r.ID, show.ShowOpened)
	if err != nil {
		return nil, err
	}
	var opened *show.Opened
	if len(rows) > 0 {
		if e, err := show.DecodeEvent(rows[0].Seq, time.Time{}, rows[0].Kind, []byte(rows[0].Payload)); err == nil {
			opened = e.Opened
		}
	}
	if opened == nil {
		return []string{fmt.Sprintf("official show %s has no show-opened row", r.ID)}, nil
	}
	if c := opened.Commitment; c != a.Commitment {
		return []string{fmt.Sprintf("official show %s has commitment %s; the list's (line %d) is %s", r.ID, c, a.Line, a.Commitment)}, nil
	}
	if !r.Closed {
		return []string{fmt.Sprintf("official show %s is on the list (line %d) but not closed in the database: it has no closing chain head", r.ID, a.Line)}, nil
	}
	h, ok, err := db.ShowHead(r.ID)
	if err != nil || !ok {
		return nil, err
	}
	if hash := hex.EncodeToString(h.Hash); h.Seq != a.Head.Seq || !strings.HasPrefix(hash, a.Head.Prefix) {
		return []string{fmt.Sprintf("official show %s closes at %d:%s; the list's (line %d) is %d:%s", r.ID, h.Seq, hash[:min(len(hash), len(a.Head.Prefix))], a.Line, a.Head.Seq, a.Head.Prefix)}, nil
	}
	return nil, nil
}
