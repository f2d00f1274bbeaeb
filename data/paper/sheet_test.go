package paper_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

const sheetShow = `promotion: Summer Festivo Prize Splash
property: Montecasino
witness: each-draw
exclusions: lists/exclusions.csv
register: lists/register.csv
segments:
  - id: welcome
    kind: slide
    title: Welcome
  - id: early
    title: Early Draw
    at: "2024-12-20T19:00"
    entries: entries/early.csv
    proxies: lists/proxies.csv
    winners: 2
    prizes: ["R1 000"]
  - id: late
    title: Late Draw
    at: "2024-12-20T21:00"
    entries: entries/late.csv
    winners: 2
    prizes: ["R5 000", "R2 500"]
  - id: encore
    at: "2024-12-20T22:00"
    entries: entries/early.csv
`

// sheetFixture is a show whose late entry file and decline register are
// not there yet.
func sheetFixture(t *testing.T) *rig.Fixture {
	t.Helper()
	f := rig.NewFixture(t)
	f.Text = []byte(sheetShow)
	rig.Write(t, f.ShowPath, sheetShow)
	for name, text := range map[string]string{
		"entries/early.csv":    rig.Entries,
		"lists/exclusions.csv": "Card\nC5\n",
		"lists/proxies.csv":    "Card,Nominee,ID\nC2,Anna Botha,8001015009087\n",
	} {
		p := filepath.Join(f.Dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		rig.Write(t, p, text)
	}
	return f
}

func sumOf(t *testing.T, path string) (string, int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), int64(len(b))
}

