//go:build unix

package export

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

func syncDir(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// inUse finds nothing: a file open in another program does not hold its
// folder on Unix, where the rename takes it whole.
func inUse(string) error { return nil }

// running reports whether a process pid is alive.
func running(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}
