package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"
)

// file is one entry of an archive: read from Src, or Data when Src is "".
type file struct {
	Name string // its path in the archive, below the top folder, with slashes
	Src  string
	Data []byte
	Exec bool
}

func (f file) open() (io.ReadCloser, int64, error) {
	if f.Src == "" {
		return io.NopCloser(bytes.NewReader(f.Data)), int64(len(f.Data)), nil
	}
	r, err := os.Open(f.Src)
	if err != nil {
		return nil, 0, err
	}
	st, err := r.Stat()
	if err != nil {
		r.Close()
		return nil, 0, err
	}
	return r, st.Size(), nil
}

func (f file) mode() os.FileMode {
	if f.Exec {
		return 0o755
	}
	return 0o644
}

// writeArchive writes files under the folder top into a zip (asZip) or a
// gzipped tar at path, every entry dated at, through a temporary file
// renamed into place: a failed release leaves no half archive.
func writeArchive(dst, top string, files []file, at time.Time, asZip bool) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".archive-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriter(tmp)
	if asZip {
		err = writeZip(w, top, files, at)
	} else {
		err = writeTarGz(w, top, files, at)
	}
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

func writeZip(w io.Writer, top string, files []file, at time.Time) error {
	z := zip.NewWriter(w)
	for _, f := range files {
		h := &zip.FileHeader{Name: top + "/" + f.Name, Method: zip.Deflate, Modified: at}
		h.SetMode(f.mode())
		dst, err := z.CreateHeader(h)
		if err != nil {
			return err
		}
		if err := copyFile(dst, f); err != nil {
			return err
		}
	}
	return z.Close()
}

func writeTarGz(w io.Writer, top string, files []file, at time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	gz.ModTime = at
	t := tar.NewWriter(gz)
	dirs := map[string]bool{}
	for _, f := range files {
		name := top + "/" + f.Name
		// the folders first, as tar extracts them
		for d := path.Dir(name); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) { // a parent sorts before its children
		if err := t.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: at, Format: tar.FormatPAX}); err != nil {
			return err
		}
	}
	for _, f := range files {
		r, size, err := f.open()
		if err != nil {
			return err
		}
		err = t.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: top + "/" + f.Name, Mode: int64(f.mode()), Size: size, ModTime: at, Format: tar.FormatPAX})
		if err == nil {
			var n int64
			n, err = io.Copy(t, r)
			if err == nil && n != size {
				err = fmt.Errorf("%s changed while it was packed", f.Src)
			}
		}
		r.Close()
		if err != nil {
			return err
		}
	}
	if err := t.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func copyFile(w io.Writer, f file) error {
	r, _, err := f.open()
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = io.Copy(w, r)
	return err
}

// untar writes a tar stream's folders and files into dir; a name that
// would leave dir is refused.
func untar(r io.Reader, dir string) error {
	t := tar.NewReader(r)
	for {
		h, err := t.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if !filepath.IsLocal(h.Name) {
			return fmt.Errorf("the source tar names %q, outside its folder", h.Name)
		}
		dst := filepath.Join(dir, h.Name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, os.FileMode(h.Mode)&0o777|0o600)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, t)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		case tar.TypeSymlink:
			return fmt.Errorf("the source tar holds a symbolic link, %s: a release ships files only", h.Name)
		}
	}
}
