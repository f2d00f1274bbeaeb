package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseList(t *testing.T) {
	stream := `{}
{"Module":{"Path":"drawshow","Main":true,"Dir":"/src"}}
{"Module":{"Path":"golang.org/x/sys","Version":"v0.50.0","Dir":"/m/sys"}}
{"Module":{"Path":"github.com/a/b","Version":"v1.0.0","Dir":"/m/b","Replace":{"Path":"github.com/c/b","Version":"v1.0.1","Dir":"/m/cb"}}}
{"Module":{"Path":"golang.org/x/sys","Version":"v0.50.0","Dir":"/m/sys"}}
`
	mods, err := parseList(strings.NewReader(stream))
	if err != nil {
		t.Fatal(err)
	}
	want := []module{{"github.com/a/b", "v1.0.1", "/m/cb"}, {"golang.org/x/sys", "v0.50.0", "/m/sys"}}
	if !slices.Equal(mods, want) {
		t.Fatalf("got %v, want %v", mods, want)
	}
	if _, err := parseList(strings.NewReader(`{"Module":`)); err == nil || err.Error() != "go list's output: unexpected EOF" {
		t.Fatalf("a cut stream: %v", err)
	}
}

func TestIsLicence(t *testing.T) {
	for name, want := range map[string]bool{
		"LICENSE": true, "LICENSE.txt": true, "license.md": true, "LICENCE": true, "COPYING": true,
		"NOTICE": true, "PATENTS": true, "UNLICENSE": true, "README.md": false, "licensing.go": false, "go.mod": false,
	} {
		if isLicence(name) != want {
			t.Errorf("isLicence(%q) = %v", name, !want)
		}
	}
}

func TestParsePlatform(t *testing.T) {
	p, err := parsePlatform(" windows/amd64")
	if err != nil || p != (platform{"windows", "amd64"}) || p.exe("drawshow") != "drawshow.exe" || p.archiveExt() != ".zip" {
		t.Fatalf("windows/amd64: %+v %v", p, err)
	}
	for _, bad := range []string{"windows", "/amd64", "linux/", ""} {
		if _, err := parsePlatform(bad); err == nil || err.Error() != fmt.Sprintf("platform %q: write GOOS/GOARCH, e.g. windows/amd64", bad) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// read is an archive's entries: name to content, and name to mode.
func read(t *testing.T, path string, asZip bool) (map[string]string, map[string]os.FileMode, time.Time) {
	t.Helper()
	body, modes := map[string]string{}, map[string]os.FileMode{}
	var at time.Time
	if asZip {
		z, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer z.Close()
		for _, f := range z.File {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(r)
			r.Close()
			body[f.Name], modes[f.Name], at = string(b), f.Mode(), f.Modified
		}
		return body, modes, at
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		body[h.Name], modes[h.Name], at = string(b), os.FileMode(h.Mode), h.ModTime
	}
	return body, modes, at
}

// Both archive kinds hold every file under the top folder, with its
// content, its mode (programs executable) and the release's date, and a
// tar has each folder before what is in it.
func TestWriteArchive(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "prog")
	if err := os.WriteFile(src, []byte("\x7fELF program"), 0o600); err != nil {
		t.Fatal(err)
	}
	files := []file{
		{Name: "drawshow", Src: src, Exec: true},
		{Name: "examples/saturday/show.yaml", Data: []byte("promotion: x\n")},
		{Name: "LICENSES/README.txt", Data: []byte("index\n")},
	}
	at := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	for _, asZip := range []bool{true, false} {
		path := filepath.Join(dir, "out.zip")
		if !asZip {
			path = filepath.Join(dir, "out.tar.gz")
		}
		if err := writeArchive(path, "drawshow-v1-x", files, at, asZip); err != nil {
			t.Fatal(err)
		}
		body, modes, got := read(t, path, asZip)
		if body["drawshow-v1-x/drawshow"] != "\x7fELF program" || modes["drawshow-v1-x/drawshow"].Perm() != 0o755 {
			t.Errorf("zip %v: the program %q, mode %v", asZip, body["drawshow-v1-x/drawshow"], modes["drawshow-v1-x/drawshow"])
		}
		if body["drawshow-v1-x/examples/saturday/show.yaml"] != "promotion: x\n" || modes["drawshow-v1-x/examples/saturday/show.yaml"].Perm() != 0o644 {
			t.Errorf("zip %v: the example %q", asZip, body["drawshow-v1-x/examples/saturday/show.yaml"])
		}
		if !got.Equal(at) {
			t.Errorf("zip %v: dated %v, want %v", asZip, got, at)
		}
		if !asZip {
			for _, d := range []string{"drawshow-v1-x/", "drawshow-v1-x/examples/", "drawshow-v1-x/examples/saturday/", "drawshow-v1-x/LICENSES/"} {
				if _, ok := body[d]; !ok {
					t.Errorf("no folder %s in the tar", d)
				}
			}
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".archive-") {
				t.Errorf("left behind: %s", e.Name())
			}
		}
	}
}

