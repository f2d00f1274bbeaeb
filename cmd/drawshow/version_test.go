package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionStamped: a build stamped as make release stamps it prints
// that version with the Go that built it and the modules linked in; the
// same program built plainly says it is no release.
func TestVersionStamped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		ldflags, first string
		devel          bool
	}{
		{"-X drawshow/cmd/internal/buildinfo.version=v9.8.7-1-gabcdef0", "drawshow v9.8.7-1-gabcdef0", false},
		{"", "drawshow devel", true},
	} {
		bin := filepath.Join(dir, "drawshow")
		if b, err := exec.Command("go", "build", "-ldflags", c.ldflags, "-o", bin, "drawshow/cmd/drawshow").CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, b)
		}
		out, err := exec.Command(bin, "version").CombinedOutput()
		if err != nil {
			t.Fatalf("drawshow version: %v\n%s", err, out)
		}
		lines := strings.Split(string(out), "\n")
		if lines[0] != c.first {
			t.Errorf("first line %q, want %q", lines[0], c.first)
		}
		if got := strings.Contains(string(out), "not a release build"); got != c.devel {
			t.Errorf("says it is no release: %v, want %v\n%s", got, c.devel, out)
		}
		goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
		for _, want := range []string{"built with " + strings.TrimSpace(string(goVersion)), "github.com/mattn/go-sqlite3 v", "github.com/gen2brain/malgo v"} {
			if !strings.Contains(string(out), want) {
				t.Errorf("no %q in\n%s", want, out)
			}
		}
		// drawshow links no graphics library, and says so here too
		if strings.Contains(string(out), "ebiten") {
			t.Errorf("ebiten among drawshow's modules:\n%s", out)
		}
	}
}
