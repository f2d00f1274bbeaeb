package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestToolchainPinned: go.mod names the Go that builds drawshow (its
// toolchain line; the go command fetches it through the module proxy),
// and make builds with that Go even where the machine's Go is set to
// GOTOOLCHAIN=local and would otherwise ignore the line: the standard
// library's known vulnerabilities are fixed by that Go, not allowed.
func TestToolchainPinned(t *testing.T) {
	var want string
	sc := bufio.NewScanner(bytes.NewReader(mustRead(t, "../../go.mod")))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "toolchain "); ok {
			want = strings.TrimSpace(v)
		}
	}
	if !strings.HasPrefix(want, "go1.") {
		t.Fatalf("go.mod names no toolchain (a line such as `toolchain go1.26.11`): %q", want)
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make here")
	}
	cmd := exec.Command("make", "-s", "--no-print-directory", "-C", "../..",
		"--eval", "print-gotoolchain: ; @echo $(GOTOOLCHAIN)", "print-gotoolchain")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("make runs Go with GOTOOLCHAIN=%q, want go.mod's %q", got, want)
	}
}
