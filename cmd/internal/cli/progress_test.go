package cli

import (
	"path/filepath"
	"testing"
	"time"

	"drawshow/data/entries"
	"drawshow/flightlog"
)

// TestLogProgress: a long import is logged every 5 s of its clock (so
// never 10 s without a record), with its rows and percent, and its end;
// a short one, never.
func TestLogProgress(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	l, err := flightlog.Open(flightlog.Path(db), flightlog.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 11, 30, 21, 30, 0, 0, time.UTC)
	now := t0
	tell := logProgress(l, func() time.Time { return now })
	for _, s := range []int{0, 1, 4, 5, 6, 9, 10, 12} {
		now = t0.Add(time.Duration(s) * time.Second)
		tell("sat", entries.Progress{Rows: (s + 1) * 100000, Read: int64(s + 1), Size: 20})
	}
	tell("sat", entries.Progress{Rows: 1300000, Finished: true})
	// a short import: its first word, then its end
	tell("late", entries.Progress{Rows: 65536})
	tell("late", entries.Progress{Rows: 70000, Finished: true})
	l.Close()
	var got []string
	flightlog.Read(db, time.Time{}, func(r flightlog.Record) error {
		got = append(got, r.Format(time.UTC)[24:])
		return nil
	})
	want := []string{
		"INFO  import under way  percent=30  rows=600000  run=" + l.Run() + "  segment=sat",
		"INFO  import under way  percent=55  rows=1100000  run=" + l.Run() + "  segment=sat",
		"INFO  import done  rows=1300000  run=" + l.Run() + "  seconds=12  segment=sat",
	}
	if len(got) != len(want) {
		t.Fatalf("logged %q\nwant %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d: %q, want %q", i, got[i], want[i])
		}
	}
}
