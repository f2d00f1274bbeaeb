package main

import (
	"strings"
	"testing"
)

// TestCommandHelp: drawshow CMD --help prints the command's usage, with
// its arguments, and its flags to stdout and succeeds; demo --help starts
// nothing; --version is version.
func TestCommandHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "--help"}, []string{"drawshow check SHOW.yaml", "-db FILE"}},
		{[]string{"run", "-h"}, []string{"drawshow run SHOW.yaml --db FILE", "-headless"}},
		{[]string{"verify", "-help"}, []string{"drawshow verify DIR|FILE.zip", "drawshow verify --db FILE", "-commitment HEX"}},
		{[]string{"demo", "--help"}, []string{"drawshow demo [--autoplay]"}},
		{[]string{"monitors", "--help"}, []string{"drawshow monitors"}},
		{[]string{"--help"}, []string{"Usage:", "drawshow check SHOW.yaml"}},
	} {
		out, errOut, err := drawshow(t, "", c.args...)
		if err != nil || errOut != "" {
			t.Errorf("%v: %v, stderr %q", c.args, err, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v printed\n%s\nwithout %q", c.args, out, w)
			}
		}
	}
	out, _, err := drawshow(t, "", "--version")
	want, _, _ := drawshow(t, "", "version")
	if err != nil || out != want || !strings.HasPrefix(out, "drawshow ") {
		t.Errorf("--version: %q, %v; want version's %q", out, err, want)
	}
}
