package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// Backup writes a consistent copy of the whole campaign database to path
// (which must not exist) through SQLite's online backup API: the copy is
// the database as of one moment, even while a presenter on another
// connection or process keeps committing. The copy is a single file in
// rollback-journal mode, ready to be archived.
func (db *DB) Backup(path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists", path)
	}
	ctx := context.Background()
	src, err := db.sql.Conn(ctx)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := sql.Open(driverName, sqliteURI(path, url.Values{"mode": {"rwc"}}))
	if err != nil {
		return err
	}
	defer dst.Close()
	dconn, err := dst.Conn(ctx)
	if err != nil {
		return err
	}
	err = dconn.Raw(func(dc any) error {
		return src.Raw(func(sc any) error { return backupConn(dc, sc) })
	})
	if err != nil {
		dconn.Close()
		return fmt.Errorf("backup to %s: %v", path, err)
	}
	// the copy stands alone: no -wal or -shm beside it
	if _, err := dconn.ExecContext(ctx, `PRAGMA journal_mode = DELETE`); err != nil {
		dconn.Close()
		return err
	}
	if err := dconn.Close(); err != nil {
		return err
	}
	return dst.Close()
}

// StripSeeds removes from a copy made by Backup every seed but that of
// the show keep, and that one too unless the show is closed: no seed
// leaves the laptop before its show reveals it. The freed pages are
// zeroed and the file rebuilt, so no byte of a seed stays in it.
func StripSeeds(path, keep string) error {
	s, err := sql.Open(driverName, sqliteURI(path, url.Values{"mode": {"rw"}}))
	if err != nil {
		return err
	}
	defer s.Close()
	s.SetMaxOpenConns(1)
	for _, q := range []string{
		`PRAGMA secure_delete = ON`,
		`DELETE FROM secrets WHERE show <> ? OR show NOT IN (SELECT id FROM shows WHERE closed_at IS NOT NULL)`,
		`VACUUM`,
	} {
		var args []any
		if strings.Contains(q, "?") {
			args = append(args, keep)
		}
		if _, err := s.Exec(q, args...); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	return s.Close()
}

// OpenCopy opens a copy made by Backup read-only, as it is: no migration
// and no change of journal mode.
func OpenCopy(path string) (*DB, error) {
	s, err := sql.Open(driverName, sqliteURI(path, url.Values{"mode": {"ro"}, "_busy_timeout": {"10000"}}))
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(1)
	if err := s.Ping(); err != nil {
		s.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &DB{sql: &conn{DB: s}, path: path}, nil
}
