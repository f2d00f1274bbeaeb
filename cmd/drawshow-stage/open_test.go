package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/cmd/internal/cli"
	"drawshow/data/store"
)

// A show the stage refuses to open leaves no database and no lock file
// where there was none: an official show off its night, and one whose
// files have problems the operator would not open over (exit status 2,
// as the headless run's). A database that was there stays (issue 41).
func TestStageRefusedOpenLeavesNothing(t *testing.T) {
	show := filepath.Join("..", "..", "examples", "saturday", "show.yaml")
	// a copy whose register has no card column: a file problem
	copyDir := t.TempDir()
	if err := os.CopyFS(copyDir, os.DirFS(filepath.Dir(show))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(copyDir, "register.csv"), []byte("Name,Signed\nZoe,yes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(copyDir, "show.yaml")
	for _, c := range []struct {
		name string
		args []string
		want string
		code int
	}{
		{"official off its night", []string{"run", show}, "the show was advertised for 2024-11-30 21:30 SAST", 0},
		{"file problems", []string{"run", broken, "--rehearsal", "--clock", "2024-11-30T21:00"}, "register", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "campaign.db")
			var out, errs bytes.Buffer
			err := run(append(c.args, "--db", db), strings.NewReader(""), &out, &errs)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a refusal saying %q", err, c.want)
			}
			var ee *cli.ExitError
			if c.code != 0 && (!errors.As(err, &ee) || ee.Code != c.code) {
				t.Errorf("exit status of %v: want %d", err, c.code)
			}
			for _, f := range []string{db, db + store.LockSuffix, db + "-wal", db + "-shm"} {
				if _, err := os.Stat(f); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the refused open left %s behind", filepath.Base(f))
				}
			}
			// a database that was there before stays, lock file and all
			pre, err := store.Open(db)
			if err != nil {
				t.Fatal(err)
			}
			pre.Close()
			if err := run(append(c.args, "--db", db), strings.NewReader(""), &out, &errs); err == nil {
				t.Fatal("opened the second time")
			}
			if _, err := os.Stat(db); err != nil {
				t.Errorf("the database that was there is gone: %v", err)
			}
		})
	}
}
