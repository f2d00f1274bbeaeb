//go:build unix

package entries

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"drawshow/show"
)

// TestOnlyRegularFilesRead: an entry file or a list that is a FIFO (or a
// link to one) is refused by its path before it is opened: a FIFO served
// the official bytes to the hash and doctored ones to the parser. Opening
// one would also wait for a writer.
func TestOnlyRegularFilesRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "entries.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	link := filepath.Join(dir, "exclusions.csv")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, link} {
		want := p + " is not a regular file (a FIFO, a device or a socket): a show reads only files"
		if _, err := Read(p, "", Columns{}, Need{}, func(Row) error { return nil }); err == nil || err.Error() != want {
			t.Errorf("Read(%s): %v, want %q", filepath.Base(p), err, want)
		}
		if _, _, err := ReadCards(p, "", ""); err == nil || err.Error() != want {
			t.Errorf("ReadCards(%s): %v, want %q", filepath.Base(p), err, want)
		}
		if _, _, err := ReadProxies(p, ""); err == nil || err.Error() != want {
			t.Errorf("ReadProxies(%s): %v, want %q", filepath.Base(p), err, want)
		}
		if _, _, err := ReadSelection(p, ""); err == nil || err.Error() != want {
			t.Errorf("ReadSelection(%s): %v, want %q", filepath.Base(p), err, want)
		}
	}
	seg := &show.Segment{ID: "sat", Tickets: show.PerRow, Entries: fifo}
	if _, err := Check(seg, nil); err == nil || err.Error() != fifo+" is not a regular file (a FIFO, a device or a socket): a show reads only files" {
		t.Errorf("Check: %v", err)
	}
}
