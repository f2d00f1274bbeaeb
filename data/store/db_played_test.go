package store_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/internal/filetest"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// TestRowsRoundTripFinaleColumns: what a bonus list and a finalists file
// give is what the bin rules read back, spend beyond int64 included.
func TestRowsRoundTripFinaleColumns(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	dir := t.TempDir()
	rig.Write(t, filepath.Join(dir, "raps.csv"), "Device,Area,Card,Tier,Spend\nM-01,Main Floor,C1,ace,18446744073709551615\nBJ04-3,Salon Prive,C2,queen,0\n")
	rig.Write(t, filepath.Join(dir, "finalists.csv"), "Card,Name,Unit\nM1,Naledi Mokoena,Montecasino\n")
	for _, tc := range []struct {
		seg  show.Segment
		want []show.Row
	}{
		{show.Segment{ID: "raps", Kind: show.KindBonus, Tickets: show.PerRow, Entries: filepath.Join(dir, "raps.csv")}, []show.Row{
			{Ticket: "M-01", Card: "C1", Tier: show.Ace, Area: "Main Floor", Spend: 18446744073709551615},
			{Ticket: "BJ04-3", Card: "C2", Tier: show.Queen, Area: "Salon Prive"}}},
		{show.Segment{ID: "finale", Kind: show.KindRoyalFlush, Tickets: show.One, Entries: filepath.Join(dir, "finalists.csv")}, []show.Row{
			{Card: "M1", Property: "Montecasino"}}},
	} {
		if _, err := db.ImportEntries(ss.ID, &tc.seg, tc.seg.ID+".csv"); err != nil {
			t.Fatal(err)
		}
		var got []show.Row
		if err := db.Rows(ss.ID, &tc.seg, func(r show.Row) error { got = append(got, r); return nil }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: rows %+v, want %+v", tc.seg.ID, got, tc.want)
		}
	}
}

// TestCommitRefusedWhenTheJournalMovedOn: two writers on one show, the
// lock bypassed (a second handle in the same process, which shares it): whichever commits on a
// head that is no longer the journal's is refused, writes nothing, and
// its engine keeps the state it had; a session that read the journal
// since goes on.
func TestCommitRefusedWhenTheJournalMovedOn(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db1, ss1 := f.Open(t)
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	resume := func() *session.Session {
		t.Helper()
		db, err := store.Open(f.DBPath) // a second writer in this process shares the lock: one that got past it
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		ss, err := session.Open(db, sh, f.Text, session.Options{Rehearsal: true, Seed: rig.Seed, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }})
		if err != nil {
			t.Fatal(err)
		}
		return ss
	}
	ss2 := resume()
	count := func() int {
		t.Helper()
		var n int
		if err := rig.RawSQL(t, db1).QueryRow(`SELECT COUNT(*) FROM journal`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	refused := func(ss *session.Session, op show.Op, was int64) {
		t.Helper()
		before, events := count(), ss.Eng.State().Events
		now, _, err := db1.Head()
		if err != nil {
			t.Fatal(err)
		}
		_, err = ss.Do(show.Command{Op: op}, nil)
		want := fmt.Sprintf("the journal moved on since this show was read (head seq %d, now %d): another writer?", was, now)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("err = %v, want %q", err, want)
		}
		if count() != before || ss.Eng.State().Events != events {
			t.Fatalf("the refused commit wrote %d rows or folded %d events", count()-before, ss.Eng.State().Events-events)
		}
	}

	// ss2 resumed on the head ss1 left, then ss1 went on: refused on the
	// head found from its fold (it never committed)
	opened, _, _ := db1.Head()
	rig.Do(t, ss1, show.OpDraw)
	refused(ss2, show.OpDraw, opened)

	// a third resumes after that and decides the pick; ss1, which has
	// committed, would decide it too: refused on the head its own commit
	// left
	ss3 := resume()
	after, _, _ := db1.Head()
	rig.Do(t, ss3, show.OpClaim)
	refused(ss1, show.OpForfeit, after)

	// the journal is one chain, and the show folds
	r, err := db1.VerifyChain()
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("chain: %+v, %v", r, err)
	}
	rig.Do(t, resume(), show.OpDraw)
}

