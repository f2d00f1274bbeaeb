package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"drawshow/data/entries"
)

// A long import keeps a line on the terminal, at most every termEvery,
// and ends it with the rows imported; a short one says nothing, and a
// writer that is not a terminal gets nothing (issue 40).
func TestTermProgress(t *testing.T) {
	now := time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC)
	var out bytes.Buffer
	p := termProgress(&out, func() time.Time { return now })
	p("cash", entries.Progress{Rows: 65536, Read: 10, Size: 100})
	now = now.Add(100 * time.Millisecond)
	p("cash", entries.Progress{Rows: 131072, Read: 20, Size: 100})
	if out.Len() != 0 {
		t.Fatalf("a tenth of a second in: %q", out.String())
	}
	now = now.Add(time.Second)
	p("cash", entries.Progress{Rows: 1_900_000, Read: 95, Size: 100})
	p("cash", entries.Progress{Rows: 2_000_000, Finished: true})
	got := out.String()
	for _, want := range []string{"\rcash: importing, 1 900 000 rows, 95 %", "\rcash: imported 2 000 000 rows", "\n"} {
		if !strings.Contains(strings.ReplaceAll(got, "\u202f", " "), want) {
			t.Errorf("the terminal shows %q, not %q", got, want)
		}
	}

	out.Reset()
	q := termProgress(&out, func() time.Time { return now })
	q("cash", entries.Progress{Rows: 10})
	q("cash", entries.Progress{Rows: 20, Finished: true})
	if out.Len() != 0 {
		t.Errorf("a short import printed %q", out.String())
	}
	if TermProgress(&out) != nil {
		t.Error("a buffer is taken for a terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if TermProgress(f) != nil {
		t.Error("a file is taken for a terminal")
	}
}
