package store

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strings"
)

// KeyFile is the file beside the database that holds the key of its
// links' tokens: path + ".key". It is readable only by its owner and
// never goes into an export or an archive.
func KeyFile(path string) string { return path + ".key" }

// LinkToken is the token of one of a show's links (purpose "feed": the
// witness feed): the same for the same database, show and purpose across
// restarts, so that a follower's link keeps working after the program is
// restarted. It is derived from the database's key file, made on first
// use.
func (db *DB) LinkToken(purpose, showID string) (string, error) {
	key, err := linkKey(KeyFile(db.path))
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(purpose + "\n" + showID))
	return hex.EncodeToString(m.Sum(nil)), nil
}

// linkKey reads the key file at path, making it when it is not there.
func linkKey(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		key := make([]byte, 32)
		rand.Read(key)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			return linkKey(path) // made meanwhile
		}
		if err != nil {
			return nil, err
		}
		_, err = f.WriteString(hex.EncodeToString(key) + "\n")
		if serr := f.Sync(); err == nil {
			err = serr
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return key, err
	}
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(key) != 32 {
		return nil, fmt.Errorf("%s is not a key drawshow made (64 hex digits): move it away and a new one is made, which changes the show's links", path)
	}
	if fi, err := os.Stat(path); err == nil && runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, 0o600); err != nil {
			return nil, fmt.Errorf("%s is readable by others and cannot be made private: %v", path, err)
		}
	}
	return key, nil
}
