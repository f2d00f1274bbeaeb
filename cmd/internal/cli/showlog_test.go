package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/flightlog"
	"drawshow/show"
)

// TestNomineeOnFileStaysOut: the engine's refusal of a nominee who stood
// for another participant names the nominee bare, the one on file when
// nothing was typed: the log says "the nominee".
func TestNomineeOnFileStaysOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db.flightlog")
	l, err := flightlog.Open(path, flightlog.Config{})
	if err != nil {
		t.Fatal(err)
	}
	LogAction(l, "keyboard", show.Command{Op: show.OpProxy}, nil,
		&show.Refusal{Reason: "sat-cash: Sibusiso Mthembu already stood for another participant tonight; a nominee may stand for one participant only"}, nil)
	l.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "Sibusiso") || !strings.Contains(string(b), `"refusal":"sat-cash: the nominee already stood for another participant tonight`) {
		t.Fatalf("logged %s", b)
	}
}

// TestNilLogLogsNothing: a run whose log did not open goes on.
func TestNilLogLogsNothing(t *testing.T) {
	c, _, err := show.ParseAction("claim")
	if err != nil {
		t.Fatal(err)
	}
	LogAction(nil, "keyboard", c, nil, nil, nil)
	LogStop(nil, nil, nil)
}
