package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/show/keys"
)

// drawshow key writes a new key file (0600), prints its public key as one
// token a show file can name, and never replaces a key file.
func TestKeyCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gold-reef-auditor.key")
	var out, errs bytes.Buffer
	if err := run([]string{"key", "--out", path}, nil, &out, &errs); err != nil {
		t.Fatalf("key: %v\n%s", err, errs.String())
	}
	pub, ok := strings.CutPrefix(strings.TrimSpace(out.String()), "public key: ")
	if !ok || strings.ContainsAny(pub, " \t\n") {
		t.Fatalf("key printed %q, want one line 'public key: KEY'", out.String())
	}
	p, err := keys.ParsePublic(pub)
	if err != nil || p.Name != "gold-reef-auditor" {
		t.Fatalf("the printed key %q: %v (name %q)", pub, err, p.Name)
	}
	k, err := keys.ReadFile(path)
	if err != nil || !k.Public().Equal(p) {
		t.Fatalf("the key file is not the printed key's: %v", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	before, _ := os.ReadFile(path)
	err = run([]string{"key", "--out", path, "--name", "another"}, nil, &out, &errs)
	if err == nil || !strings.Contains(err.Error(), "never replaced") {
		t.Errorf("a second key over the file: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the key file changed")
	}
	if err := run([]string{"key"}, nil, &out, &errs); err == nil {
		t.Error("key without --out made a key")
	}
	if err := run([]string{"key", "--out", filepath.Join(t.TempDir(), "x.key"), "--name", "two words"}, nil, &out, &errs); err == nil {
		t.Error("a key named with a space was made")
	}
}
