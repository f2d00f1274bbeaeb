package store

import (
	"path/filepath"
	"testing"

	_ "github.com/mattn/go-sqlite3" // rawSQL's driver
)

func TestReopenMigratesOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "c.db")
	for range 2 {
		db, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var v int
		db.sql.QueryRow(`PRAGMA user_version`).Scan(&v)
		var mode string
		db.sql.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
		var sync int
		db.sql.QueryRow(`PRAGMA synchronous`).Scan(&sync)
		if v != len(migrations) || mode != "wal" || sync != 2 {
			t.Fatalf("user_version %d, journal_mode %s, synchronous %d; want %d, wal, 2 (FULL)", v, mode, sync, len(migrations))
		}
		db.Close()
	}
}
