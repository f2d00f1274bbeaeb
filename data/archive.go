package data

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// The files an archive adds to the export.
const (
	ArchiveDB = "campaign.db" // the consistent copy of the campaign database
	SumsFile  = "SHA256SUMS"  // sha256sum's format, over every other file
)

// Backup writes a consistent copy of the whole campaign database to path
// (which must not exist) through SQLite's online backup API: the copy is
// the database as of one moment, even while a presenter on another
// connection or process keeps committing. The copy is a single file in
// rollback-journal mode, ready to be archived.
func (db *DB) Backup(path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists", path)
	}
	ctx := context.Background()
	src, err := db.sql.Conn(ctx)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := sql.Open("sqlite3", "file:"+path+"?mode=rwc")
	if err != nil {
		return err
	}
	defer dst.Close()
	dconn, err := dst.Conn(ctx)
	if err != nil {
		return err
	}
	err = dconn.Raw(func(dc any) error {
		return src.Raw(func(sc any) error {
			d, ok1 := dc.(*sqlite3.SQLiteConn)
			s, ok2 := sc.(*sqlite3.SQLiteConn)
			if !ok1 || !ok2 {
				return errors.New("the database driver is not mattn/go-sqlite3")
			}
			b, err := d.Backup("main", s, "main")
			if err != nil {
				return err
			}
			// One step copies every page under one read transaction: a
			// snapshot. A writer busy with a checkpoint may make it wait.
			deadline := time.Now().Add(30 * time.Second)
			for {
				done, err := b.Step(-1)
				if err != nil {
					b.Close()
					return err
				}
				if done {
					return b.Close()
				}
				if time.Now().After(deadline) {
					b.Close()
					return errors.New("the database stayed locked for 30 s")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	})
	if err != nil {
		dconn.Close()
		return fmt.Errorf("backup to %s: %v", path, err)
	}
	// the copy stands alone: no -wal or -shm beside it
	if _, err := dconn.ExecContext(ctx, `PRAGMA journal_mode = DELETE`); err != nil {
		dconn.Close()
		return err
	}
	if err := dconn.Close(); err != nil {
		return err
	}
	return dst.Close()
}

// Archive writes the auditor's archive of a show to out, a zip file: a
// consistent copy of the campaign database (see Backup), the show's export
// made from that copy (record.json, the bins, winners.csv and .xlsx,
// report.pdf, collection.csv), so that the two agree even while a
// presenter keeps committing, and SHA256SUMS over every other file, all in
// a folder named after the show. The zip is made beside out and renamed
// into place when complete. progress is as for ExportAll, with the copy
// first and the zip last as two more steps.
func (db *DB) Archive(showID, out string, progress func(step string, done, total int)) (*Record, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), ".drawshow-archive-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	progress(ArchiveDB, 0, 0)
	copyPath := filepath.Join(tmp, ArchiveDB)
	if err := db.Backup(copyPath); err != nil {
		return nil, err
	}
	cp, err := openCopy(copyPath)
	if err != nil {
		return nil, err
	}
	total := 0
	dir := filepath.Join(tmp, "export")
	rec, err := cp.ExportAll(showID, dir, func(step string, done, n int) {
		total = n + 2
		if step != "done" {
			progress(step, done+1, total)
		}
	})
	if cerr := cp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if err := os.Rename(copyPath, filepath.Join(dir, ArchiveDB)); err != nil {
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
	progress("done", total, total)
	return rec, nil
}

// openCopy opens a copy made by Backup read-only, as it is: no migration
// and no change of journal mode.
func openCopy(path string) (*DB, error) {
	s, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=10000")
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(1)
	if err := s.Ping(); err != nil {
		s.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &DB{sql: s, path: path}, nil
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
	w, err := zw.CreateHeader(&zip.FileHeader{Name: top + "/" + SumsFile, Method: zip.Deflate, Modified: now})
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
// SHA256SUMS (changed, missing and unlisted files are named), then the
// record as VerifyDir does, then the database copy: its journal's hash
// chain, and that the show it holds folds to the record the archive
// carries.
func VerifyArchive(zipPath string) (*VerifyReport, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", zipPath, err)
	}
	defer zr.Close()
	dir, err := os.MkdirTemp("", "drawshow-verify-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	r := &VerifyReport{}

	// the folder the archive keeps its files in: SHA256SUMS's
	top := ""
	var sumsFile *zip.File
	for _, f := range zr.File {
		if path.Base(f.Name) == SumsFile && !strings.Contains(path.Dir(f.Name), "/") {
			if sumsFile != nil {
				r.bad("the archive holds two %s files: %s and %s", SumsFile, sumsFile.Name, f.Name)
				continue
			}
			sumsFile, top = f, strings.TrimSuffix(f.Name, SumsFile)
		}
	}
	want := map[string]string{}
	if sumsFile == nil {
		r.bad("the archive has no %s: its files cannot be checked", SumsFile)
	} else if b, err := readZipFile(sumsFile); err != nil {
		r.bad("%s: %v", SumsFile, err)
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
			r.bad("%s is in the archive but not in %s: it was added", name, SumsFile)
		case w != sum:
			r.bad("%s: SHA-256 is %s but %s says %s: the file was changed", name, sum, SumsFile, w)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if !got[name] {
			r.bad("%s is listed in %s but missing from the archive", name, SumsFile)
		}
	}

	if _, err := os.Stat(filepath.Join(dir, RecordFile)); err != nil {
		r.bad("the archive has no %s: the picks cannot be re-derived", RecordFile)
		return r, nil
	}
	vr, err := VerifyDir(dir)
	if err != nil {
		r.bad("%v", err)
		return r, nil
	}
	r.Draws, r.Picks, r.Choices, r.SmallDraws = vr.Draws, vr.Picks, vr.Choices, vr.SmallDraws
	r.Problems = append(r.Problems, vr.Problems...)
	verifyArchivedDB(r, dir)
	return r, nil
}

// parseSums reads sha256sum's output: the hex digest, two spaces (or a
// space and a star) and the name.
func parseSums(r *VerifyReport, b []byte, want map[string]string) {
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, " ")
		name = strings.TrimPrefix(strings.TrimPrefix(name, " "), "*")
		if d, err := hex.DecodeString(sum); !ok || err != nil || len(d) != sha256.Size || name == "" {
			r.bad("%s line %d: %q is not a SHA-256 digest and a file name", SumsFile, i+1, line)
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

// verifyArchivedDB checks the database copy of an archive extracted to
// dir: the journal's hash chain, and the record of the archived show as
// the copy folds it against record.json.
func verifyArchivedDB(r *VerifyReport, dir string) {
	path := filepath.Join(dir, ArchiveDB)
	if _, err := os.Stat(path); err != nil {
		r.bad("the archive has no %s: the journal cannot be checked", ArchiveDB)
		return
	}
	db, err := OpenExisting(path)
	if err != nil {
		r.bad("%s: %v", ArchiveDB, err)
		return
	}
	defer db.Close()
	cr, err := db.VerifyChain()
	if err != nil {
		r.bad("%s: %v", ArchiveDB, err)
		return
	}
	r.Events, r.Head = cr.Events, cr.Head
	for _, p := range cr.Problems {
		r.bad("%s: journal %s", ArchiveDB, p)
	}
	b, err := os.ReadFile(filepath.Join(dir, RecordFile))
	if err != nil {
		r.bad("%v", err)
		return
	}
	var rec Record
	if err := json.Unmarshal(b, &rec); err != nil {
		r.bad("%s: %v", RecordFile, err)
		return
	}
	eng, err := db.Fold(rec.Show.ID)
	if err != nil {
		r.bad("%s: %v", ArchiveDB, err)
		return
	}
	fresh := newRecord(eng.Show, eng.State())
	if fresh.Journal, err = db.showHead(rec.Show.ID); err != nil {
		r.bad("%s: %v", ArchiveDB, err)
		return
	}
	for _, d := range diffJSON(&rec, fresh) {
		r.bad("%s and %s differ at %s", RecordFile, ArchiveDB, d)
	}
}

// diffJSON names the fields where two values differ as JSON, with both
// values: `draws[0].picks[1].outcome: "claimed" in record.json, "forfeit"
// in the database`.
func diffJSON(a, b any) []string {
	var ja, jb any
	for _, p := range []struct {
		v   any
		out *any
	}{{a, &ja}, {b, &jb}} {
		raw, err := json.Marshal(p.v)
		if err != nil {
			return []string{err.Error()}
		}
		if err := json.Unmarshal(raw, p.out); err != nil {
			return []string{err.Error()}
		}
	}
	var out []string
	var walk func(at string, x, y any)
	walk = func(at string, x, y any) {
		switch xv := x.(type) {
		case map[string]any:
			yv, ok := y.(map[string]any)
			if !ok {
				break
			}
			keys := map[string]bool{}
			for k := range xv {
				keys[k] = true
			}
			for k := range yv {
				keys[k] = true
			}
			for _, k := range slices.Sorted(maps.Keys(keys)) {
				walk(strings.TrimPrefix(at+"."+k, "."), xv[k], yv[k])
			}
			return
		case []any:
			yv, ok := y.([]any)
			if !ok {
				break
			}
			for i := range max(len(xv), len(yv)) {
				var xi, yi any
				if i < len(xv) {
					xi = xv[i]
				}
				if i < len(yv) {
					yi = yv[i]
				}
				walk(fmt.Sprintf("%s[%d]", at, i), xi, yi)
			}
			return
		}
		xs, _ := json.Marshal(x)
		ys, _ := json.Marshal(y)
		if !bytes.Equal(xs, ys) {
			out = append(out, fmt.Sprintf("%s: %s in %s, %s in the database", at, xs, RecordFile, ys))
		}
	}
	walk("", ja, jb)
	return out
}
