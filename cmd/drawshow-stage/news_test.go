package main

import "testing"

// TestSplitMessage: the stage's message to the host is a refusal (the
// console's red box) only when it says it refused or failed; anything else
// is news.
func TestSplitMessage(t *testing.T) {
	for _, c := range []struct{ msg, refusal, news string }{
		{"Refused: the deadline has passed", "Refused: the deadline has passed", ""},
		{"Error: disk full", "Error: disk full", ""},
		{"Freezing the bin early…", "", "Freezing the bin early…"},
		{"", "", ""},
	} {
		if r, n := splitMessage(c.msg); r != c.refusal || n != c.news {
			t.Errorf("splitMessage(%q) = %q, %q; want %q, %q", c.msg, r, n, c.refusal, c.news)
		}
	}
}
