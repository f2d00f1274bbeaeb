package data

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/show"
)

// TestMigrationKeepsEarlierEntries: a campaign database made before the
// finale columns opens, migrates to the latest schema, and its imported
// rows read back with no area, spend or property.
func TestMigrationKeepsEarlierEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "campaign.db")
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{migrations[0], `PRAGMA user_version = 1`,
		`INSERT INTO shows(id, file, file_sha256, file_text, rehearsal, opened_at) VALUES ('s', 'f', 'x', '', 0, '2024-11-01T00:00:00Z')`,
		`INSERT INTO entries(ticket, card, name, tier, points) VALUES ('T1', 'C1', 'Sipho', 1, 300), ('T2', 'C2', 'Zoë', 3, 0)`,
		`INSERT INTO imports(show, segment, file, sha256, rows, first, last) VALUES ('s', 'sat', 'e.csv', 'x', 2, 1, 2)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()

	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.sql.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != len(migrations) {
		t.Fatalf("user_version %d (%v), want %d", v, err, len(migrations))
	}
	var got []show.Row
	if err := db.Rows("s", "sat", func(r show.Row) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []show.Row{{Ticket: "T1", Card: "C1", Tier: show.Ace, Points: 300}, {Ticket: "T2", Card: "C2", Tier: show.Queen}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows %+v, want %+v", got, want)
	}
	ps, err := db.People("s", &show.SegState{Seg: &show.Segment{ID: "sat"}}, []string{"C2"})
	if err != nil || ps["C2"] != (show.Person{Name: "Zoë", Tier: show.Queen}) {
		t.Fatalf("people %+v, %v", ps, err)
	}
}

// TestRowsRoundTripFinaleColumns: what a bonus list and a finalists file
// give is what the bin rules read back, spend beyond int64 included.
func TestRowsRoundTripFinaleColumns(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "raps.csv"), "Device,Area,Card,Tier,Spend\nM-01,Main Floor,C1,ace,18446744073709551615\nBJ04-3,Salon Prive,C2,queen,0\n")
	write(t, filepath.Join(dir, "finalists.csv"), "Card,Name,Unit\nM1,Naledi Mokoena,Montecasino\n")
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
		if err := db.Rows(ss.ID, tc.seg.ID, func(r show.Row) error { got = append(got, r); return nil }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: rows %+v, want %+v", tc.seg.ID, got, tc.want)
		}
	}
}

// TestCommitRefusedWhenTheJournalMovedOn: two writers on one show, the
// lock bypassed (a second handle of openWriter): whichever commits on a
// head that is no longer the journal's is refused, writes nothing, and
// its engine keeps the state it had; a session that read the journal
// since goes on.
func TestCommitRefusedWhenTheJournalMovedOn(t *testing.T) {
	f := newFixture(t)
	db1, ss1 := f.open(t)
	sh, err := show.Parse(f.showPath, f.text)
	if err != nil {
		t.Fatal(err)
	}
	resume := func() *Session {
		t.Helper()
		db, err := openWriter(f.dbPath) // no lock: a writer that got past it
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		ss, err := db.OpenShow(sh, f.text, Options{Rehearsal: true, Seed: testSeed, Clock: func() time.Time { return f.clock }})
		if err != nil {
			t.Fatal(err)
		}
		return ss
	}
	ss2 := resume()
	count := func() int {
		t.Helper()
		var n int
		if err := db1.sql.QueryRow(`SELECT COUNT(*) FROM journal`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	refused := func(ss *Session, op show.Op, was int64) {
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
	do(t, ss1, show.OpDraw)
	refused(ss2, show.OpDraw, opened)

	// a third resumes after that and decides the pick; ss1, which has
	// committed, would decide it too: refused on the head its own commit
	// left
	ss3 := resume()
	after, _, _ := db1.Head()
	do(t, ss3, show.OpClaim)
	refused(ss1, show.OpForfeit, after)

	// the journal is one chain, and the show folds
	r, err := db1.VerifyChain()
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("chain: %+v, %v", r, err)
	}
	do(t, resume(), show.OpDraw)
}

// TestDBNameIsAPath: --db is a file name, never an SQLite URI. Each
// character that means something in a URI makes a file of exactly that
// name, which holds the show; nothing else appears beside it.
func TestDBNameIsAPath(t *testing.T) {
	names := []string{"draw#3.db", "mem?mode=memory#.db", "100%.db", "%41%2F.db", "the campaign.db", "Zoë Ünïcode 抽選.db", "a+b;c=d&e.db"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if runtime.GOOS == "windows" && strings.ContainsAny(name, "?") {
				t.Skip("Windows file names cannot hold ?")
			}
			f := newFixture(t)
			f.dbPath = filepath.Join(f.dir, name)
			db, ss := f.open(t)
			do(t, ss, show.OpDraw)
			do(t, ss, show.OpClaim)
			id := ss.ID
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			var got []string
			es, err := os.ReadDir(f.dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range es {
				got = append(got, e.Name())
			}
			want := []string{"entries.csv", "exclusions.csv", name, name + LockSuffix, "show.yaml"}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("files %q, want %q", got, want)
			}
			r, err := OpenExisting(f.dbPath)
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

// TestSQLiteURI: the URI of a name SQLite would read as a URI.
func TestSQLiteURI(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix paths")
	}
	for _, tc := range []struct{ path, want string }{
		{"/srv/draw#3.db", "file:///srv/draw%233.db?mode=ro"},
		{"/srv/mem?mode=memory#.db", "file:///srv/mem%3Fmode=memory%23.db?mode=ro"},
		{"/srv/100%.db", "file:///srv/100%25.db?mode=ro"},
		{"/srv/a b/Zoë.db", "file:///srv/a%20b/Zo%C3%AB.db?mode=ro"},
		{"/srv/a:b/c=d&e+f.db", "file:///srv/a:b/c=d&e+f.db?mode=ro"},
	} {
		if got := sqliteURI(tc.path, url.Values{"mode": {"ro"}}); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.path, got, tc.want)
		}
	}
}
