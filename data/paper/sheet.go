package paper

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// OpenedFrom finds the open show that was opened from the show file sh
// whose text is text: the show whose recorded show-file SHA-256 is that of
// text and that is not closed. showID, when not empty, names it; it must
// then be such a show. With none, or with two (a rehearsal and an
// official show of the same file) and no showID, the error says what to do.
func OpenedFrom(db *store.DB, sh *show.Show, text []byte, showID string) (*store.ShowRow, error) {
	sum := sha256.Sum256(text)
	fileSHA := hex.EncodeToString(sum[:])
	abs, _ := filepath.Abs(sh.Path)
	shows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var open, closed, changed []*store.ShowRow
	for i := range shows {
		s := &shows[i]
		switch {
		case s.FileSHA256 == fileSHA && !s.Closed:
			open = append(open, s)
		case s.FileSHA256 == fileSHA:
			closed = append(closed, s)
		case s.File == abs && !s.Closed:
			changed = append(changed, s)
		}
	}
	if showID != "" {
		s, err := db.Show(showID)
		if err != nil {
			return nil, err
		}
		switch {
		case s.FileSHA256 != fileSHA:
			return nil, fmt.Errorf("show %s was not opened from %s as it is now: the show file it was opened from has SHA-256 %s, this one %s", s.ID, sh.Path, s.FileSHA256, fileSHA)
		case s.Closed:
			return nil, fmt.Errorf("show %s is closed: a pre-show sheet is for an open show, before its first draw", s.ID)
		}
		return s, nil
	}
	switch len(open) {
	case 1:
		return open[0], nil
	case 0:
		var why []string
		for _, s := range closed {
			why = append(why, fmt.Sprintf("show %s, opened from it, is closed", s.ID))
		}
		for _, s := range changed {
			why = append(why, fmt.Sprintf("show %s was opened from %s, but the file changed since (SHA-256 then %s, now %s)", s.ID, s.File, s.FileSHA256, fileSHA))
		}
		msg := fmt.Sprintf("no open show in %s was opened from %s (SHA-256 %s)", db.Path(), sh.Path, fileSHA)
		if len(why) > 0 {
			msg += ": " + strings.Join(why, "; ")
		}
		return nil, fmt.Errorf("%s. The sheet is printed once the show is opened: run the show first, on stage or headless with no actions, which only opens it (drawshow run %s --db %s --headless --actions - </dev/null), then print the sheet before the first draw",
			msg, sh.Path, db.Path())
	}
	var names []string
	for _, s := range open {
		kind := "official"
		if s.Rehearsal {
			kind = "rehearsal"
		}
		names = append(names, fmt.Sprintf("%s (%s)", s.ID, kind))
	}
	return nil, fmt.Errorf("%d open shows were opened from %s: %s; name the one to print (--show ID)", len(open), sh.Path, strings.Join(names, ", "))
}

// SheetOf fills the pre-show sheet of the open show that was opened from
// the show file sh with text (see OpenedFrom; showID may name it): the
// record's commitment, status and witness, the run sheet, and the SHA-256
// and size of every list and entry file the show file names that is on
// disk now, each named relative to the show file. It only reads: the
// database and the files.
func SheetOf(db *store.DB, showID string, sh *show.Show, text []byte) (*Sheet, error) {
	row, err := OpenedFrom(db, sh, text, showID)
	if err != nil {
		return nil, err
	}
	eng, err := db.Fold(row.ID)
	if err != nil {
		return nil, err
	}
	st := eng.State()
	o := st.Opened
	if o == nil {
		return nil, fmt.Errorf("show %s: the journal has no show-opened event", row.ID)
	}
	s := &Sheet{
		ShowID:    row.ID,
		Promotion: o.Promotion,
		Property:  o.Property,
		Date:      st.OpenedAt,
		Location:  sh.Location,
		OpenedAt:  st.OpenedAt,
		Rehearsal: o.Rehearsal,
		FixedSeed: o.FixedSeed,
		Algorithm: o.Algorithm,
		// the show file's, default open: its text is the one recorded
		WitnessMode: string(sh.Witness),
		AuditorKey:  auditorKey(sh),
		Commitment:  o.Commitment,
		Witness:     st.Witness(),
		Unwitnessed: record.Unwitnessed(st, sh.Location),
		ShowFile:    SheetFile{Name: o.File, Size: int64(len(text)), SHA256: o.FileSHA256},
		Postponed:   sh.Postponed,
		Assumptions: assumptions(sh),
	}
	if o.Rules >= 2 {
		s.WallClock, s.Run = o.WallClock, record.RunWords(o)
	}
	dated := false
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		if !seg.At.IsZero() && !dated {
			s.Date, dated = seg.At, true
		}
		g := SheetSegment{ID: seg.ID, Title: seg.Title, Kind: string(seg.Kind), At: seg.At, Prizes: prizeWords(sh, seg)}
		if seg.Draws() || seg.Numbers() {
			g.Winners = seg.Winners
		}
		s.Segments = append(s.Segments, g)
	}
	var first *show.SegState
	for _, g := range st.Segs {
		if g.Frozen != nil && (first == nil || g.FrozenAt.Before(first.FrozenAt)) {
			first = g
		}
	}
	if first != nil {
		s.Late = fmt.Sprintf("the bin of %s was frozen at %s", first.Seg.ID, first.FrozenAt.In(sh.Location).Format(time.DateTime))
	}
	s.Files = sheetFiles(sh, st)
	return s, nil
}

