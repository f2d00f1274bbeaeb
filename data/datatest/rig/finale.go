package rig

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// Finale plays a finale show through a Session.
type Finale struct {
	T   *testing.T
	F   *Fixture
	DB  *store.DB
	SS  *session.Session
	Key [32]byte // the rehearsal seed's key, no witness
}

// NewFinale writes a show file and its entry files and opens the show,
// a rehearsal on the test seed.
func NewFinale(t *testing.T, text string, files map[string]string) *Finale {
	t.Helper()
	dir := t.TempDir()
	f := &Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(text)}
	Write(t, f.ShowPath, text)
	for name, s := range files {
		Write(t, filepath.Join(dir, name), s)
	}
	f.Clock = time.Date(2024, 11, 30, 10, 0, 0, 0, time.UTC)
	db, ss := f.Open(t)
	return &Finale{T: t, F: f, DB: db, SS: ss, Key: show.Key(Seed, "")}
}

func (r *Finale) Cur() *show.SegState { return r.SS.Eng.State().CurSeg() }

// Do runs one command a few seconds after the last; a segment's entry
// file is imported first, if the session has not done so.
func (r *Finale) Do(c show.Command) []show.Event {
	r.T.Helper()
	r.F.Clock = OnTime(r.SS, c, r.F.Clock.Add(5*time.Second))
	if s := r.Cur(); s != nil && s.Loaded == nil && s.Seg.Entries != "" && s.Frozen == nil && c.Op != show.OpNext && c.Op != show.OpClose {
		if _, err := r.SS.Load(); err != nil {
			r.T.Fatalf("loading %s: %v", s.Seg.ID, err)
		}
	}
	evs, err := r.SS.Do(c, nil)
	if err != nil {
		r.T.Fatalf("%s %s %v: %v", c.Op, c.Text, c.Numbers, err)
	}
	return evs
}

func (r *Finale) Op(o show.Op) []show.Event { return r.Do(show.Command{Op: o}) }

func (r *Finale) Choose(item string) { r.Do(show.Command{Op: show.OpChoose, Text: item}) }

// ClaimAll draws and claims until the segment has its winners; a manual
// segment's tickets are typed from its frozen bin, each a participant not
// drawn before.
func (r *Finale) ClaimAll() {
	r.T.Helper()
	for !r.Cur().Drawn() {
		s := r.Cur()
		if !s.Seg.Manual {
			r.Op(show.OpDraw)
			if l := r.Cur().Last(); l != nil && l.Outcome == show.Pending {
				r.Op(show.OpClaim)
			}
			continue
		}
		if s.Frozen == nil {
			r.Op(show.OpFreeze)
			s = r.Cur()
		}
		for _, e := range s.Bin.Entries {
			if !slices.ContainsFunc(s.Picks, func(p show.Pick) bool { return p.Participant == e.Participant }) {
				r.Do(show.Command{Op: show.OpTicket, Text: e.Ticket})
				break
			}
		}
		if l := r.Cur().Last(); l != nil && l.Outcome == show.Pending {
			r.Op(show.OpClaim)
		}
	}
}

// Export closes nothing: it writes the export of the show as it is now.
func (r *Finale) Export() (string, *record.Record) {
	r.T.Helper()
	out := r.T.TempDir()
	rec, err := export.Write(r.DB, r.SS.ID, out)
	if err != nil {
		r.T.Fatal(err)
	}
	return out, rec
}

// Verified checks that the export verifies, from its folder and from the
// database, with the counts given.
func (r *Finale) Verified(out string, draws, choices, small int) {
	r.T.Helper()
	v, err := verify.Dir(out)
	if err != nil {
		r.T.Fatal(err)
	}
	if len(v.Problems) > 0 || v.Draws != draws || v.Choices != choices || v.SmallDraws != small {
		r.T.Fatalf("verify: %d draws, %d choices, %d small draws, problems:\n%s\nwant %d, %d, %d and none",
			v.Draws, v.Choices, v.SmallDraws, strings.Join(v.Problems, "\n"), draws, choices, small)
	}
	cr, err := verifydb.Check(r.DB)
	if err != nil {
		r.T.Fatal(err)
	}
	if len(cr.Problems) > 0 {
		r.T.Fatalf("verify --db:\n%s", strings.Join(cr.Problems, "\n"))
	}
}
