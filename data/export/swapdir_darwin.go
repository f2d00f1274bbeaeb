package export

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// swapDir puts the folder tmp in dir's place. Where dir exists the two are
// exchanged in one step (renamex_np RENAME_SWAP, APFS), leaving the old
// export at tmp; else tmp is renamed.
func swapDir(tmp, dir string) error {
	err := unix.RenamexNp(tmp, dir, unix.RENAME_SWAP)
	if errors.Is(err, unix.ENOENT) {
		return os.Rename(tmp, dir)
	}
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) {
		return swapByRename(tmp, dir) // a file system without the exchange (HFS+)
	}
	return err
}
