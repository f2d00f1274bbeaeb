package store

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"drawshow/data/internal/signal"
)

// DB is a campaign database: many shows, one journal. Open opens it for
// the one writer, OpenExisting for any number of readers.
type DB struct {
	sql  *conn
	path string
	lock *Lock // the writer's; nil for a reader

	changes signal.Next // fired at each commit
}

// conn is the database's connection pool. A reader's queries all go
// through one read transaction, snap: every read of a command sees the
// database as of one moment, however long the command takes and whatever
// a show running beside it commits meanwhile. (The pool's other methods,
// Conn or QueryContext, read outside that snapshot.)
type conn struct {
	*sql.DB
	snap *sql.Tx
}

func (c *conn) Query(q string, args ...any) (*sql.Rows, error) {
	if c.snap != nil {
		return c.snap.Query(q, args...)
	}
	return c.DB.Query(q, args...)
}

func (c *conn) QueryRow(q string, args ...any) *sql.Row {
	if c.snap != nil {
		return c.snap.QueryRow(q, args...)
	}
	return c.DB.QueryRow(q, args...)
}

func (c *conn) Exec(q string, args ...any) (sql.Result, error) {
	if c.snap != nil {
		return nil, ErrReadOnly
	}
	return c.DB.Exec(q, args...)
}

func (c *conn) Begin() (*sql.Tx, error) {
	if c.snap != nil {
		return nil, ErrReadOnly
	}
	return c.DB.Begin()
}

func (c *conn) close() error {
	if c.snap != nil {
		c.snap.Rollback()
	}
	return c.DB.Close()
}

// ErrReadOnly is a write through a reader's database.
var ErrReadOnly = errors.New("the campaign database is open read-only: only a show's run writes to it")

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
	// 4: each action line a headless run applied, by its hash: a resume
	// with another file stops at the first line that differs.
	`CREATE TABLE progress_lines(
		show   TEXT NOT NULL REFERENCES shows(id),
		line   INTEGER NOT NULL,
		sha256 BLOB NOT NULL,
		PRIMARY KEY(show, line)
	) WITHOUT ROWID;`,
	// 6: a member's last visit, for qualify last_visit (YYYY-MM-DD); an
	// import that stored it has finale 2.
	`ALTER TABLE entries ADD COLUMN visit TEXT NOT NULL DEFAULT '';`,
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
	s, err := sql.Open(driverName, sqliteURI(path, url.Values{
		"mode":          {"rwc"},
		"_journal_mode": {"WAL"},
		"_synchronous":  {"FULL"},
		"_foreign_keys": {"on"},
		"_busy_timeout": {"10000"},
		"_txlock":       {"immediate"},
	}))
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(1)
	db := &DB{sql: &conn{DB: s}, path: path}
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
// Path is the database file's path.
func (db *DB) Path() string { return db.path }

// SchemaVersion is the schema a database opened for writing is migrated
// to: PRAGMA user_version counts the migrations applied.
func SchemaVersion() int { return len(migrations) }

func (db *DB) Close() error {
	err := db.sql.close()
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

// OpenExisting opens an existing campaign database read-only, for the
// commands that only read it (export, archive, statement, verify --db):
// they work while a show runs. It never creates, migrates or writes the
// database, and every read goes through one read transaction (one
// snapshot) until Close. A file that is not a campaign database, or is
// one of an older or newer schema, is reported, never changed.
//
// SQLite reads a WAL database read-only when its -wal and -shm exist or
// can be made beside it, or when it is opened immutable. In a folder
// that cannot take them (no write permission, a read-only mount) a
// database with no -wal (every commit already in the file; no writer has
// it open) is read immutable, and nothing is made beside it. Elsewhere
// SQLite may leave an empty -wal and a -shm, as any reader does; the
// database file itself is never written.
func OpenExisting(path string) (*DB, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("no campaign database: %v", err)
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a campaign database", path)
	}
	hdr, err := readHeader(path)
	if err != nil {
		return nil, err
	}
	if len(hdr) == 0 {
		return nil, fmt.Errorf("%s is empty: not a campaign database", path)
	}
	if len(hdr) < 100 || !bytes.HasPrefix(hdr, []byte("SQLite format 3\x00")) {
		return nil, fmt.Errorf("%s is not a campaign database (not an SQLite file)", path)
	}
	wal := hdr[18] == 2 // the read version of a WAL database
	walSize, walErr := fileSize(path + "-wal")
	_, shmErr := fileSize(path + "-shm")
	noWAL := errors.Is(walErr, os.ErrNotExist)
	immutable := wal && noWAL && errors.Is(shmErr, os.ErrNotExist) && readOnlyDir(filepath.Dir(path))
	db, err := openReader(path, immutable)
	if err != nil && wal && !immutable && cantOpen(err) {
		if !noWAL && walSize > 0 {
			return nil, fmt.Errorf("%s: %s-wal holds commits not yet in the database file, and SQLite cannot make the -shm it needs to read them here (a read-only folder?): copy the database with its -wal (and -shm) to a writable folder and read the copy", path, filepath.Base(path))
		}
		db, err = openReader(path, true)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return db, nil
}

// openReader opens the database read-only and starts the snapshot every
// read goes through.
func openReader(path string, immutable bool) (*DB, error) {
	q := url.Values{"mode": {"ro"}, "_busy_timeout": {"10000"}}
	if immutable {
		q.Set("immutable", "1")
	}
	s, err := sql.Open(driverName, sqliteURI(path, q))
	if err != nil {
		return nil, err
	}
	// the snapshot holds one connection; Backup takes its own
	s.SetMaxOpenConns(2)
	tx, err := s.Begin()
	if err != nil {
		s.Close()
		return nil, err
	}
	db := &DB{sql: &conn{DB: s, snap: tx}, path: path}
	var v int
	err = tx.QueryRow(`PRAGMA user_version`).Scan(&v) // the snapshot starts with this read
	switch {
	case err != nil:
	case v == 0:
		err = errors.New("not a campaign database (it has no drawshow schema)")
	case v < len(migrations):
		err = fmt.Errorf("the database is schema version %d, older than this drawshow's %d; a reader never migrates it: run the show on it with drawshow run (which migrates), or read it with the drawshow that wrote it", v, len(migrations))
	case v > len(migrations):
		err = fmt.Errorf("the database is schema version %d; this drawshow knows up to %d: use a newer drawshow", v, len(migrations))
	}
	if err != nil {
		db.sql.close()
		return nil, err
	}
	return db, nil
}

// readHeader reads the first 100 bytes of a file: SQLite's header.
func readHeader(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, 100)
	n, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return b[:n], nil
}

func fileSize(path string) (int64, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// readOnlyDir is a folder nobody may write to: no write permission bit
// (which root would ignore, but which says what the folder is for). A
// read-only mount, or a folder only others may write to, is found when
// SQLite cannot make its -shm there.
func readOnlyDir(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.Mode().Perm()&0o222 == 0
}
