package verify

import (
	"fmt"

	"drawshow/show/keys"
)

// Report is what a verification found; the record holds when Problems is
// empty.
type Report struct {
	Show       string
	Format     int // the record format's number: 3 for drawshow-record/3
	Draws      int
	Picks      int      // picks re-derived from the seed
	Taken      []string // picks not derived, each draw's in words: taken from a selection file, typed from a physical bin
	Choices    int      // cards, balls and envelopes turned over (a consolation paid without choosing too)
	SmallDraws int      // draws over small bins derived: cards, the chest's ball, envelopes, a wild card's numbers
	Underived  int      // random outcomes taken as recorded: the seed is not revealed yet
	Files      int      // the files compared (an archive: checked against SHA256SUMS)
	Events     int      // the show's events in the journal
	Head       string   // the hash of its last event
	Commitment string   // the show's, from its show-opened event
	CopyEvents int      // an archive's database copy: the rows of its whole journal…
	CopyHead   string   // …and the hash of its last
	// AuditorKey is the auditor's key the show file names (auditor_key);
	// zero when it names none.
	AuditorKey keys.Public
	// Unwitnessed are the picks drawn or shown while the auditor's
	// witness did not answer (drawshow-v2), in words.
	Unwitnessed []string
	Problems    []string
	showRead    bool              // the show file was read: AuditorKey is its
	rows        map[int64]string  // the journal's rows read: seq → hash
	showRows    []int64           // the seqs of the show's own rows, in order
	closed      bool              // the show's last row is its show-closed
	prints      map[string]string // the frozen bins' fingerprints, by segment
	drawn       map[string]string // the draw witnesses W_d, by segment
	opt         options           // what it reads beyond this release: Option
}

// Summary is what was re-derived, and what was taken as given: "3
// draw(s), 10 pick(s) re-derived; sat-raps: 15 pick(s) taken in order
// from raps.csv (SHA-256 1a2b…)".
func (r *Report) Summary() string {
	s := fmt.Sprintf("%d draw(s), %d pick(s) re-derived", r.Draws, r.Picks)
	for _, t := range r.Taken {
		s += "; " + t
	}
	return s
}

func (r *Report) bad(format string, args ...any) {
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}

// edition is the export's format as this verify reads it.
func (r *Report) edition() edition { return edition{format: r.Format, since: r.opt.since} }