// A missing source file fails the archive and leaves none behind.
func TestWriteArchiveFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.zip")
	err := writeArchive(path, "top", []file{{Name: "gone", Src: filepath.Join(dir, "gone")}}, time.Now(), true)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("packing a file that is not there: %v, want it not found", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left behind: %v", ents)
	}
}

// The licences of what this very checkout links, for Linux and for
// Windows: every module has its licence file, Go's and the fonts' are
// there, and a module only the tests use (chromedp) is not shipped.
func TestLicencesOfLinkedModules(t *testing.T) {
	for _, p := range []platform{{"linux", "amd64"}, {"windows", "amd64"}} {
		mods, err := linkedModules(p, true, "../..", programs)
		if err != nil {
			t.Fatal(err)
		}
		files, err := licences("../..", mods, true)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		var names []string
		var index string
		for _, f := range files {
			names = append(names, f.Name)
			if f.Name == "LICENSES/README.txt" {
				index = string(f.Data)
			}
			if f.Src != "" {
				if _, err := os.Stat(f.Src); err != nil {
					t.Errorf("%s: %v", f.Name, err)
				}
			}
		}
		for _, want := range []string{
			"LICENSES/go/LICENSE", "LICENSES/fonts/LICENSE", "LICENSES/cues/LICENSE-cues.md",
			"LICENSES/pdf-fonts/LICENSE-DejaVu.txt", "LICENSES/pdf-fonts/LICENSE-DroidSansFallback.txt",
			"LICENSES/github.com/mattn/go-sqlite3/LICENSE", "LICENSES/github.com/gen2brain/malgo/LICENSE",
			"LICENSES/github.com/hajimehoshi/ebiten/v2/LICENSE", "LICENSES/golang.org/x/sys/PATENTS",
		} {
			if !slices.Contains(names, want) {
				t.Errorf("%s: no %s among %v", p, want, names)
			}
		}
		for _, n := range names {
			if strings.Contains(n, "chromedp") || strings.Contains(n, "testify") {
				t.Errorf("%s: %s is the tests', not shipped", p, n)
			}
		}
		for _, m := range mods {
			if !strings.Contains(index, m.Path+" "+m.Version) {
				t.Errorf("%s: the index does not name %s %s", p, m.Path, m.Version)
			}
		}
	}
}

// The verifier's licences, for a Mac: SQLite as Go (modernc.org/sqlite),
// the PDFs' fallback fonts (it renders a report again to compare), and
// none of the show laptop's C, stage fonts or cues.
func TestLicencesOfTheVerifier(t *testing.T) {
	mods, err := linkedModules(platform{"darwin", "arm64"}, false, "../..", []string{verifier})
	if err != nil {
		t.Fatal(err)
	}
	files, err := licences("../..", mods, false)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	for _, want := range []string{"LICENSES/go/LICENSE", "LICENSES/modernc.org/sqlite/LICENSE", "LICENSES/modernc.org/libc/LICENSE",
		"LICENSES/pdf-fonts/LICENSE-DejaVu.txt", "LICENSES/pdf-fonts/LICENSE-DroidSansFallback.txt"} {
		if !slices.Contains(names, want) {
			t.Errorf("no %s among %v", want, names)
		}
	}
	for _, n := range names {
		for _, not := range []string{"mattn/go-sqlite3", "malgo", "ebiten", "LICENSES/fonts/", "cues/"} {
			if strings.Contains(n, not) {
				t.Errorf("%s: the verifier links no %s", n, not)
			}
		}
	}
}

func TestLicencesRefuseAnUnlicensedModule(t *testing.T) {
	_, err := licences("../..", []module{{"example.com/none", "v1.0.0", t.TempDir()}}, true)
	if err == nil || !strings.Contains(err.Error(), "example.com/none v1.0.0") {
		t.Fatalf("a module with no licence: %v", err)
	}
}

