package data

import (
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"drawshow/show"
)

// VerifyReport is what VerifyDir or VerifyArchive found; the record holds
// when Problems is empty.
type VerifyReport struct {
	Draws      int
	Picks      int
	Choices    int    // cards, balls and envelopes chosen, re-derived
	SmallDraws int    // draws over small bins re-derived: cards, the chest's ball, envelopes, a wild card's numbers
	Files      int    // VerifyArchive: the files checked against SHA256SUMS
	Events     int    // VerifyArchive: the events of the database copy's journal
	Head       string // VerifyArchive: the hash of its last event
	Problems   []string
}

func (r *VerifyReport) bad(format string, args ...any) {
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}

// VerifyDir re-derives every pick of an exported record from record.json
// and its bin files alone: the commitment, each bin's canonical order and
// fingerprint, and each pick from the seed, witness and the pool.
func VerifyDir(dir string) (*VerifyReport, error) {
	b, err := os.ReadFile(filepath.Join(dir, "record.json"))
	if err != nil {
		return nil, err
	}
	var rec Record
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "record.json"), err)
	}
	r := &VerifyReport{}
	if rec.Format != RecordFormat {
		r.bad("record.json: format %q, want %q", rec.Format, RecordFormat)
	}
	if rec.Algorithm != show.Algorithm {
		r.bad("record.json: algorithm %q is not %s", rec.Algorithm, show.Algorithm)
		return r, nil
	}
	seed, err := hex.DecodeString(rec.Seed)
	switch {
	case rec.Seed == "":
		r.bad("record.json: the seed is not revealed: the show %s is not closed, so its picks cannot be re-derived yet", rec.Show.ID)
		return r, nil
	case err != nil || len(seed) != 32:
		r.bad("record.json: seed %q is not 64 hex digits", rec.Seed)
		return r, nil
	case show.Commitment(seed) != rec.Commitment:
		r.bad("record.json: SHA-256 of the seed is %s but the commitment published at open is %s", show.Commitment(seed), rec.Commitment)
	}
	v := &verifier{r: r, rec: &rec, key: show.Key(seed, rec.Witness), bin: func(d *RecordDraw) ([]show.Entry, error) {
		if strings.Contains(d.Bin, "..") {
			return nil, fmt.Errorf("bin path %q leaves the record's folder", d.Bin)
		}
		return readBin(filepath.Join(dir, filepath.FromSlash(d.Bin)))
	}}
	v.run()
	return r, nil
}

// verifier re-derives a record: its draws from their bins, and what the
// finale segments add (see finale.go).
type verifier struct {
	r   *VerifyReport
	rec *Record
	key [32]byte
	bin func(d *RecordDraw) ([]show.Entry, error) // a draw's frozen bin, in canonical order
}

func (v *verifier) run() {
	for i := range v.rec.Draws {
		d := &v.rec.Draws[i]
		v.r.Draws++
		bin, ok := v.draw(d)
		if !ok {
			continue
		}
		v.rebuilt(i, d, bin)
		v.choices(d)
	}
	v.wildCards()
	v.smallDraws()
}

// draw checks a bin against the record and re-derives its picks; ok is
// false when the bin could not be read.
func (v *verifier) draw(d *RecordDraw) (bin []show.Entry, ok bool) {
	r := v.r
	bin, err := v.bin(d)
	if err != nil {
		r.bad("draw %s: %v", d.ID, err)
		return nil, false
	}
	fp := show.Fingerprint(bin)
	if got := hex.EncodeToString(fp[:]); got != d.Fingerprint {
		r.bad("draw %s: %s has fingerprint %s, the record says %s", d.ID, d.Bin, got, d.Fingerprint)
	}
	total, err := show.TotalWeight(bin)
	if err != nil {
		r.bad("draw %s: %v", d.ID, err)
	}
	if len(bin) != d.Entries || total != d.TotalWeight {
		r.bad("draw %s: %s has %d entries of total weight %d, the record says %d and %d", d.ID, d.Bin, len(bin), total, d.Entries, d.TotalWeight)
	}
	picked := map[string]bool{}
	for i, p := range d.Picks {
		r.Picks++
		if p.K != i {
			r.bad("draw %s: pick %d is numbered k=%d", d.ID, i, p.K)
		}
		if picked[p.Participant] {
			r.bad("draw %s pick %d: participant %s was already picked in this draw", d.ID, p.K, p.Participant)
		}
		if p.By == "manual" || d.Manual {
			// typed by hand from the physical bin: not from the random
			// stream, but it must be a ticket of the frozen bin, and it
			// leaves the pool like any pick
			if p.By != "manual" || !d.Manual {
				r.bad("draw %s pick %d: the draw says manual %v but the pick says by %q: a draw is drawn by hand throughout or not at all", d.ID, p.K, d.Manual, p.By)
			}
			j, found := slices.BinarySearchFunc(bin, p.Ticket, func(e show.Entry, t string) int { return strings.Compare(e.Ticket, t) })
			switch {
			case !found:
				r.bad("draw %s pick %d: ticket %s, typed by hand, is not in the frozen bin %s", d.ID, p.K, p.Ticket, d.Bin)
			case bin[j].Participant != p.Participant:
				r.bad("draw %s pick %d: ticket %s, typed by hand, belongs to participant %s in the bin, the record says %s", d.ID, p.K, p.Ticket, bin[j].Participant, p.Participant)
			}
			picked[p.Participant] = true
			continue
		}
		j, err := show.Choose(v.key, d.ID, fp, bin, i, picked)
		if err != nil {
			r.bad("draw %s pick %d: %v", d.ID, p.K, err)
			return bin, true
		}
		if e := bin[j]; e.Ticket != p.Ticket || e.Participant != p.Participant {
			r.bad("draw %s pick %d: re-derived ticket %s (participant %s), the record says ticket %s (participant %s)", d.ID, p.K, e.Ticket, e.Participant, p.Ticket, p.Participant)
		}
		picked[p.Participant] = true
	}
	return bin, true
}

