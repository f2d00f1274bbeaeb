package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"drawshow/cmd/internal/cli"
	"drawshow/cmd/internal/verifycmd"
)

// verdict is what a verifier said of one record: its exit status and
// everything it printed.
type verdict struct {
	code           int
	stdout, stderr string
}

// TestVerdictsAgree holds the two SQLite readers to one verdict: the cgo
// verify (SQLite's C, in this test) and drawshow-verify as the release
// builds it, without cgo (modernc.org/sqlite), run as a program. The
// corpus is a rehearsal recorded by the cgo drawshow, its archive and its
// database, good and tampered in the ways an insider would: each case
// also names the verdict both must give, so a reader that saw nothing
// wrong fails even if the other did too.
func TestVerdictsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds drawshow and drawshow-verify and records a show")
	}
	dir := t.TempDir()
	drawshow := goBuild(t, dir, "drawshow", "drawshow/cmd/drawshow", "CGO_ENABLED=1")
	pure := goBuild(t, dir, "drawshow-verify", "drawshow/cmd/drawshow-verify", "CGO_ENABLED=0")
	if b, err := exec.Command("go", "version", "-m", pure).Output(); err != nil || !bytes.Contains(b, []byte("CGO_ENABLED=0")) ||
		!bytes.Contains(b, []byte("modernc.org/sqlite")) || bytes.Contains(b, []byte("mattn/go-sqlite3")) {
		t.Fatalf("drawshow-verify is not the pure-Go build (modernc.org/sqlite, no cgo, no mattn/go-sqlite3): %v\n%s", err, b)
	}

	db := filepath.Join(dir, "campaign.db")
	show, err := filepath.Abs("../../examples/saturday")
	if err != nil {
		t.Fatal(err)
	}
	// the seed and clock the example's actions are written for (README)
	run := exec.Command(drawshow, "run", "show.yaml", "--db", db, "--headless", "--actions", "actions.txt", "--rehearsal",
		"--seed", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "--clock", "2024-11-30T21:30")
	run.Dir = show
	run.Env = append(os.Environ(), "DRAWSHOW_AUDIO=null")
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("drawshow run: %v\n%s", err, out)
	}
	zipPath := filepath.Join(dir, "good.zip")
	if out, err := exec.Command(drawshow, "archive", "--db", db, "--out", zipPath).CombinedOutput(); err != nil {
		t.Fatalf("drawshow archive: %v\n%s", err, out)
	}
	commitment := commitmentOf(t, zipPath)

	// a database changed by SQL, its append-only triggers dropped first
	dbWith := func(name string, stmts ...string) string {
		path := filepath.Join(dir, name+".db")
		copyFile(t, db, path)
		s, err := sql.Open("sqlite3", path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for _, q := range append([]string{`DROP TRIGGER journal_no_update`, `DROP TRIGGER journal_no_delete`}, stmts...) {
			if _, err := s.Exec(q); err != nil {
				t.Fatalf("%s: %s: %v", name, q, err)
			}
		}
		return path
	}
	// an archive with one file changed by edit, its SHA256SUMS made to
	// match again when resum is set
	zipWith := func(name, file string, resum bool, edit func(path string)) string {
		src := filepath.Join(dir, name+"-files")
		unzip(t, zipPath, src)
		root := onlyDir(t, src)
		edit(filepath.Join(root, file))
		if resum {
			writeSums(t, root)
		}
		out := filepath.Join(dir, name+".zip")
		zipDir(t, src, out)
		return out
	}
	replace := func(old, new string) func(string) {
		return func(path string) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte(old)) {
				t.Fatalf("%s holds no %q", path, old)
			}
			if err := os.WriteFile(path, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	sqlEdit := func(stmts ...string) func(string) {
		return func(path string) {
			s, err := sql.Open("sqlite3", path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for _, q := range append([]string{`DROP TRIGGER journal_no_update`, `DROP TRIGGER journal_no_delete`}, stmts...) {
				if _, err := s.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
		}
	}
	notDB := filepath.Join(dir, "not.db")
	if err := os.WriteFile(notDB, []byte("SQLite format 3\x00 but not really a database, only its first words"), 0o644); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name string
		args []string
		ok   bool
	}{
		{"database", []string{"--db", db}, true},
		{"database with its commitment", []string{"--db", db, "--commitment", commitment}, true},
		{"database, another commitment", []string{"--db", db, "--commitment", strings.Repeat("ab", 32)}, false},
		{"database, a journal row rewritten", []string{"--db", dbWith("payload", `UPDATE journal SET payload = payload || ' ' WHERE seq = (SELECT min(seq) FROM journal WHERE kind = 'pick-drawn')`)}, false},
		{"database, the last rows cut", []string{"--db", dbWith("cut", `DELETE FROM journal WHERE seq > (SELECT max(seq) - 3 FROM journal)`)}, false},
		{"database, a name changed", []string{"--db", dbWith("name", `UPDATE entries SET name = 'Someone Else' WHERE rowid = (SELECT min(rowid) FROM entries)`)}, false},
		{"database, the show file changed", []string{"--db", dbWith("showfile", `UPDATE shows SET file_text = CAST(replace(CAST(file_text AS TEXT), 'winners', 'winners ') AS BLOB)`)}, false},
		{"database, the seed changed", []string{"--db", dbWith("seed", `UPDATE secrets SET seed = zeroblob(32)`)}, false},
		{"not a database", []string{"--db", notDB}, false},
		{"archive", []string{zipPath}, true},
		{"archive with its commitment", []string{zipPath, "--commitment", commitment}, true},
		{"archive, winners.csv changed", []string{zipWith("csv", "winners.csv", false, replace(",", ";"))}, false},
		{"archive, record.json changed and summed", []string{zipWith("json", "record.json", true, replace(`"prize": "R5 000"`, `"prize": "R50 000"`))}, false},
		{"archive, the database copy's journal rewritten and summed", []string{zipWith("copy", "campaign.db", true, sqlEdit(`UPDATE journal SET at = '2024-11-30T20:00:00Z' WHERE seq = 5`))}, false},
		{"archive, the database copy's names changed and summed", []string{zipWith("copynames", "campaign.db", true, sqlEdit(`UPDATE entries SET name = 'Someone Else'`))}, false},
		{"archive, the database copy gone", []string{zipWith("nocopy", "campaign.db", true, func(p string) { os.Remove(p) })}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o, e bytes.Buffer
			err := verifycmd.Run(c.args, &o, &e)
			if err != nil && !errors.Is(err, cli.ErrQuiet) {
				fmt.Fprintln(&e, "drawshow:", err) // as cli.Exit says it
			}
			withC := verdict{code: exitCode(err), stdout: o.String(), stderr: e.String()}
			goOnly := runVerdict(t, exec.Command(pure, c.args...))
			if (withC.code == 0) != c.ok {
				t.Errorf("cgo verify: exit %d, want ok=%v\n%s%s", withC.code, c.ok, withC.stdout, withC.stderr)
			}
			if goOnly != withC {
				t.Errorf("the verdicts differ:\ncgo (exit %d):\n%s%s\ndrawshow-verify (exit %d):\n%s%s", withC.code, withC.stdout, withC.stderr, goOnly.code, goOnly.stdout, goOnly.stderr)
			}
		})
	}
}

// exitCode is the status cli.Exit gives err.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ex *cli.ExitError
	if errors.As(err, &ex) {
		return ex.Code
	}
	return 1
}

