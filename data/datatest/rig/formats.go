package rig

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/record"
)

// Formats is the folder of what each record format was written in, kept
// so that every later drawshow is held to reading it: data/datatest/formats
// of the module the test runs in, one folder per format (each with its
// README).
func Formats() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "data", "datatest", "formats")
		}
		up := filepath.Dir(dir)
		if up == dir {
			panic("rig: no go.mod above the test's folder to find data/datatest/formats from")
		}
		dir = up
	}
}

// ZipFiles reads an archive's files by name.
func ZipFiles(t testing.TB, p string) (names []string, files map[string][]byte) {
	t.Helper()
	zr, err := zip.OpenReader(p)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files = map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, f.Name)
		files[f.Name] = b
	}
	return names, files
}

// Rewrite writes a copy of the archive src with edit applied to each
// file (nil drops the file) and extra files added; with sums, SHA256SUMS
// is made again over the result, as a careful forger would.
func Rewrite(t testing.TB, src string, edit func(name string, b []byte) []byte, extra map[string][]byte, sums bool) string {
	t.Helper()
	names, files := ZipFiles(t, src)
	top := path.Dir(names[len(names)-1]) + "/"
	for n, b := range extra {
		names = append(names, top+n)
		files[top+n] = b
	}
	out := filepath.Join(t.TempDir(), "tampered.zip")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	var list bytes.Buffer
	put := func(name string, b []byte) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	for _, name := range names {
		rel := strings.TrimPrefix(name, top)
		b := files[name]
		if rel == record.SumsFile {
			if !sums {
				put(name, b)
			}
			continue
		}
		if edit != nil {
			if b = edit(rel, b); b == nil {
				continue
			}
		}
		put(name, b)
		fmt.Fprintf(&list, "%x  %s\n", sha256.Sum256(b), rel)
	}
	if sums {
		put(top+record.SumsFile, list.Bytes())
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// FormatArchives are the kept archives of today's format, in Formats.
func FormatArchives(t testing.TB) []string {
	t.Helper()
	zips, _ := filepath.Glob(filepath.Join(Formats(), strings.ReplaceAll(record.RecordFormat, "/", "-"), "*.zip"))
	if len(zips) == 0 {
		t.Fatalf("no archive of today's format %s in %s", record.RecordFormat, Formats())
	}
	return zips
}
