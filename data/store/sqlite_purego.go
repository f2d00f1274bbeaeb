//go:build !cgo

package store

import (
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// driverName is the SQLite driver a build without cgo reads with:
// modernc.org/sqlite, SQLite's C translated to Go. drawshow-verify, the
// auditor's verifier for any computer, is built so; the show's laptop
// runs the cgo build.
const driverName = "sqlite"

// cantOpen reports whether SQLite could not open the file (SQLITE_CANTOPEN).
func cantOpen(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CANTOPEN
}

// backupConn is not built without cgo: the verifier only reads.
func backupConn(dc, sc any) error {
	return errors.New("this drawshow is built without cgo and only reads databases: back up with the drawshow that ran the show")
}