// readBin reads a bin file and checks its header and canonical order.
func readBin(path string) ([]show.Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.ReuseRecord = true
	cr.FieldsPerRecord = 3
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if strings.Join(head, ",") != "ticket,participant,weight" {
		return nil, fmt.Errorf("%s: header %q, want ticket,participant,weight", path, strings.Join(head, ","))
	}
	var es []show.Entry
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return es, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		w, err := strconv.ParseUint(rec[2], 10, 64)
		if err != nil || w == 0 {
			return nil, fmt.Errorf("%s row %d: weight %q is not a positive whole number", path, line, rec[2])
		}
		e := show.Entry{Ticket: strings.Clone(rec[0]), Participant: strings.Clone(rec[1]), Weight: w}
		if n := len(es); n > 0 && es[n-1].Ticket >= e.Ticket {
			return nil, fmt.Errorf("%s row %d: ticket %q is not after %q: a bin is in ascending ticket order, each ticket once", path, line, e.Ticket, es[n-1].Ticket)
		}
		es = append(es, e)
	}
}

// VerifyDB checks the journal's hash chain and that every show in the
// database still folds: its frozen bins rebuild from the recorded rows with
// the fingerprints the journal holds. Each closed show is re-derived from
// its revealed seed as VerifyDir re-derives an export, and each jackpot
// chest's value is checked against the campaign's ledger of settlements.
func (db *DB) VerifyDB() (*ChainReport, error) {
	r, err := db.VerifyChain()
	if err != nil {
		return nil, err
	}
	shows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	integrity, err := db.integrity()
	if err != nil {
		return nil, err
	}
	r.Problems = append(r.Problems, integrity...)
	for i := range shows {
		s := &shows[i]
		eng, err := db.Fold(s.ID)
		if eng != nil {
			// the rows first: an edited row is what a refused freeze then shows
			for _, p := range db.stored(s, eng.State(), err == nil) {
				r.Problems = append(r.Problems, "show "+s.ID+": "+p)
			}
		}
		if err != nil {
			r.Problems = append(r.Problems, err.Error())
			continue
		}
		r.Problems = append(r.Problems, rederive(eng)...)
	}
	return r, nil
}

// rederive re-derives a closed show's record from its revealed seed and
// witness, the bins its fold rebuilt from the recorded rows: every pick,
// and what the finale segments add. The problems name the show. An open
// show's seed is not revealed yet: its fold is all there is to check.
func rederive(eng *show.Engine) []string {
	st := eng.State()
	if st.Opened == nil || !st.Closed {
		return nil
	}
	rec := newRecord(eng.Show, st)
	r := &VerifyReport{}
	seed, err := hex.DecodeString(rec.Seed)
	switch {
	case err != nil || len(seed) != 32:
		r.bad("the seed revealed at close, %q, is not 64 hex digits", rec.Seed)
	case show.Commitment(seed) != rec.Commitment:
		r.bad("SHA-256 of the seed revealed at close is %s but the commitment published at open is %s", show.Commitment(seed), rec.Commitment)
	default:
		v := &verifier{r: r, rec: rec, key: show.Key(seed, rec.Witness), bin: func(d *RecordDraw) ([]show.Entry, error) {
			return st.Seg(d.Segment).Bin.Entries, nil
		}}
		v.run()
	}
	out := make([]string, len(r.Problems))
	for i, p := range r.Problems {
		out[i] = "show " + st.ID + ": " + p
	}
	return out
}
