package store

import (
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// TestMigrationKeepsEarlierEntries: a campaign database made before the
// finale columns opens, migrates to the latest schema, and its imported
// rows read back with no area, spend or property.
func TestMigrationKeepsEarlierEntries(t *testing.T) {
	t.Parallel()
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
	if err := db.Rows("s", &show.Segment{ID: "sat"}, func(r show.Row) error { got = append(got, r); return nil }); err != nil {
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

// TestSQLiteURI: the URI of a name SQLite would read as a URI.
func TestSQLiteURI(t *testing.T) {
	t.Parallel()
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

// TestReaderNeverMigrates: a database of an older schema is reported on
// read, and left as it was.
func TestReaderNeverMigrates(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "campaign.db")
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{migrations[0], `PRAGMA user_version = 1`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	before := filetest.StateOf(t, path)
	_, err = OpenExisting(path)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("schema version 1, older than this drawshow's %d", len(migrations))) {
		t.Fatalf("err = %v, want the older schema reported", err)
	}
	if filetest.StateOf(t, path) != before {
		t.Fatal("the reader changed the database")
	}
}
