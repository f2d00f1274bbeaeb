//go:build windows

package store

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// The lock is on one byte far beyond the holder's name, so that a
// refused writer can still read the name (LockFileEx locks are mandatory:
// a locked range cannot be read by another process).
const (
	lockOffsetHigh = 0x7fffffff
	lockOffsetLow  = 0
)

// tryLock takes an exclusive LockFileEx lock on f without waiting; false
// when another handle holds it. The system frees it when the handle
// closes or the process ends.
func tryLock(f *os.File) (bool, error) {
	ol := windows.Overlapped{Offset: lockOffsetLow, OffsetHigh: lockOffsetHigh}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION), errors.Is(err, windows.ERROR_IO_PENDING):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) error {
	ol := windows.Overlapped{Offset: lockOffsetLow, OffsetHigh: lockOffsetHigh}
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
