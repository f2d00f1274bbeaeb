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
// is the file's size as opened. open opens it (nil: os.Open).
func openRegular(path string, open Opener) (f *os.File, size int64, err error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, 0, notRegular(path)
	}
	if open == nil {
		open = os.Open
	}
	if f, err = open(path); err != nil {
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

// An Opener opens a file for reading, as os.Open does. A test passes one
// to OpenWith to serve each open different bytes, as a FIFO or a file
// saved between two reads can, and to count the opens.
type Opener func(path string) (*os.File, error)
