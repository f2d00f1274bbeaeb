package cli

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"drawshow/data/entries"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/flightlog"
	"drawshow/show"
)

// Opening is how a program runs the show it opens: what differs between
// the headless run and the stage.
type Opening struct {
	Mode  show.Mode
	Clock func() time.Time // the show clock
	// ClaimSeconds, a rehearsal's, replaces the show file's countdown.
	ClaimSeconds int
	Progress     func(segment string, p entries.Progress)
	// OverProblems asks whether a show whose files have problems opens
	// all the same; nil refuses it, with exit status 2.
	OverProblems func(problems []string) bool
}

// OpenShow opens the show of sh (its file's text) on r.DB, or resumes the
// one open from it, as both programs do: the seed and the clock checked,
// the database locked, the runs that crashed named, the show opened or
// replayed and logged. A database OpenShow creates is removed again when
// the show does not open, so a refused official show (off its night, its
// files unusable) leaves no database and no lock file behind. The caller
// closes the database.
func OpenShow(sh *show.Show, text []byte, r *Run, how Opening, fl *flightlog.Log, stderr io.Writer) (*store.DB, *session.Session, error) {
	var seed []byte
	if r.Seed != "" {
		if !r.Rehearsal {
			return nil, nil, errors.New("--seed is allowed only with --rehearsal")
		}
		var err error
		if seed, err = hex.DecodeString(r.Seed); err != nil || len(seed) != 32 {
			return nil, nil, fmt.Errorf("--seed needs 64 hex digits (32 bytes), got %q", r.Seed)
		}
	}
	_, err := os.Stat(r.DB)
	fresh := errors.Is(err, fs.ErrNotExist)
	if fresh && !r.Rehearsal {
		// said before anything is made; a show already open resumes
		// whenever (session.Open)
		if err := sh.OnItsNight(time.Now()); err != nil {
			return nil, nil, err
		}
	}
	db, err := store.Open(r.DB)
	if err != nil {
		return nil, nil, err
	}
	fl.NameCrashes(r.DB, stderr) // the lock is ours: no other run is going on
	ss, err := session.Open(db, sh, text, session.Options{
		Rehearsal: r.Rehearsal, Seed: seed, Witness: r.Witness, NoWitness: r.NoWitness,
		Clock: how.Clock, Wall: time.Now, ClockSet: r.Clock != "", Mode: how.Mode,
		ClaimSeconds: how.ClaimSeconds, Progress: how.Progress, OverProblems: how.OverProblems,
	})
	if err != nil {
		empty := false
		if fresh {
			shows, serr := db.Shows()
			empty = serr == nil && len(shows) == 0
		}
		db.Close()
		if empty {
			removeDB(r.DB)
		}
		var fp *session.FileProblems
		if errors.As(err, &fp) {
			return nil, nil, &ExitError{Code: 2, Err: err}
		}
		return nil, nil, err
	}
	LogSession(fl, ss)
	return db, ss, nil
}

// removeDB takes away a database made for a show that did not open, and
// its lock file: nothing was recorded in it.
func removeDB(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal", store.LockSuffix} {
		os.Remove(path + suffix)
	}
}
