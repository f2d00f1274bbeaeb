package entries

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// FileSHA256 is the SHA-256 of a regular file's bytes, in hex.
func FileSHA256(path string) (string, error) {
	if err := regular(path); err != nil {
		return "", err
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// regular refuses, by its path, a file the show may not read: anything
// but a regular file, a link followed. A FIFO can serve one reader the
// official bytes and the next doctored ones, and opening it waits for a
// writer; a device or a socket is no export at all.
func regular(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return nil // the open that follows says what is wrong, as it always has
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (a FIFO, a device or a socket): a show reads only files", path)
	}
	return nil
}