func runVerdict(t *testing.T, cmd *exec.Cmd) verdict {
	t.Helper()
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	v := verdict{stdout: o.String(), stderr: e.String()}
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		v.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return v
}

// goBuild builds the package pkg with env set, into dir/name.
func goBuild(t *testing.T, dir, name, pkg string, env ...string) string {
	t.Helper()
	out := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	return out
}

// commitmentOf is the commitment of the archive's record.json.
func commitmentOf(t *testing.T, zipPath string) string {
	t.Helper()
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if path.Base(f.Name) != "record.json" {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var rec struct{ Commitment string }
		if err := json.NewDecoder(r).Decode(&rec); err != nil || rec.Commitment == "" {
			t.Fatalf("record.json: no commitment (%v)", err)
		}
		return rec.Commitment
	}
	t.Fatal("the archive holds no record.json")
	return ""
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func unzip(t *testing.T, zipPath, dir string) {
	t.Helper()
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// onlyDir is the one folder an archive holds, the show's.
func onlyDir(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil || len(es) != 1 || !es[0].IsDir() {
		t.Fatalf("the archive does not hold one folder: %v %v", es, err)
	}
	return filepath.Join(dir, es[0].Name())
}

// writeSums writes root's SHA256SUMS anew, over the files it holds.
func writeSums(t *testing.T, root string) {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "SHA256SUMS" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		lines = append(lines, fmt.Sprintf("%x  %s\n", sha256.Sum256(b), filepath.ToSlash(rel)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	if err := os.WriteFile(filepath.Join(root, "SHA256SUMS"), []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func zipDir(t *testing.T, dir, out string) {
	t.Helper()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		w, err := zw.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}
