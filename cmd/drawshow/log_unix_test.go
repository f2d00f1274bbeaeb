//go:build unix

package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"drawshow/flightlog"
)

// TestFlightLogNamesTheLockHolder: a run refused because another holds
// the database says in the log who holds it.
func TestFlightLogNamesTheLockHolder(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "campaign.db")
	holder := startProgram(t, runArgs(crashShow, db, "-")...)
	waitHolder(t, db, holder)
	if _, _, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...); err == nil || !inUse(db, " run", holder.cmd.Process.Pid).MatchString(err.Error()) {
		t.Fatalf("a second run beside the first: %v, want it refused with the holder named", err)
	}
	holder.stdin.Close()
	if err := holder.wait(t); err != nil {
		t.Fatalf("the holder: %v\n%s", err, holder.stderr.String())
	}
	var refused []flightlog.Record
	if err := flightlog.Read(db, time.Time{}, func(r flightlog.Record) error {
		if r.Msg == "run refused: the database is in use" {
			refused = append(refused, r)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(refused) != 1 || !fieldIs(refused[0], "holder_pid", strconv.Itoa(holder.cmd.Process.Pid)) || !strings.HasSuffix(fmt.Sprint(refused[0].Fields["holder_command"]), " run") {
		t.Fatalf("refusals logged %+v, want one naming pid %d", refused, holder.cmd.Process.Pid)
	}
}
