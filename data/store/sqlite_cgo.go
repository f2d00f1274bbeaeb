//go:build cgo

package store

import (
	"errors"
	"time"

	"github.com/mattn/go-sqlite3"
)

// driverName is the SQLite driver a cgo build reads and writes with:
// mattn/go-sqlite3, SQLite's own C.
const driverName = "sqlite3"

// cantOpen reports whether SQLite could not open the file (SQLITE_CANTOPEN).
func cantOpen(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrCantOpen
}

// backupConn copies the database of the connection sc into that of dc
// through SQLite's online backup API.
func backupConn(dc, sc any) error {
	d, ok1 := dc.(*sqlite3.SQLiteConn)
	s, ok2 := sc.(*sqlite3.SQLiteConn)
	if !ok1 || !ok2 {
		return errors.New("the database driver is not mattn/go-sqlite3")
	}
	b, err := d.Backup("main", s, "main")
	if err != nil {
		return err
	}
	// One step copies every page under one read transaction: a
	// snapshot. A writer busy with a checkpoint may make it wait.
	deadline := time.Now().Add(30 * time.Second)
	for {
		done, err := b.Step(-1)
		if err != nil {
			b.Close()
			return err
		}
		if done {
			return b.Close()
		}
		if time.Now().After(deadline) {
			b.Close()
			return errors.New("the database stayed locked for 30 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