// readSheet is SheetOf on a read-only handle of f's database.
func readSheet(t *testing.T, f *rig.Fixture, showID string) (*paper.Sheet, error) {
	t.Helper()
	db, err := store.OpenExisting(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	text, err := os.ReadFile(f.ShowPath)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := show.Parse(f.ShowPath, text)
	if err != nil {
		t.Fatal(err)
	}
	return paper.SheetOf(db, showID, sh, text)
}

func TestSheetOf(t *testing.T) {
	t.Parallel()
	f := sheetFixture(t)
	_, ss := f.Open(t)
	s, err := readSheet(t, f, "")
	if err != nil {
		t.Fatal(err)
	}
	o := ss.Eng.State().Opened
	if s.ShowID != ss.ID || s.Commitment != show.Commitment(rig.Seed) || s.Commitment != o.Commitment || !s.Rehearsal || !s.FixedSeed ||
		s.Promotion != "Summer Festivo Prize Splash" || s.Property != "Montecasino" || s.WitnessMode != "each-draw" || s.Algorithm != show.Algorithm {
		t.Errorf("the sheet's show: %+v", s)
	}
	if want := "2024-12-20"; s.Date.In(s.Location).Format(time.DateOnly) != want || s.Location.String() != "Africa/Johannesburg" {
		t.Errorf("the sheet's date %v in %v, want %s in the show's timezone", s.Date, s.Location, want)
	}
	if !s.OpenedAt.Equal(f.Clock) {
		t.Errorf("opened at %v, want %v", s.OpenedAt, f.Clock)
	}
	sum, size := sumOf(t, f.ShowPath)
	if !reflect.DeepEqual(s.ShowFile, paper.SheetFile{Name: "show.yaml", Size: size, SHA256: sum}) || sum != o.FileSHA256 {
		t.Errorf("the show file: %+v, want SHA-256 %s, %d bytes", s.ShowFile, sum, size)
	}
	file := func(name string, uses ...string) paper.SheetFile {
		sum, size := sumOf(t, filepath.Join(f.Dir, name))
		return paper.SheetFile{Name: name, Uses: uses, Size: size, SHA256: sum}
	}
	want := []paper.SheetFile{
		file("lists/exclusions.csv", "exclusions (whole show)"),
		{Name: "lists/register.csv", Uses: []string{"decline register (whole show)"}, Absent: "not present at open: its contents are recorded at import"},
		file("entries/early.csv", "entries of early, encore"),
		file("lists/proxies.csv", "proxy nominations of early"),
		{Name: "entries/late.csv", Uses: []string{"entries of late"}, Absent: paper.NotPresent},
	}
	if !reflect.DeepEqual(s.Files, want) {
		t.Errorf("files:\n got %+v\nwant %+v", s.Files, want)
	}
	at := func(hm string) time.Time {
		v, err := show.ParseLocal("2024-12-20T"+hm, s.Location)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	segs := []paper.SheetSegment{
		{ID: "welcome", Title: "Welcome", Kind: string(show.KindSlide)},
		{ID: "early", Title: "Early Draw", Kind: string(show.KindDraw), At: at("19:00"), Winners: 2, Prizes: "R1 000 each"},
		{ID: "late", Title: "Late Draw", Kind: string(show.KindDraw), At: at("21:00"), Winners: 2, Prizes: "R5 000, R2 500"},
		{ID: "encore", Title: "encore", Kind: string(show.KindDraw), At: at("22:00"), Winners: 1},
	}
	if len(s.Segments) != len(segs) {
		t.Fatalf("run sheet %+v, want %+v", s.Segments, segs)
	}
	for i, g := range s.Segments {
		if w := segs[i]; g.ID != w.ID || g.Title != w.Title || g.Kind != w.Kind || !g.At.Equal(w.At) || g.Winners != w.Winners || g.Prizes != w.Prizes {
			t.Errorf("run sheet line %d: %+v, want %+v", i, g, w)
		}
	}
	if s.Late != "" {
		t.Errorf("a sheet before the first draw is late: %s", s.Late)
	}

	// printed after the first freeze, it says so, and what the record
	// imported; a file changed since its import is named
	rig.Write(t, filepath.Join(f.Dir, "lists/register.csv"), "Card\nC3\n") // it arrives
	rig.Do(t, ss, show.OpNext)
	rig.Do(t, ss, show.OpDraw)
	rig.Write(t, filepath.Join(f.Dir, "entries/early.csv"), rig.Entries+"T7,C7,New Entry,ace\n")
	s, err = readSheet(t, f, "")
	if err != nil {
		t.Fatal(err)
	}
	frozen := ss.Eng.State().Seg("early").FrozenAt.In(s.Location).Format(time.DateTime)
	if want := "the bin of early was frozen at " + frozen; s.Late != want {
		t.Errorf("late %q, want %q", s.Late, want)
	}
	early := s.Files[2]
	if imported := ss.Eng.State().Seg("early").Loaded.SHA256; early.SHA256 == imported ||
		early.Note != "the entries of early already imported, with SHA-256 "+imported+": the file changed since" {
		t.Errorf("entries changed since their import: %+v", early)
	}
	if ex := s.Files[0]; ex.Note != "the exclusions already imported, with this hash" {
		t.Errorf("the exclusions as imported: %+v", ex)
	}
}

func TestSheetOfWhichShow(t *testing.T) {
	t.Parallel()
	f := sheetFixture(t)
	empty, err := store.Open(f.DBPath) // an empty campaign
	if err != nil {
		t.Fatal(err)
	}
	empty.Close()
	_, err = readSheet(t, f, "")
	for _, w := range []string{"no open show in " + f.DBPath + " was opened from " + f.ShowPath, "run the show first", "--headless --actions -"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("a show never opened: %v, want %q", err, w)
		}
	}

	db, rehearsal := f.Open(t)
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	night := func() time.Time { return sh.Advertised().Add(-time.Hour) } // an official show opens on its own night
	official, err := session.Open(db, sh, f.Text, session.Options{NoWitness: true, Clock: night, Wall: night})
	if err != nil {
		t.Fatal(err)
	}
	_, err = readSheet(t, f, "")
	if err == nil || !strings.Contains(err.Error(), "2 open shows were opened from "+f.ShowPath+": "+rehearsal.ID+" (rehearsal), "+official.ID+" (official); name the one to print (--show ID)") {
		t.Errorf("two open shows: %v", err)
	}
	for _, ss := range []*session.Session{rehearsal, official} {
		s, err := readSheet(t, f, ss.ID)
		if err != nil || s.ShowID != ss.ID || s.Rehearsal != (ss == rehearsal) || s.Commitment != ss.Eng.State().Opened.Commitment {
			t.Errorf("--show %s: %v %+v", ss.ID, err, s)
		}
	}
	if _, err := readSheet(t, f, "nonesuch"); err == nil || !strings.Contains(err.Error(), `no show "nonesuch"`) {
		t.Errorf("--show of no show: %v", err)
	}

	// closed, it is no longer open; changed, the file is not the one opened
	endShort(t, rehearsal)
	rig.Do(t, rehearsal, show.OpClose)
	if s, err := readSheet(t, f, ""); err != nil || s.ShowID != official.ID {
		t.Errorf("the one show still open: %v %+v", err, s)
	}
	if _, err := readSheet(t, f, rehearsal.ID); err == nil || !strings.Contains(err.Error(), "show "+rehearsal.ID+" is closed") {
		t.Errorf("--show of a closed show: %v", err)
	}
	rig.Write(t, f.ShowPath, sheetShow+"# edited\n")
	_, err = readSheet(t, f, "")
	if w := "show " + official.ID + " was opened from " + f.ShowPath + ", but the file changed since"; err == nil || !strings.Contains(err.Error(), w) {
		t.Errorf("a changed show file: %v, want %q", err, w)
	}
	if _, err := readSheet(t, f, official.ID); err == nil || !strings.Contains(err.Error(), "show "+official.ID+" was not opened from "+f.ShowPath+" as it is now") {
		t.Errorf("--show of a show opened from another text: %v", err)
	}
	rig.Write(t, f.ShowPath, sheetShow)
	endShort(t, official)
	rig.Do(t, official, show.OpClose)
	_, err = readSheet(t, f, "")
	if w := "show " + rehearsal.ID + ", opened from it, is closed; show " + official.ID + ", opened from it, is closed"; err == nil || !strings.Contains(err.Error(), w) {
		t.Errorf("every show of the file closed: %v, want %q", err, w)
	}
}

// endShort ends every draw of the show short, from the current segment
// to the last: a show closes only once none is left wanting.
func endShort(t *testing.T, ss *session.Session) {
	t.Helper()
	for {
		st := ss.Eng.State()
		if seg := st.CurSeg(); seg.Seg.Draws() && !seg.Done() {
			if _, err := ss.Do(show.Command{Op: show.OpSkip, Text: "not tonight"}, nil); err != nil {
				t.Fatal(err)
			}
		}
		if st = ss.Eng.State(); st.Cur+1 >= len(st.Segs) {
			return
		}
		rig.Do(t, ss, show.OpNext)
	}
}
