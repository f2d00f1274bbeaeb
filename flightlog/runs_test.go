package flightlog

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunsNameACrash: every record carries its run's id; a run whose
// stop record never came (on another host, so no process to ask) is named
// once, by the next run, in the log and on its terminal.
func TestRunsNameACrash(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	crashed, err := Open(Path(db), Config{})
	if err != nil {
		t.Fatal(err)
	}
	crashed.Info(startMsg, Fields{"command": "run", "pid": 4711, "host": "the-old-laptop"})
	crashed.Info("action", Fields{"line": 3})
	crashed.Close() // no stop record: the power went

	stopped := OpenRun(db, "test", Fields{"command": "export"}, nil)
	stopped.Stop(4, "run stopped", nil)

	next := OpenRun(db, "test", Fields{"command": "run"}, nil)
	var said strings.Builder
	next.NameCrashes(db, &said)
	next.Stop(4, "run stopped", nil)
	if !strings.Contains(said.String(), "(run, pid 4711, run "+crashed.Run()+") ended without stopping: crash or power cut") {
		t.Fatalf("the next run said %q", said.String())
	}
	again := OpenRun(db, "test", Fields{"command": "run"}, nil)
	said.Reset()
	again.NameCrashes(db, &said)
	again.Stop(4, "run stopped", nil)
	if said.Len() > 0 {
		t.Fatalf("a crash named twice: %q", said.String())
	}

	runs, err := Runs(db)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 4 || runs[0].Stopped || !runs[0].Named || !runs[1].Stopped || runs[1].Command != "export" || runs[0].ID == runs[1].ID {
		t.Fatalf("runs %+v", runs)
	}
	seen := map[string]int{}
	Read(db, time.Time{}, func(r Record) error {
		id, _ := r.Fields[RunField].(string)
		seen[id]++
		return nil
	})
	if seen[""] > 0 || len(seen) != 4 {
		t.Fatalf("records by run %v: every record carries its run", seen)
	}
}

// TestRunIDIsNoNumber: a run's id is never taken for a card or ID number
// by the redactor. One of eight hex digits that were all decimal (one in
// 43) was written as [redacted] in the record naming its crash, so the
// crash was named again at every start (TestRunsNameACrash failed 3 runs
// in 200).
func TestRunIDIsNoNumber(t *testing.T) {
	r := &Redactor{}
	for range 10_000 {
		if id := newRunID(); r.Value(id) != id || len(id) != 8 {
			t.Fatalf("run id %q is written as %v", id, r.Value(id))
		}
	}
}