// sheetFiles lists the lists and entry files sh names, each once, in the
// order the show file names them, hashed as they are on disk now.
func sheetFiles(sh *show.Show, st *show.State) []SheetFile {
	type named struct {
		path    string
		uses    []string
		entries []string // the segments whose entries it is
		selects []string // the segments whose selection it is
		list    bool     // exclusions, whose hash the record holds
		content bool     // a register or proxies list, whose contents the record holds
	}
	var files []*named
	byPath := map[string]*named{}
	add := func(path, use string, f func(*named)) {
		if path == "" {
			return
		}
		n := byPath[path]
		if n == nil {
			n = &named{path: path}
			byPath[path] = n
			files = append(files, n)
		}
		if !slices.Contains(n.uses, use) {
			n.uses = append(n.uses, use)
		}
		f(n)
	}
	for _, path := range sh.Exclusions {
		add(path, "exclusions (whole show)", func(n *named) { n.list = true })
	}
	add(sh.Register, "decline register (whole show)", func(n *named) { n.content = true })
	add(sh.Proxies, "proxy nominations (whole show)", func(n *named) { n.content = true })
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		add(seg.Entries, "entries of "+seg.ID, func(n *named) { n.entries = append(n.entries, seg.ID) })
		add(seg.Register, "decline register of "+seg.ID, func(n *named) { n.content = true })
		add(seg.Proxies, "proxy nominations of "+seg.ID, func(n *named) { n.content = true })
		// another system's choice, once it is known: the picks are taken
		// from it in order, so the sheet holds it to its hash
		add(seg.Selected, "selection of "+seg.ID, func(n *named) { n.content, n.selects = true, append(n.selects, seg.ID) })
	}
	out := make([]SheetFile, 0, len(files))
	for _, n := range files {
		f := SheetFile{Name: sh.Rel(n.path), Uses: mergeUses(n.uses)}
		var err error
		f.SHA256, f.Size, err = hashFile(n.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			f.Absent = NotPresent
			if len(n.entries) == 0 && !n.list {
				f.Absent = "not present at open: its contents are recorded at import"
			}
		case err != nil:
			f.Absent = "cannot be read now: " + err.Error()
		}
		f.Note = importNote(st, n.list, f.Name, n.entries, n.selects, f.SHA256)
		out = append(out, f)
	}
	return out
}

// mergeUses joins "entries of a", "entries of b" into "entries of a, b".
func mergeUses(uses []string) []string {
	var out []string
	at := map[string]int{}
	for _, u := range uses {
		head, id, ok := strings.Cut(u, " of ")
		if !ok {
			out = append(out, u)
			continue
		}
		if i, seen := at[head]; seen {
			out[i] += ", " + id
			continue
		}
		at[head] = len(out)
		out = append(out, u)
	}
	return out
}

// importNote says how a file stands against what the record already
// imported of it, if anything: a sheet printed late.
func importNote(st *show.State, exclusions bool, name string, entries, selects []string, sum string) string {
	var notes []string
	if l := st.Lists; exclusions && l != nil && l.ExclusionsSHA256 != "" {
		notes = append(notes, importedAs("the exclusions", l.ExclusionsSHA256, sum))
	} else if exclusions && l != nil {
		for _, x := range l.ExclusionLists {
			if x.File == name {
				notes = append(notes, importedAs("the exclusions", x.SHA256, sum))
			}
		}
	}
	for _, id := range entries {
		if g := st.Seg(id); g != nil && g.Loaded != nil {
			notes = append(notes, importedAs("the entries of "+id, g.Loaded.SHA256, sum))
		}
	}
	for _, id := range selects {
		if g := st.Seg(id); g != nil && len(g.Selections) > 0 {
			notes = append(notes, importedAs("the selection of "+id, g.Selections[0].SHA256, sum))
		}
	}
	return strings.Join(notes, "; ")
}

func importedAs(what, recorded, now string) string {
	switch now {
	case recorded:
		return what + " already imported, with this hash"
	case "":
		return fmt.Sprintf("%s already imported, with SHA-256 %s", what, recorded)
	}
	return fmt.Sprintf("%s already imported, with SHA-256 %s: the file changed since", what, recorded)
}

// hashFile is the SHA-256 and size of the file at path, read once.
func hashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// prizeWords is a segment's prizes in words for the run sheet.
func prizeWords(sh *show.Show, seg *show.Segment) string {
	var parts []string
	switch ps := seg.Prizes; {
	case len(ps) > 1 && !slices.ContainsFunc(ps, func(p string) bool { return p != ps[0] }):
		parts = append(parts, ps[0]+" each")
	case len(ps) > 0:
		parts = append(parts, strings.Join(ps, ", "))
	}
	if j := seg.Jackpot; j != nil {
		parts = append(parts, fmt.Sprintf("jackpot %s, else %s", j.Name, show.Money(sh.Currency, j.Consolation)))
	}
	if b := seg.Bonus; b != nil && len(b.Envelopes) > 0 {
		parts = append(parts, "envelopes "+strings.Join(b.Envelopes, ", "))
	}
	return strings.Join(parts, "; ")
}

// WriteSheet writes the pre-show sheet of the session's show to path, as
// the stage offers it on its opening screen.
func WriteSheet(ss *session.Session, path string) error {
	row, err := ss.DB.Show(ss.ID)
	if err != nil {
		return err
	}
	sheet, err := SheetOf(ss.DB, ss.ID, ss.Eng.Show, row.FileText)
	if err != nil {
		return err
	}
	return WriteSheetPDF(path, *sheet)
}

// auditorKey is the show file's auditor_key as the sheet prints it; ""
// when it names none.
func auditorKey(sh *show.Show) string {
	if sh.AuditorKey.IsZero() {
		return ""
	}
	return sh.AuditorKey.String()
}
