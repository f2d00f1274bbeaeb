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
	"strconv"
	"strings"

	"drawshow/show"
)

// VerifyReport is what VerifyDir or VerifyArchive found; the record holds
// when Problems is empty.
type VerifyReport struct {
	Draws    int
	Picks    int
	Files    int    // VerifyArchive: the files checked against SHA256SUMS
	Events   int    // VerifyArchive: the events of the database copy's journal
	Head     string // VerifyArchive: the hash of its last event
	Problems []string
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
	key := show.Key(seed, rec.Witness)
	for _, d := range rec.Draws {
		r.Draws++
		verifyDraw(r, dir, key, d)
	}
	return r, nil
}

func verifyDraw(r *VerifyReport, dir string, key [32]byte, d RecordDraw) {
	name := filepath.Join(dir, filepath.FromSlash(d.Bin))
	if strings.Contains(d.Bin, "..") {
		r.bad("draw %s: bin path %q leaves the record's folder", d.ID, d.Bin)
		return
	}
	bin, err := readBin(name)
	if err != nil {
		r.bad("draw %s: %v", d.ID, err)
		return
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
		j, err := show.Choose(key, d.ID, fp, bin, i, picked)
		if err != nil {
			r.bad("draw %s pick %d: %v", d.ID, p.K, err)
			return
		}
		if e := bin[j]; e.Ticket != p.Ticket || e.Participant != p.Participant {
			r.bad("draw %s pick %d: re-derived ticket %s (participant %s), the record says ticket %s (participant %s)", d.ID, p.K, e.Ticket, e.Participant, p.Ticket, p.Participant)
		}
		picked[p.Participant] = true
	}
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
// the fingerprints the journal holds.
func (db *DB) VerifyDB() (*ChainReport, error) {
	r, err := db.VerifyChain()
	if err != nil {
		return nil, err
	}
	shows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	for _, s := range shows {
		if _, err := db.Fold(s.ID); err != nil {
			r.Problems = append(r.Problems, err.Error())
		}
	}
	return r, nil
}