// untar writes files and folders, and refuses a name outside its folder
// and a symbolic link.
func TestUntar(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "in.tar.gz")
	if err := writeArchive(src, "top", []file{{Name: "a/b.txt", Data: []byte("b")}, {Name: "run", Data: []byte("x"), Exec: true}}, time.Now(), false); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(src)
	defer f.Close()
	gz, _ := gzip.NewReader(f)
	out := filepath.Join(dir, "out")
	if err := untar(gz, out); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "top", "a", "b.txt")); err != nil || string(b) != "b" {
		t.Fatalf("a/b.txt: %q %v", b, err)
	}
	if st, err := os.Stat(filepath.Join(out, "top", "run")); err != nil || st.Mode().Perm()&0o100 == 0 {
		t.Fatalf("run is not executable: %v %v", st, err)
	}
	for _, c := range []struct {
		h    *tar.Header
		want string
	}{
		{&tar.Header{Typeflag: tar.TypeReg, Name: "../escape", Mode: 0o644}, `the source tar names "../escape", outside its folder`},
		{&tar.Header{Typeflag: tar.TypeSymlink, Name: "link", Linkname: "/etc/passwd"}, "the source tar holds a symbolic link, link: a release ships files only"},
	} {
		var b strings.Builder
		w := tar.NewWriter(&b)
		w.WriteHeader(c.h)
		w.Close()
		if err := untar(strings.NewReader(b.String()), t.TempDir()); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want the refusal %q", c.h.Name, err, c.want)
		}
	}
}

// FuzzUntar: any stream is written or refused, never a panic, and nothing
// lands outside the folder it is written into.
func FuzzUntar(f *testing.F) {
	var b strings.Builder
	w := tar.NewWriter(&b)
	w.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: "a/b.txt", Mode: 0o644, Size: 1})
	w.Write([]byte("b"))
	w.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: "c/", Mode: 0o755})
	w.Close()
	f.Add([]byte(b.String()))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		parent := t.TempDir()
		dir := filepath.Join(parent, "out")
		untar(strings.NewReader(string(data)), dir)
		ents, err := os.ReadDir(parent)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if e.Name() != "out" {
				t.Fatalf("wrote %s outside the folder", e.Name())
			}
		}
	})
}

// TestCheckToolchain: a release is built by go.mod's toolchain or not at
// all.
func TestCheckToolchain(t *testing.T) {
	gov, err := output("go", "env", "GOVERSION")
	if err != nil {
		t.Fatal(err)
	}
	for line, ok := range map[string]bool{"": true, "toolchain " + gov: true, "toolchain go1.26.0": gov == "go1.26.0"} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n\ngo 1.26\n\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := checkToolchain(dir); (err == nil) != ok {
			t.Errorf("%q with %s: %v", line, gov, err)
		}
	}
}

// TestReadmeDocs: the release carries every file the README links to
// (docs, screenshots), the show file's JSON Schema, nothing twice, and
// fails on a link to a file not there.
func TestReadmeDocs(t *testing.T) {
	src := t.TempDir()
	for name, text := range map[string]string{
		"README.md": "See [the show file](docs/showfile.md#keys), [ops](docs/ops.md), [the web](https://example.com/x.md),\n" +
			"[below](#install), ![shot](docs/screenshots/a.png) and <img src=\"docs/screenshots/b.png\" width=\"300\">,\n" +
			"[examples](examples/README.md), [again](docs/ops.md#windows).\n",
		"docs/showfile.md":          "keys",
		"docs/ops.md":               "ops",
		"docs/showfile.schema.json": "{}",
		"docs/screenshots/a.png":    "png",
		"docs/screenshots/b.png":    "png",
		"examples/README.md":        "examples",
	} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := readmeDocs(src, []file{{Name: "README.md"}, {Name: "examples/README.md"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range got {
		names = append(names, f.Name)
	}
	want := []string{"docs/showfile.md", "docs/ops.md", "docs/screenshots/a.png", "docs/screenshots/b.png", "docs/showfile.schema.json"}
	if !slices.Equal(names, want) {
		t.Errorf("shipped %q, want %q", names, want)
	}
	if err := os.WriteFile(filepath.Join(src, "README.md"), []byte("[gone](docs/gone.md)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readmeDocs(src, nil); err == nil || !strings.Contains(err.Error(), "docs/gone.md") {
		t.Errorf("a link to a file not there: %v", err)
	}
}

// TestReadmeDocsOfTheRepository: this repository's README links only to
// files there, and the release carries them and the schema.
func TestReadmeDocsOfTheRepository(t *testing.T) {
	got, err := readmeDocs("../..", nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range got {
		names = append(names, f.Name)
	}
	for _, want := range []string{"docs/showfile.md", "docs/showfile.schema.json", "docs/operations.md", "docs/record.md", "docs/algorithm.md", "docs/performance.md", "docs/screenshots/open.png"} {
		if !slices.Contains(names, want) {
			t.Errorf("the release does not carry %s: %q", want, names)
		}
	}
}
