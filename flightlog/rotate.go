package flightlog

import (
	"fmt"
	"os"
)

// rotator is the log file, rotated by size: past maxSize the file becomes
// FILE.1, FILE.1 becomes FILE.2 and so on, FILE.keep is dropped, and a new
// FILE is started. It is written from the log's one goroutine only.
//
// It is ours rather than lumberjack's: lumberjack names its old files by
// the time they were rotated (campaign.db-2026-12-01T21-30-00.000.log),
// where support asks for "the log and its .1"; and rotation by size alone
// is these forty lines.
type rotator struct {
	path    string
	maxSize int64
	keep    int
	f       *os.File
	size    int64
}

func openRotator(path string, maxSize int64, keep int) (*rotator, error) {
	r := &rotator{path: path, maxSize: maxSize, keep: keep}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *rotator) open() error {
	f, err := os.OpenFile(r.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	r.f, r.size = f, fi.Size()
	return nil
}

// Write writes one record (logrus writes each entry in one call), first
// rotating when it would take the file past maxSize: a record is never
// split across two files.
func (r *rotator) Write(p []byte) (int, error) {
	if r.f == nil {
		if err := r.open(); err != nil {
			return 0, err
		}
	}
	if r.size > 0 && r.size+int64(len(p)) > r.maxSize {
		if err := r.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := r.f.Write(p)
	r.size += int64(n)
	return n, err
}

// rotate shifts the old files up by one and starts a new log. The file is
// closed first: Windows renames no open file.
func (r *rotator) rotate() error {
	err := r.f.Close()
	r.f = nil
	if err != nil {
		return err
	}
	os.Remove(rotated(r.path, r.keep))
	for i := r.keep - 1; i >= 1; i-- {
		if err := os.Rename(rotated(r.path, i), rotated(r.path, i+1)); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	if r.keep > 0 {
		if err := os.Rename(r.path, rotated(r.path, 1)); err != nil {
			return err
		}
	} else if err := os.Remove(r.path); err != nil {
		return err
	}
	return r.open()
}

func (r *rotator) Close() error {
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f = nil
	return err
}

// rotated is the name of the i-th old log: campaign.db.log.1.
func rotated(path string, i int) string { return fmt.Sprintf("%s.%d", path, i) }
