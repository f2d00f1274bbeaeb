package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The stage asks the operator before it opens a show over its file
// problems: only OPEN opens it.
func TestStageConfirmsFileProblems(t *testing.T) {
	for _, c := range []struct {
		typed string
		open  bool
	}{{"OPEN\n", true}, {"open it\n", false}, {"", false}} {
		var out bytes.Buffer
		got := confirmProblems(strings.NewReader(c.typed), &out)([]string{"entries.csv row 4: ticket \"T3\" twice"})
		if got != c.open || !strings.Contains(out.String(), `entries.csv row 4: ticket "T3" twice`) || !strings.Contains(out.String(), "Type OPEN") {
			t.Errorf("typed %q: open %v, shown %q", c.typed, got, out.String())
		}
	}
	if confirmProblems(nil, os.Stderr)([]string{"x"}) {
		t.Error("no terminal (the demo) opened over a problem")
	}
}
