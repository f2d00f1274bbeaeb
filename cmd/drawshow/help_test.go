package main

import (
	"strings"
	"testing"
)

// TestCommandHelp: drawshow CMD --help prints the command's usage, with
// its arguments, and its flags to stdout and succeeds, as does drawshow
// help CMD; demo --help starts nothing (and lists the stage's flags);
// --version is version.
func TestCommandHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "--help"}, []string{"drawshow check SHOW.yaml", "-db FILE"}},
		{[]string{"run", "-h"}, []string{"drawshow run SHOW.yaml --db FILE", "-headless"}},
		{[]string{"verify", "-help"}, []string{"drawshow verify DIR|FILE.zip", "drawshow verify --db FILE", "-commitment HEX"}},
		{[]string{"demo", "--help"}, []string{"drawshow demo [--autoplay]", "Flags:", "\n  -autoplay\n", "\n  -console ADDR\n"}},
		{[]string{"monitors", "--help"}, []string{"Usage:\n  drawshow monitors\n"}},
		{[]string{"version", "--help"}, []string{"Usage:\n  drawshow version (or --version)\n"}},
		{[]string{"--help"}, []string{"Usage:", "drawshow check SHOW.yaml"}},
		{[]string{"help"}, []string{"Usage:", "drawshow check SHOW.yaml"}},
		{[]string{"help", "sheet"}, []string{"Usage:\n  drawshow sheet SHOW.yaml --db FILE", "Flags:", "\n  -out FILE.pdf\n"}},
		{[]string{"help", "demo"}, []string{"Usage:\n  drawshow demo [--autoplay]", "\n  -autoplay\n"}},
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
	if _, _, err := drawshow(t, "", "help", "nosuch"); err == nil || !strings.Contains(err.Error(), `unknown command "nosuch"`) {
		t.Errorf("help nosuch: %v, want the unknown command named", err)
	}
	out, _, err := drawshow(t, "", "--version")
	want, _, _ := drawshow(t, "", "version")
	if err != nil || out != want || !strings.HasPrefix(out, "drawshow ") {
		t.Errorf("--version: %q, %v; want version's %q", out, err, want)
	}
}
