package entries

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// TestCheckReadsOnce: check reads an entry file once, checking its rows
// and building the bin as it goes, so the bin is of the very rows
// checked: a file that another open would find changed (a FIFO, a file
// saved while check runs) cannot give the bin rows the checks did not
// see. A problem found in a later row, or a duplicate found only at the
// end, leaves no bin. (A file with a problem is read again, to list its
// problems as an import would: TestCheckListsAsImport.)
func TestCheckReadsOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "entries.csv")
	official := "Ticket,Card\nT1,C1\nT2,C2\nT3,C1\n"
	filetest.Write(t, path, official)
	seg := &show.Segment{ID: "sat", Tickets: show.PerRow, Entries: path}
	twice, opens := twoFaced(t, []byte(official), []byte("Ticket,Card\nT1,C1\nT2,C2\nT3,C3\nT4,C4\n"))
	for _, entries := range []bool{true, false} {
		*opens = 0
		c, err := checkFile(seg, map[string]bool{"C2": true}, nil, nil, entries, optionsOf([]Option{twice}))
		if err != nil || *opens != 1 || c.Bin.Rows != 3 || c.People != 2 || c.Bin.Participants != 1 || c.Bin.Total != 2 || !reflect.DeepEqual(c.Bin.Excluded, []string{"C2"}) {
			t.Fatalf("entries %v: %d opens, %+v, %v", entries, *opens, c, err)
		}
		if len(c.Bin.Entries) != map[bool]int{true: 2}[entries] {
			t.Errorf("entries %v: %d entries", entries, len(c.Bin.Entries))
		}
	}
	for _, bad := range []string{
		"Ticket,Card\nT1,C1\nT2,C2\nT1,C1\n", // a duplicate, known at the end
		"Ticket,Card\nT1,C1\nT2,\nT3,C1\n",   // a card missing on a row in the middle
	} {
		filetest.Write(t, path, bad)
		for _, entries := range []bool{true, false} {
			if c, err := checkFile(seg, nil, nil, nil, entries, options{}); err == nil || c != nil {
				t.Errorf("%q: %+v, %v", bad, c, err)
			}
		}
	}
}

// TestCheckListsAsImport: check without the bin's entries finds a ticket
// twice in its tally, and lists a file's problems as an import does, with
// their rows: a duplicate whose rows the rules keep out, a card twice
// where a row is a participant, a duplicate beside another problem.
func TestCheckListsAsImport(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "entries.csv")
	for _, c := range []struct {
		tickets show.TicketRule
		file    string
	}{
		{show.PerRow, "Ticket,Card\nT1,C1\nT2,C2\nT1,C3\n"}, // C3 excluded
		{show.PerRow, "Ticket,Card\nT1,C2\nT2,C2\nT1,C2\n"}, // both rows kept out
		{show.PerRow, "Ticket,Card\nT1,C1\nT2,\nT1,C1\n"},   // and a card missing
		{show.One, "Card,Name\nC1,Ann\nC2,Ben\nC1,Ann\n"},
		{show.Points, "Card,Points\nC2,10\nC1,10\nC2,10\n"},
	} {
		filetest.Write(t, path, c.file)
		seg := &show.Segment{ID: "sat", Tickets: c.tickets, Entries: path}
		excluded := map[string]bool{"C3": true, "C2": true}
		_, want := checkFile(seg, excluded, nil, nil, true, options{})
		_, err := checkFile(seg, excluded, nil, nil, false, options{})
		if want == nil || err == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "already on row") {
			t.Errorf("%q: check gives %v; with the entries %v", c.file, err, want)
		}
	}
}
