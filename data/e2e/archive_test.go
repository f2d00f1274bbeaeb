package e2e

import (
	"archive/zip"
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// archived plays the fixture's rehearsal to its close and archives it.
func archived(t *testing.T) (db *store.DB, ss *session.Session, zipPath string) {
	t.Helper()
	f := rig.ExportFixture(t)
	db, ss = rig.PlayExportShow(t, f, true)
	zipPath = filepath.Join(t.TempDir(), "show.zip")
	var steps []string
	total := 0
	if _, err := export.Archive(db, ss.ID, zipPath, func(step string, done, n int) {
		steps = append(steps, fmt.Sprintf("%s %d/%d", step, done, n))
		total = n
	}); err != nil {
		t.Fatal(err)
	}
	// the copy first, then the export from it, then the zip
	want := []string{"campaign.db 0/0", "reading the record 1/14", "bins/sat-cash.csv 2/14", "bins/members.csv 3/14", "show.yaml 4/14",
		"journal.jsonl 5/14", "people.json 6/14", "winners.csv 7/14", "winners.xlsx 8/14", "report.pdf 9/14", "collection.csv 10/14",
		"sms-contacts.csv 11/14", "record.json 12/14", "show.zip 14/14", "done 14/14"}
	if !slices.Equal(steps, want) || total != 14 {
		t.Errorf("progress %q, want %q", steps, want)
	}
	return db, ss, zipPath
}

func TestArchiveRoundTrip(t *testing.T) {
	t.Parallel()
	db, ss, zipPath := archived(t)
	r, err := export.VerifyArchive(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	chain, _ := db.VerifyChain()
	if len(r.Problems) > 0 || r.Files != 12 || r.Draws != 2 || r.Picks != 8 || r.Events != chain.Events || r.Head != chain.Head {
		t.Fatalf("verify of an untouched archive: %+v; the database has %d events up to %s", r, chain.Events, chain.Head)
	}
	names, files := rig.ZipFiles(t, zipPath)
	want := []string{"bins/members.csv", "bins/sat-cash.csv", record.ArchiveDB, record.CollectionFile, record.JournalFile, record.PeopleFile, record.RecordFile, record.ReportPDF, record.ShowFile, record.ContactsFile, record.WinnersCSV, record.WinnersXLSX, record.SumsFile}
	for i := range want {
		want[i] = ss.ID + "/" + want[i]
	}
	if !slices.Equal(names, want) {
		t.Errorf("archive holds %q, want %q", names, want)
	}
	// the export in the archive is the export of the database
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{record.RecordFile, record.ReportPDF, record.WinnersXLSX, record.CollectionFile, "bins/sat-cash.csv"} {
		b, _ := os.ReadFile(filepath.Join(out, n))
		if !bytes.Equal(b, files[ss.ID+"/"+n]) {
			t.Errorf("%s in the archive is not the export's", n)
		}
	}
	// the copy stands alone and holds the journal
	dir := t.TempDir()
	for n, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := sql.Open("sqlite3", "file:"+filepath.Join(dir, ss.ID, record.ArchiveDB)+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var mode string
	var events int
	raw.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	raw.QueryRow(`SELECT COUNT(*) FROM journal`).Scan(&events)
	raw.Close()
	if mode != "delete" || events != chain.Events {
		t.Errorf("the database copy: journal mode %q, %d events; want delete and %d", mode, events, chain.Events)
	}
	// sha256sum reads SHA256SUMS as it writes it
	if sum, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command(sum, "--check", "--strict", record.SumsFile)
		cmd.Dir = filepath.Join(dir, ss.ID)
		if out, err := cmd.CombinedOutput(); err != nil || strings.Count(string(out), ": OK\n") != 12 {
			t.Errorf("sha256sum --check: %v\n%s", err, out)
		}
	}
}

func TestTamperedArchiveRefused(t *testing.T) {
	t.Parallel()
	db, ss, zipPath := archived(t)
	st := ss.Eng.State()
	forfeit := st.Seg("sat-cash").Picks[3]
	if forfeit.Outcome != show.Forfeit {
		t.Fatalf("fixture: pick 3 is %s", forfeit.Outcome)
	}
	fp := st.Seg("sat-cash").Frozen.Fingerprint
	// a bin's line for a ticket nobody picked
	var line string
	for _, e := range st.Seg("sat-cash").Bin.Entries {
		if !slices.ContainsFunc(st.Seg("sat-cash").Picks, func(p show.Pick) bool { return p.Participant == e.Participant }) {
			line = e.Ticket + "," + e.Participant + ",1\n"
			break
		}
	}
	twice := func(b []byte) []byte {
		return bytes.Replace(b, []byte(line), []byte(strings.Replace(line, ",1\n", ",2\n", 1)), 1)
	}
	// the journal of the database copy, edited with its trigger dropped
	editedDB := func(b []byte) []byte {
		p := filepath.Join(t.TempDir(), "c.db")
		os.WriteFile(p, b, 0o644)
		raw, err := sql.Open("sqlite3", "file:"+p)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{`DROP TRIGGER journal_no_update`,
			`UPDATE journal SET payload = replace(payload, '"outcome":"forfeit"', '"outcome":"claimed"') WHERE kind = 'pick-decided'`} {
			if _, err := raw.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		raw.Close()
		out, _ := os.ReadFile(p)
		return out
	}
	var decided int64
	rig.RawSQL(t, db).QueryRow(`SELECT seq FROM journal WHERE kind = 'pick-decided' AND payload LIKE '%"outcome":"forfeit"%'`).Scan(&decided)

	for _, tc := range []struct {
		name  string
		edit  func(name string, b []byte) []byte
		extra map[string][]byte
		sums  bool
		want  []string
	}{
		{"a byte of a bin", func(n string, b []byte) []byte {
			if n == "bins/sat-cash.csv" {
				return twice(b)
			}
			return b
		}, nil, false, []string{"bins/sat-cash.csv: SHA-256 is ", "the file was changed", "sat-cash: the bin file has fingerprint ", "the journal says " + fp + ": the bin file was changed"}},
		{"a byte of a bin, SHA256SUMS made again", func(n string, b []byte) []byte {
			if n == "bins/sat-cash.csv" {
				return twice(b)
			}
			return b
		}, nil, true, []string{"sat-cash: the bin file has fingerprint ", "the journal says " + fp}},
		{"record.json", func(n string, b []byte) []byte {
			if n == record.RecordFile {
				return bytes.Replace(b, []byte(`"outcome": "forfeit"`), []byte(`"outcome": "claimed"`), 1)
			}
			return b
		}, nil, false, []string{"record.json: SHA-256 is ", "record.json and campaign.db differ at draw sat-cash, pick 4, outcome: \"claimed\" in record.json, \"forfeit\" in the database"}},
		{"record.json, SHA256SUMS made again", func(n string, b []byte) []byte {
			if n == record.RecordFile {
				return bytes.Replace(b, []byte(`"outcome": "forfeit"`), []byte(`"outcome": "claimed"`), 1)
			}
			return b
		}, nil, true, []string{"record.json and campaign.db differ at draw sat-cash, pick 4, outcome"}},
		{"a byte of the database", func(n string, b []byte) []byte {
			if n == record.ArchiveDB {
				b = bytes.Clone(b)
				i := bytes.Index(b, []byte(`"outcome":"forfeit"`))
				if i < 0 {
					t.Fatal("the database copy has no forfeit")
				}
				copy(b[i:], `"outcome":"claimed"`)
			}
			return b
		}, nil, false, []string{"campaign.db: SHA-256 is ", "the file was changed", fmt.Sprintf("campaign.db: seq %d (pick-decided): content does not match its hash", decided)}},
		{"the database's journal, SHA256SUMS made again", func(n string, b []byte) []byte {
			if n == record.ArchiveDB {
				return editedDB(b)
			}
			return b
		}, nil, true, []string{fmt.Sprintf("campaign.db: seq %d (pick-decided): content does not match its hash: the row was edited", decided),
			// the claimed forfeit keeps the forfeit's reason, which a claim
			// never has: the fold refuses it
			fmt.Sprintf("seq %d pick-decided says", decided), "but the rules decide"}},
		{"a missing file", func(n string, b []byte) []byte {
			if n == record.ReportPDF {
				return nil
			}
			return b
		}, nil, false, []string{"report.pdf is listed in SHA256SUMS but missing from the archive"}},
		{"a missing bin, SHA256SUMS made again", func(n string, b []byte) []byte {
			if n == "bins/members.csv" {
				return nil
			}
			return b
		}, nil, true, []string{"bins/members.csv is missing from the export"}},
		{"an added file", nil, map[string][]byte{"notes.txt": []byte("hello")}, false, []string{"notes.txt is in the archive but not in SHA256SUMS: it was added"}},
		{"no SHA256SUMS", func(n string, b []byte) []byte { return b }, nil, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := rig.Rewrite(t, zipPath, tc.edit, tc.extra, tc.sums)
			if tc.name == "no SHA256SUMS" {
				p = rig.Rewrite(t, zipPath, nil, nil, false)
				p = dropSums(t, p)
				tc.want = []string{"the archive has no SHA256SUMS: its files cannot be checked"}
			}
			r, err := export.VerifyArchive(p)
			if err != nil {
				t.Fatal(err)
			}
			all := strings.Join(r.Problems, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("no problem says %q:\n%s", w, all)
				}
			}
			if len(r.Problems) == 0 {
				t.Error("a tampered archive was accepted")
			}
		})
	}
	t.Run("untouched copy", func(t *testing.T) {
		r, err := export.VerifyArchive(rig.Rewrite(t, zipPath, nil, nil, false))
		if err != nil || len(r.Problems) > 0 {
			t.Errorf("%+v, %v", r, err)
		}
	})
}

// dropSums removes SHA256SUMS from an archive.
func dropSums(t *testing.T, p string) string {
	t.Helper()
	names, files := rig.ZipFiles(t, p)
	out := filepath.Join(t.TempDir(), "nosums.zip")
	f, _ := os.Create(out)
	zw := zip.NewWriter(f)
	for _, n := range names {
		if path.Base(n) == record.SumsFile {
			continue
		}
		w, _ := zw.Create(n)
		w.Write(files[n])
	}
	zw.Close()
	f.Close()
	return out
}

// TestArchiveWhileThePresenterWrites: another connection keeps committing
// to an open show of the same database while a show is archived; the
// archive is a consistent snapshot and verifies.
func TestArchiveWhileThePresenterWrites(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	// the presenter: a second show on its own connection
	other, err := store.Open(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	text := append([]byte("# the next night\n"), f.Text...)
	sh, err := show.Parse(f.ShowPath, text)
	if err != nil {
		t.Fatal(err)
	}
	clock := f.Clock
	live, err := session.Open(other, sh, text, session.Options{Rehearsal: true, Seed: rig.Seed, Clock: func() time.Time { return clock }, Wall: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	var commits atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := live.Do(show.Command{Op: show.OpLoad, Lists: &show.Lists{Register: []string{"C99"}}}, nil); err != nil {
				t.Error(err)
				return
			}
			commits.Add(1)
		}
	}()
	for commits.Load() < 3 {
		time.Sleep(time.Millisecond)
	}
	var paths []string
	for i := range 3 {
		p := filepath.Join(t.TempDir(), fmt.Sprintf("a%d.zip", i))
		if _, err := export.Archive(db, ss.ID, p, nil); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	close(stop)
	wg.Wait()
	for _, p := range paths {
		r, err := export.VerifyArchive(p)
		if err != nil || len(r.Problems) > 0 {
			t.Errorf("%s: %+v, %v", filepath.Base(p), r, err)
		}
	}
	t.Logf("%d commits by the other connection during the archives", commits.Load())
}

// TestArchiveIntoOddFolder: the archive's database copy goes beside --out,
// whose folder may hold any character a name may: none is read as URI.
func TestArchiveIntoOddFolder(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	for _, name := range []string{"draw#3", "mem?mode=memory#", "100%", "a b Zoë"} {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		zipPath := filepath.Join(dir, "show.zip")
		if _, err := export.Archive(db, ss.ID, zipPath, nil); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := export.VerifyArchive(zipPath)
		if err != nil || len(r.Problems) > 0 {
			t.Fatalf("%s: verify: %v %q", name, err, r.Problems)
		}
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			t.Errorf("%s holds %v beside the archive", name, ents)
		}
	}
}

// TestArchiveCarriesNoUnrevealedSeed: an archive of one closed show while
// another is open holds no seed but the closed show's; an archive of the
// open show holds none. Not a byte of an unrevealed seed is in the copy.
func TestArchiveCarriesNoUnrevealedSeed(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, closed := rig.PlayExportShow(t, f, true)
	text := strings.Replace(rig.ExportShow, "promotion: ", "promotion: Second ", 1)
	rig.Write(t, filepath.Join(f.Dir, "second.yaml"), text)
	sh, err := show.Parse(filepath.Join(f.Dir, "second.yaml"), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	open, err := session.Open(db, sh, []byte(text), session.Options{NoWitness: true, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := open.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		t.Fatal(err)
	}
	openSeed, err := db.Seed(open.ID)
	if err != nil {
		t.Fatal(err)
	}
	closedSeed, _ := db.Seed(closed.ID)
	for _, c := range []struct {
		id   string
		keep []byte // the one seed the copy may hold
	}{{closed.ID, closedSeed}, {open.ID, nil}} {
		zipPath := filepath.Join(t.TempDir(), "a.zip")
		if _, err := export.Archive(db, c.id, zipPath, nil); err != nil {
			t.Fatal(err)
		}
		_, files := rig.ZipFiles(t, zipPath)
		cp := files[c.id+"/"+record.ArchiveDB]
		if bytes.Contains(cp, openSeed) {
			t.Errorf("the archive of %s holds the open show's seed", c.id)
		}
		if (c.keep != nil) != bytes.Contains(cp, closedSeed) {
			t.Errorf("the archive of %s: holds the closed show's seed %v, want %v", c.id, bytes.Contains(cp, closedSeed), c.keep != nil)
		}
		r, err := export.VerifyArchive(zipPath)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if c.id == open.ID {
			want = 1 // its own seed is not revealed: its picks are not proven yet
		}
		if len(r.Problems) != want {
			t.Errorf("verify of the archive of %s: %q", c.id, r.Problems)
		}
	}
}