// TestDBNameIsAPath: --db is a file name, never an SQLite URI. Each
// character that means something in a URI makes a file of exactly that
// name, which holds the show; nothing else appears beside it.
func TestDBNameIsAPath(t *testing.T) {
	t.Parallel()
	names := []string{"draw#3.db", "mem?mode=memory#.db", "100%.db", "%41%2F.db", "the campaign.db", "Zoë Ünïcode 抽選.db", "a+b;c=d&e.db"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if runtime.GOOS == "windows" && strings.ContainsAny(name, "?") {
				t.Skip("Windows file names cannot hold ?")
			}
			f := rig.NewFixture(t)
			f.DBPath = filepath.Join(f.Dir, name)
			db, ss := f.Open(t)
			rig.Do(t, ss, show.OpDraw)
			rig.Do(t, ss, show.OpClaim)
			id := ss.ID
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			var got []string
			es, err := os.ReadDir(f.Dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range es {
				got = append(got, e.Name())
			}
			want := []string{"entries.csv", "exclusions.csv", name, name + store.LockSuffix, "show.yaml"}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("files %q, want %q", got, want)
			}
			r, err := store.OpenExisting(f.DBPath)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			evs, err := r.Events(id)
			if err != nil || len(evs) < 4 {
				t.Fatalf("%s holds %d events of show %s (%v)", name, len(evs), id, err)
			}
		})
	}
}

// TestReaderReadsOneSnapshot: a reader sees the database as of its first
// read, while the show goes on committing beside it; the writer is not
// held up by it, and a reader opened later sees the new events.
func TestReaderReadsOneSnapshot(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	r, err := store.OpenExisting(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	first, err := r.Events(ss.ID)
	if err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpDraw)
	again, err := r.Events(ss.ID)
	if err != nil {
		t.Fatal(err)
	}
	seq, _, err := r.Head()
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != len(first) || seq != first[len(first)-1].Seq {
		t.Fatalf("the reader saw %d events, then %d (head %d): not one snapshot", len(first), len(again), seq)
	}
	later, err := store.OpenExisting(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer later.Close()
	now, err := later.Events(ss.ID)
	if err != nil {
		t.Fatal(err)
	}
	live, _, _ := db.Head()
	if len(now) <= len(first) || now[len(now)-1].Seq != live {
		t.Fatalf("a later reader saw %d events up to %d, the journal is at %d", len(now), now[len(now)-1].Seq, live)
	}
}

// TestReaderOnWhatIsNoCampaignDatabase: an empty file, a text file and
// an SQLite file without drawshow's schema are each said not to be a
// campaign database, and none is written to: verify never makes the
// evidence it checks.
func TestReaderOnWhatIsNoCampaignDatabase(t *testing.T) {
	t.Parallel()
	empty := func(t *testing.T, path string) {
		rig.Write(t, path, "")
	}
	text := func(t *testing.T, path string) {
		rig.Write(t, path, strings.Repeat("Ticket,Card,Name\n", 20))
	}
	bare := func(t *testing.T, path string) {
		raw, err := sql.Open("sqlite3", path)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		if _, err := raw.Exec(`CREATE TABLE notes(x)`); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		make func(*testing.T, string)
		want string
	}{
		{"empty", empty, "is empty: not a campaign database"},
		{"text", text, "is not a campaign database (not an SQLite file)"},
		{"other sqlite", bare, "not a campaign database (it has no drawshow schema)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "campaign.db")
			tc.make(t, path)
			before, file := filetest.Listing(t, dir), filetest.StateOf(t, path)
			db, err := store.OpenExisting(path)
			if err == nil {
				db.Close()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			if filetest.StateOf(t, path) != file || !slices.Equal(filetest.Listing(t, dir), before) {
				t.Fatal("the reader changed the file or its folder")
			}
		})
	}
}
