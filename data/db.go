// Package data keeps the show record in SQLite: the hash-chained event
// journal, the imported entry files, and what is derived from them.
package data

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/mattn/go-sqlite3" // the SQLite driver
)

// DB is a campaign database: many shows, one journal.
type DB struct {
	sql  *sql.DB
	path string
	lock *Lock // the writer's; nil for a reader
}

// migrations are applied in order; PRAGMA user_version counts those done.
var migrations = []string{
	`CREATE TABLE journal(
		seq       INTEGER PRIMARY KEY,
		at        TEXT NOT NULL,
		kind      TEXT NOT NULL,
		payload   TEXT NOT NULL,
		prev_hash BLOB NOT NULL,
		hash      BLOB NOT NULL,
		show      TEXT NOT NULL
	);
	CREATE INDEX journal_show ON journal(show, seq);
	CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal
		BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
	CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal
		BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
	CREATE TABLE shows(
		id          TEXT PRIMARY KEY,
		file        TEXT NOT NULL,
		file_sha256 TEXT NOT NULL,
		file_text   BLOB NOT NULL,
		rehearsal   INTEGER NOT NULL,
		opened_at   TEXT NOT NULL,
		closed_at   TEXT
	);
	CREATE TABLE secrets(
		show TEXT PRIMARY KEY REFERENCES shows(id),
		seed BLOB NOT NULL
	);
	CREATE TABLE imports(
		id      INTEGER PRIMARY KEY,
		show    TEXT NOT NULL REFERENCES shows(id),
		segment TEXT NOT NULL,
		file    TEXT NOT NULL,
		sha256  TEXT NOT NULL,
		rows    INTEGER NOT NULL,
		first   INTEGER NOT NULL,
		last    INTEGER NOT NULL,
		UNIQUE(show, segment)
	);
	CREATE TABLE entries(
		ticket TEXT NOT NULL,
		card   TEXT NOT NULL,
		name   TEXT NOT NULL,
		tier   INTEGER NOT NULL,
		points INTEGER NOT NULL,
		extra  TEXT
	);
	CREATE TABLE exclusions(
		show TEXT NOT NULL REFERENCES shows(id),
		card TEXT NOT NULL,
		PRIMARY KEY(show, card)
	) WITHOUT ROWID;
	CREATE TABLE progress(
		show    TEXT PRIMARY KEY REFERENCES shows(id),
		actions INTEGER NOT NULL,
		refused INTEGER NOT NULL,
		clock   TEXT NOT NULL
	);`,
	// 2: the finale kinds' columns: a bonus jackpot's device area and
	// qualifying spend, a Royal Flush finalist's property.
	`ALTER TABLE entries ADD COLUMN area TEXT NOT NULL DEFAULT '';
	ALTER TABLE entries ADD COLUMN spend INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE entries ADD COLUMN property TEXT NOT NULL DEFAULT '';`,
	// 3: whether an import filled those columns: the rows of a file that
	// did not are read without them, as fast as before.
	`ALTER TABLE imports ADD COLUMN finale INTEGER NOT NULL DEFAULT 0;`,
}

// Open opens or creates the campaign database at path for writing, and
// brings its schema up to date. It first takes the writer's lock (see
// LockDB): a second writer is refused before anything is changed, with
// the holder named. Every commit is durable before it returns (WAL,
// synchronous=FULL). Close releases the lock.
func Open(path string) (*DB, error) {
	lk, err := LockDB(path, lockCommand())
	if err != nil {
		return nil, err
	}
	db, err := openWriter(path)
	if err != nil {
		lk.Release()
		return nil, err
	}
	db.lock = lk
	return db, nil
}

// openWriter opens the database for writing without the lock: Open, and
// tests of what the head guard refuses when a writer got past the lock.
func openWriter(path string) (*DB, error) {
	return open(path, "rwc")
}

// OpenExisting opens a campaign database that must exist already: an
// export or a verify never creates one from a mistyped name.
func OpenExisting(path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("no campaign database: %v", err)
	}
	return open(path, "rw")
}

func open(path, mode string) (*DB, error) {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "10000")
	q.Set("_txlock", "immediate")
	q.Set("mode", mode)
	s, err := sql.Open("sqlite3", sqliteURI(path, q))
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(1)
	db := &DB{sql: s, path: path}
	if err := db.migrate(); err != nil {
		s.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return db, nil
}

// sqliteURI is the SQLite URI of the file at path with the query q. The
// path is a file name, never a URI: it is made absolute and
// percent-encoded, so that '#', '?', '%', spaces and any other character
// a name may hold name the file they spell (SQLite decodes %HH in a URI's
// path; a raw '?' or '#' would end it).
func sqliteURI(path string, q url.Values) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/… on Windows: file:///C:/…
	}
	u := url.URL{Scheme: "file", Path: p, RawQuery: q.Encode()}
	return u.String()
}

// Close closes the database and, for a writer, releases its lock.
func (db *DB) Close() error {
	err := db.sql.Close()
	if lerr := db.lock.Release(); err == nil {
		err = lerr
	}
	return err
}

func (db *DB) migrate() error {
	var v int
	if err := db.sql.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("the database is schema version %d; this drawshow knows up to %d: use a newer drawshow", v, len(migrations))
	}
	for ; v < len(migrations); v++ {
		tx, err := db.sql.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %v", v+1, err)
		}
		if _, err := tx.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, v+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
