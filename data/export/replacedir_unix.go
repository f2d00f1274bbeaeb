//go:build unix

package export

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// swapDir puts the folder tmp in dir's place. Where dir exists the two are
// exchanged in one step (renameat2 RENAME_EXCHANGE), leaving the old
// export at tmp; else tmp is renamed.
func swapDir(tmp, dir string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOENT) {
		return os.Rename(tmp, dir)
	}
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return swapByRename(tmp, dir) // a file system without the exchange
	}
	return err
}

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
