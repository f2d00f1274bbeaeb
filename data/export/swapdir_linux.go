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
