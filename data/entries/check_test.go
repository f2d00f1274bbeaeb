package entries

import (
	"path/filepath"
	"reflect"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// TestCheckTwoReads: check reads an entry file twice (the checks, then
// the bin); a file changed between the reads is an error, not a bin of
// rows the first read did not check.
func TestCheckTwoReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "entries.csv")
	filetest.Write(t, path, "Ticket,Card\nT1,C1\nT2,C2\nT3,C1\n")
	seg := &show.Segment{ID: "sat", Tickets: show.PerRow, Entries: path}
	c, err := Check(seg, map[string]bool{"C2": true})
	if err != nil || c.Bin.Rows != 3 || c.People != 2 || len(c.Bin.Entries) != 2 || c.Bin.Participants != 1 || !reflect.DeepEqual(c.Bin.Excluded, []string{"C2"}) {
		t.Fatalf("check: %+v, %v", c, err)
	}
	for _, changed := range []string{
		"Ticket,Card\nT1,C1\nT2,C2\nT3,C3\n",        // another card
		"Ticket,Card\nT1,C1\nT2,C2\n\nT3,C1\n",      // a row moved down
		"Ticket,Card\nT1,C1\nT2,C2\nT3,C1\nT4,C4\n", // a row more
		"Ticket,Card\nT1,C1\nT2,C2\nT2,C1\n",        // a duplicate the second read does not look for
	} {
		betweenReads = func() { filetest.Write(t, path, changed) }
		_, err := Check(seg, nil)
		betweenReads = nil
		if err == nil || err.Error() != path+": the file changed while check read it: check it again once it is saved" {
			t.Errorf("%q: err %v", changed, err)
		}
		filetest.Write(t, path, "Ticket,Card\nT1,C1\nT2,C2\nT3,C1\n")
	}
}
