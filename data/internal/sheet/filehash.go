package sheet

import (
	"fmt"
	"os"
)

// openRegular opens a file the show may read: a regular file, a link
// followed, never a FIFO, a device or a socket. A FIFO can serve one
// reader the official bytes and the next doctored ones, and opening it
// waits for a writer; a device or a socket is no export at all. The path
// is looked at first, so that a FIFO is refused without waiting, and the
// open file after, so that one swapped in between is refused too. size
// is the file's size as opened.
func openRegular(path string) (f *os.File, size int64, err error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, 0, notRegular(path)
	}
	if f, err = OpenFile(path); err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("%s: %v", path, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, notRegular(path)
	}
	return f, fi.Size(), nil
}

func notRegular(path string) error {
	return fmt.Errorf("%s is not a regular file (a FIFO, a device or a socket): a show reads only files", path)
}

// OpenFile opens a file for reading; a test, of this package or of one
// that reads through it, stands in a file that serves each open different
// bytes. Nothing else sets it.
var OpenFile = os.Open
