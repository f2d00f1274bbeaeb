package session_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// An older rules edition opens only a fixed-seed rehearsal (a night of
// then played again byte for byte: the stage's golden frames); a show
// of today, or an edition this drawshow does not know, is refused.
func TestOpenUnderAnOlderEdition(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	text := "promotion: P\nproperty: C\nsegments:\n  - {id: chest, entries: chest.csv, tickets: points, points_per_ticket: 100, winners: 1, attendance: not-required}\n"
	path := filepath.Join(c.Dir, "s.yaml")
	rig.Write(t, path, text)
	sh, err := show.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 11, 24, 12, 0, 0, 0, time.UTC)
	now := func() time.Time { return at }
	for _, o := range []session.Options{
		{Rehearsal: true, Rules: 2, Clock: now},
		{Rules: 2, Clock: now, Wall: now},
		{Rehearsal: true, Seed: rig.Seed, Rules: show.Rules + 1, Clock: now},
	} {
		db, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("rules edition %d: a show opens under this drawshow's edition %d; an older one only in a fixed-seed rehearsal", o.Rules, show.Rules)
		if _, err := session.Open(db, sh, []byte(text), o); err == nil || err.Error() != want {
			t.Errorf("%+v: %v, want %q", o, err, want)
		}
		db.Close()
	}
	db, err := store.Open(c.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ss, err := session.Open(db, sh, []byte(text), session.Options{Rehearsal: true, Seed: rig.Seed, Rules: 2, Clock: now})
	if err != nil {
		t.Fatal(err)
	}
	if r := ss.Eng.State().Opened.Rules; r != 2 {
		t.Errorf("opened under edition %d, want 2", r)
	}
}
