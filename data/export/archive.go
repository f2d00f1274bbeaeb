package export

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
)

// Archive writes the auditor's archive of a show to out, a zip file: a
// consistent copy of the campaign database (see Backup), the show's export
// made from that copy (record.json, the bins, winners.csv and .xlsx,
// report.pdf, collection.csv), so that the two agree even while a
// presenter keeps committing, and SHA256SUMS over every other file, all in
// a folder named after the show. The zip is made beside out and renamed
// into place when complete. progress is as for WriteProgress, with the copy
// first and the zip last as two more steps.
func Archive(db *store.DB, showID, out string, progress func(step string, done, total int)) (*record.Record, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	tmp, err := tempDir(filepath.Dir(out), "archive")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	progress(record.ArchiveDB, 0, 0)
	copyPath := filepath.Join(tmp, record.ArchiveDB)
	if err := db.Backup(copyPath); err != nil {
		return nil, err
	}
	cp, err := store.OpenCopy(copyPath)
	if err != nil {
		return nil, err
	}
	total := 0
	dir := filepath.Join(tmp, "export")
	rec, err := WriteProgress(cp, showID, dir, func(step string, done, n int) {
		total = n + 2
		if step != "done" {
			progress(step, done+1, total)
		}
	})
	if cerr := cp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = store.StripSeeds(copyPath, showID)
	}
	if err != nil {
		return nil, err
	}
	if err := os.Rename(copyPath, filepath.Join(dir, record.ArchiveDB)); err != nil {
		return nil, err
	}
	progress(filepath.Base(out), total, total)
	part := filepath.Join(tmp, "archive.zip")
	if err := zipDir(part, dir, showID); err != nil {
		return nil, err
	}
	if err := os.Rename(part, out); err != nil {
		return nil, err
	}
	if err := syncDir(filepath.Dir(out)); err != nil { // the rename, as the export's swap
		return nil, err
	}
	progress("done", total, total)
	return rec, nil
}

// zipDir zips every file under dir into a folder named top, then adds
// SHA256SUMS over them.
func zipDir(out, dir, top string) error {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		names = append(names, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		return err
	}
	slices.Sort(names)
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 1<<16)
	zw := zip.NewWriter(bw)
	now := time.Now()
	var sums bytes.Buffer
	for _, name := range names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: top + "/" + name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		src, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		h := sha256.New()
		_, err = io.Copy(io.MultiWriter(w, h), src)
		src.Close()
		if err != nil {
			return err
		}
		fmt.Fprintf(&sums, "%x  %s\n", h.Sum(nil), name)
	}
	w, err := zw.CreateHeader(&zip.FileHeader{Name: top + "/" + record.SumsFile, Method: zip.Deflate, Modified: now})
	if err != nil {
		return err
	}
	if _, err := w.Write(sums.Bytes()); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// VerifyArchive checks an archive made by Archive: every file against
// SHA256SUMS, the export as verify.Dir does, and the database copy: its
// journal, its stored rows and every show's fold, as verify --db does, and
// that the show it holds makes the record and people the archive carries;
// opts have it read as another release would (a test's).
func VerifyArchive(zipPath string, opts ...verify.Option) (*verify.Report, error) {
	return verify.Archive(zipPath, verifyArchivedDB, opts...)
}

// verifyArchivedDB checks the database copy of an archive extracted to
// dir as verify --db checks a campaign database, then that the archived
// show, folded from the copy, makes the record.json and people.json the
// archive carries: the names and contact columns of the export are then
// those of the stored rows the journal's hashes cover.
func verifyArchivedDB(r *verify.Report, dir string) {
	path := filepath.Join(dir, record.ArchiveDB)
	if _, err := os.Stat(path); err != nil {
		r.Problems = append(r.Problems, fmt.Sprintf("the archive has no %s: the journal cannot be checked", record.ArchiveDB))
		return
	}
	bad := func(format string, args ...any) {
		r.Problems = append(r.Problems, record.ArchiveDB+": "+fmt.Sprintf(format, args...))
	}
	db, err := store.OpenCopy(path)
	if err != nil {
		bad("%v", err)
		return
	}
	defer db.Close()
	cr, err := verifydb.Check(db)
	if err != nil {
		bad("%v", err)
		return
	}
	r.CopyEvents, r.CopyHead = cr.Events, cr.Head
	for _, p := range cr.Problems {
		bad("%s", p)
	}
	if r.Show == "" || len(cr.Problems) > 0 {
		return // what the copy folds to is not to be trusted: named above
	}
	x, err := SetOf(db, r.Show, func(int) {})
	if err != nil {
		bad("%v", err)
		return
	}
	for _, f := range []struct {
		name string
		v    any
	}{{record.RecordFile, x.Record()}, {record.PeopleFile, x.People()}} {
		b, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			continue // Dir has named it
		}
		for _, d := range r.DiffSince(f.name, b, f.v, f.name, "the database") {
			bad("%s and %s differ at %s", f.name, record.ArchiveDB, d)
		}
	}
}
