package verify

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"drawshow/data/record"
)

// Archive checks an archive made by drawshow archive: every file against
// SHA256SUMS (changed, missing and unlisted files are named), then the
// record as VerifyDir does, then the database copy: its journal's hash
// chain, and that the show it holds folds to the record the archive
// carries.
func Archive(zipPath string, checkDB func(r *Report, dir string), opts ...Option) (*Report, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", zipPath, err)
	}
	defer zr.Close()
	if r := checkSizes(zr.File); r != nil {
		return r, nil
	}
	dir, err := os.MkdirTemp("", "drawshow-verify-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	r := &Report{}

	// the folder the archive keeps its files in: SHA256SUMS's
	top := ""
	var sumsFile *zip.File
	for _, f := range zr.File {
		if path.Base(f.Name) == record.SumsFile && !strings.Contains(path.Dir(f.Name), "/") {
			if sumsFile != nil {
				r.bad("the archive holds two %s files: %s and %s", record.SumsFile, sumsFile.Name, f.Name)
				continue
			}
			sumsFile, top = f, strings.TrimSuffix(f.Name, record.SumsFile)
		}
	}
	want := map[string]string{}
	if sumsFile == nil {
		r.bad("the archive has no %s: its files cannot be checked", record.SumsFile)
	} else if b, err := readZipFile(sumsFile); err != nil {
		r.bad("%s: %v", record.SumsFile, err)
	} else {
		parseSums(r, b, want)
	}
	got := map[string]bool{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || f == sumsFile {
			continue
		}
		name, ok := strings.CutPrefix(f.Name, top)
		if !ok || !fs.ValidPath(name) || strings.Contains(name, `\`) {
			r.bad("%s: a file outside the archive's folder %s", f.Name, top)
			continue
		}
		got[name] = true
		sum, err := extract(f, filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			r.bad("%s: %v", name, err)
			continue
		}
		r.Files++
		switch w, listed := want[name]; {
		case sumsFile == nil:
		case !listed:
			r.bad("%s is in the archive but not in %s: it was added", name, record.SumsFile)
		case w != sum:
			r.bad("%s: SHA-256 is %s but %s says %s: the file was changed", name, sum, record.SumsFile, w)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if !got[name] {
			r.bad("%s is listed in %s but missing from the archive", name, record.SumsFile)
		}
	}

	if _, err := os.Stat(filepath.Join(dir, record.RecordFile)); err != nil {
		r.bad("the archive has no %s: the picks cannot be re-derived", record.RecordFile)
		return r, nil
	}
	vr, err := Dir(dir, opts...)
	if err != nil {
		r.bad("%v", err)
		return r, nil
	}
	files := r.Files
	problems := r.Problems
	*r = *vr
	r.Files, r.Problems = files, append(problems, vr.Problems...)
	checkDB(r, dir)
	return r, nil
}

// What verify unpacks at most: an archive's declared sizes in all, and a
// file's unpacked size against its packed one, past a floor. drawshow's
// own files (the database copy, CSVs, bins, PDFs) pack at far under the
// ratio; a zip bomb of zeros packs at a thousand to one.
const (
	maxUnpacked = 1 << 30
	maxRatio    = 100
	ratioFloor  = 1 << 20
)

// checkSizes refuses, before anything is unpacked, an archive whose
// declared sizes pass maxUnpacked or whose file claims to unpack to more
// than maxRatio times its packed size. Unpacking then stops at each
// file's declared size (archive/zip refuses more).
func checkSizes(files []*zip.File) *Report {
	r := &Report{}
	var total uint64
	for _, f := range files {
		total += f.UncompressedSize64
		if f.UncompressedSize64 > ratioFloor && f.UncompressedSize64/maxRatio > f.CompressedSize64 {
			r.bad("%s: it would unpack to %s from %s, more than %d times its size in the archive: it is not drawshow's, and nothing was unpacked",
				f.Name, size(f.UncompressedSize64), size(f.CompressedSize64), maxRatio)
		}
	}
	if total > maxUnpacked {
		r.bad("the archive declares %s unpacked, over the %s verify unpacks: nothing was unpacked", size(total), size(maxUnpacked))
	}
	if len(r.Problems) == 0 {
		return nil
	}
	return r
}

// size is a byte count in KiB, MiB or GiB.
func size(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}

// parseSums reads sha256sum's output: the hex digest, two spaces (or a
// space and a star) and the name.
func parseSums(r *Report, b []byte, want map[string]string) {
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, " ")
		name = strings.TrimPrefix(strings.TrimPrefix(name, " "), "*")
		if d, err := hex.DecodeString(sum); !ok || err != nil || len(d) != sha256.Size || name == "" {
			r.bad("%s line %d: %q is not a SHA-256 digest and a file name", record.SumsFile, i+1, line)
			continue
		}
		want[name] = strings.ToLower(sum)
	}
}

func readZipFile(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// extract writes a zip entry to path and returns its SHA-256 in hex.
func extract(f *zip.File, to string) (string, error) {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return "", err
	}
	rc, err := f.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	out, err := os.Create(to)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(out, h), rc); err != nil {
		out.Close()
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), out.Close()
}
