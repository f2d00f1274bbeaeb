package entries

import (
	"path/filepath"
	"testing"

	"drawshow/data/datatest"
)

// TestReadProgress: a long read says how far it has come every
// progressRows rows, the bytes read rising to the file's size.
func TestReadProgress(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "entries.csv")
	const rows = 3*progressRows + 100
	if err := datatest.WriteEntryCSV(path, rows, 5000); err != nil {
		t.Fatal(err)
	}
	var told []Progress
	st, err := ReadProgress(path, "", Columns{Ticket: "Ticket No"}, Need{Ticket: true}, func(Row) error { return nil }, func(p Progress) { told = append(told, p) })
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows != rows || len(told) != 3 {
		t.Fatalf("%d rows read, progress told %d times: %+v", st.Rows, len(told), told)
	}
	for i, p := range told {
		if p.Rows != (i+1)*progressRows || p.Size <= 0 || p.Fraction() <= 0 || p.Fraction() > 1 || (i > 0 && p.Read <= told[i-1].Read) {
			t.Fatalf("progress %d: %+v (fraction %v)", i, p, p.Fraction())
		}
	}
}
