package paper

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"drawshow/data/internal/pdfpage"
	"drawshow/show"
)

// Sheet is what the pre-show sheet prints: the anchors on paper that the
// independent auditor signs before the first draw. The caller fills it
// (SheetOf does, from the record and the files on disk); the
// writer only lays it out.
type Sheet struct {
	ShowID    string
	Promotion string
	Property  string
	Date      time.Time      // the show's day: its first scheduled segment, else when it opened
	Location  *time.Location // the show's timezone; every time on the sheet is in it
	OpenedAt  time.Time      // also the PDF's creation date, so one record gives one file
	Rehearsal bool
	// Postponed is the night the show moved from and why (rule 84); nil
	// when it did not move.
	Postponed *show.Postponed
	// WallClock is the machine's clock when the show opened, Run how it
	// ran ("headless, machine's clock"): zero and "" in a record from
	// before rules edition 2.
	WallClock time.Time
	Run       string
	// FixedSeed: the seed was given with --seed (a rehearsal's, for tests
	// and training), not drawn from crypto/rand.
	FixedSeed bool
	Algorithm string
	// Commitment is C = hex(SHA-256(S)), recorded when the show opened.
	Commitment string
	// WitnessMode is the show file's witness mode ("open" or
	// "each-draw"); "" leaves the line out.
	WitnessMode string
	// AuditorKey is the auditor's public key as the show file names it;
	// "" when it names none.
	AuditorKey string
	// Witness is W, typed at open; "" when none is given yet.
	Witness string
	// Unwitnessed says the operator typed that the show goes on with no
	// independent witness; "" when not.
	Unwitnessed string
	// ShowFile is the show file: its name as the record holds it, its
	// size and the SHA-256 of its text.
	ShowFile SheetFile
	// Files are the lists and entry files the show file names, each once.
	Files    []SheetFile
	Segments []SheetSegment
	// Assumptions are what the show file decides where the terms are
	// blank, which the promotions manager signs as their reading of them
	Assumptions []SheetAssumption
	// Late, when not empty, says that the sheet is printed after the
	// first bin was frozen (which and when): it is then no pre-show
	// anchor, and it says so on its first page.
	Late string
}

// SheetFile is a file the show file names, as it is on disk when the
// sheet is made.
type SheetFile struct {
	Name   string   // relative to the show file's folder, with /
	Uses   []string // what it is to the show: "exclusions (whole show)", "entries of sat-cash"…
	Size   int64
	SHA256 string // hex; "" when the file could not be hashed
	// Absent says why there is no hash, when SHA256 is "": "not present
	// at open: its hash is recorded at import", or why it could not be read.
	Absent string
	// Note is anything more: how it stands against its import, if any.
	Note string
}

// SheetSegment is one item of the run sheet.
type SheetSegment struct {
	ID, Title, Kind string
	At              time.Time // zero when not scheduled
	Winners         int       // 0 for a segment that draws none
	Prizes          string    // in words: "R5 000 each", "R10 000, R5 000, R2 000"
}

// Words of the sheet that its readers (and tests) look for.
const (
	SheetOfficial  = "OFFICIAL"
	SheetRehearsal = "REHEARSAL"
	// NotPresent is said of a list or entry file that is not on disk when
	// the sheet is made: its hash goes into the record when it is imported,
	// before its bin freezes, and the report prints it.
	NotPresent = "not present at open: its hash is recorded at import"
)

// sheetPDF lays out the sheet.
type sheetPDF struct {
	pdfpage.Page
	s *Sheet
}

// WriteSheetPDF writes the pre-show sheet to path, an A4 PDF: the show, its
// status (OFFICIAL or REHEARSAL, large), the commitment in full and in
// groups of four, the show file's hash, the hash and size of every list
// and entry file present, the run sheet with its times, and signature
// lines for the independent auditor and the promotions manager. The same
// sheet gives the same file, byte for byte. The file is written beside
// path and renamed into place, so a kill leaves no half sheet.
func WriteSheetPDF(path string, s Sheet) error {
	if s.Location == nil {
		s.Location = time.UTC
	}
	pg := pdfpage.New(fmt.Sprintf("%s, %s: pre-show sheet, show %s", s.Promotion, s.Property, s.ShowID), sheetStatus(&s), s.OpenedAt)
	p := pg.P
	w := &sheetPDF{Page: pg, s: &s}
	p.SetHeaderFunc(w.header)
	p.SetFooterFunc(w.footer)

	p.AddPage()
	w.cover()
	w.commitment()
	w.files()
	w.runSheet()
	w.assumptions()
	w.signatures()
	if err := p.Error(); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		return err
	}
	return writeWhole(path, buf.Bytes())
}

// writeWhole writes b to a file beside path, syncs it and renames it to path.
func writeWhole(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func sheetStatus(s *Sheet) string {
	if s.Rehearsal {
		return "REHEARSAL - NOT AN OFFICIAL RESULT"
	}
	return "OFFICIAL SHOW"
}

// Group4 writes a hex string in groups of four characters, for reading
// aloud and comparing by eye: "f97a a653 4016 …".
func Group4(h string) string {
	var b strings.Builder
	for i := 0; i < len(h); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(h[i:min(i+4, len(h))])
	}
	return b.String()
}

func (w *sheetPDF) header() {
	p, s := w.P, w.s
	p.SetXY(pdfpage.Margin, 8)
	w.Font("B", 10)
	if s.Rehearsal {
		p.SetFillColor(192, 0, 0)
		p.SetTextColor(255, 255, 255)
		w.Cell(pdfpage.BodyW, 7, sheetStatus(s), "", 1, "C", true)
	} else {
		p.SetTextColor(55, 86, 35)
		w.Cell(pdfpage.BodyW, 7, sheetStatus(s), "", 1, "C", false)
	}
	w.RunningHead(fmt.Sprintf("%s, %s", s.Promotion, s.Property), "pre-show sheet, show "+s.ShowID)
}

func (w *sheetPDF) footer() {
	s := w.s
	w.RunningFoot(fmt.Sprintf("drawshow pre-show sheet, show %s, commitment %s…", s.ShowID, s.Commitment[:min(16, len(s.Commitment))]), 0.75, s.Rehearsal)
	if s.Rehearsal {
		w.Watermark(SheetRehearsal) // last on the page: nothing after it loses a word
	}
}

func (w *sheetPDF) local(t time.Time, layout string) string {
	if t.IsZero() {
		return ""
	}
	return t.In(w.s.Location).Format(layout)
}

func (w *sheetPDF) cover() {
	p, s := w.P, w.s
	w.H1("Pre-show sheet")
	w.Font("", 12)
	w.MultiCell(pdfpage.BodyW, 6, pdfpage.Clean(fmt.Sprintf("%s, %s", s.Promotion, s.Property)), "", "L", false)
	w.Font("", 11)
	// the night in words with its zone: a show set in the wrong zone for
	// its property (Etc/GMT+12 for Johannesburg) is seen before it opens
	w.MultiCell(pdfpage.BodyW, 6, pdfpage.Clean(w.local(s.Date, "Monday 2 January 2006")+", "+s.Location.String()), "", "L", false)
	if pp := s.Postponed; pp != nil {
		w.Font("B", 11)
		p.SetTextColor(192, 0, 0)
		w.MultiCell(pdfpage.BodyW, 6, pdfpage.Clean("Postponed from "+w.local(pp.From, "Monday 2 January 2006 15:04")+": "+pp.Reason), "", "L", false)
		p.SetTextColor(0, 0, 0)
	}
	p.Ln(3)

	// the status, large: nobody mistakes a rehearsal's sheet for a show's
	w.Font("B", 30)
	if s.Rehearsal {
		p.SetTextColor(192, 0, 0)
		w.Cell(pdfpage.BodyW, 13, SheetRehearsal, "", 1, "L", false)
		w.Font("B", 10.5)
		w.MultiCell(pdfpage.BodyW, 5.2, "This show is a rehearsal. Its picks are for training and testing and are never an official result.", "", "L", false)
	} else {
		p.SetTextColor(55, 86, 35)
		w.Cell(pdfpage.BodyW, 13, SheetOfficial, "", 1, "L", false)
		w.Font("B", 10.5)
		w.MultiCell(pdfpage.BodyW, 5.2, "This show is official: its draws decide the promotion's winners.", "", "L", false)
	}
	p.SetTextColor(0, 0, 0)
	p.Ln(2)
	if s.Late != "" {
		p.SetTextColor(192, 0, 0)
		w.Font("B", 10)
		w.MultiCell(pdfpage.BodyW, 5, pdfpage.Clean("Printed after the first draw began ("+s.Late+"): this sheet was not made before the first draw and is no pre-show anchor."), "", "L", false)
		p.SetTextColor(0, 0, 0)
		p.Ln(2)
	}
	w.Text("For the independent auditor and the promotions manager to sign before the first draw. " +
		"It fixes on paper what the record held when the show was opened: the commitment to the show's secret seed, " +
		"and the show file and the lists and entry files as they were. After the show, the draw report prints the same " +
		"commitment and the SHA-256 of each entry file as it was imported, and the journal (journal.jsonl of the export) " +
		"records every file as it was read. Any difference is to be explained. " +
		"\"drawshow verify --commitment C\" holds an export, an archive or a database to the commitment below, " +
		"and \"--anchor SEQ:HEX\" to each chain head printed on a winners board and in the report.")
	p.Ln(2)
	w.KV("Show", s.ShowID, false)
	w.KV("Opened", w.local(s.OpenedAt, time.DateTime)+" ("+s.Location.String()+")", false)
	if !s.WallClock.IsZero() {
		w.KV("Machine's clock", w.local(s.WallClock, time.DateTime)+" at open; "+s.Run, false)
	}
	w.KV("Algorithm", s.Algorithm, false)
	if s.FixedSeed {
		w.KV("Seed", "fixed with --seed, not drawn at random: whoever knows it can foresee every pick (a rehearsal's, for tests and training)", false)
	} else {
		w.KV("Seed", "32 bytes from crypto/rand, drawn when the show opened; secret until it closes", false)
	}
	switch s.WitnessMode {
	case "":
	case "open":
		w.KV("Witness mode", "open: the witness W, typed at show open after the commitment is shown, keys every draw", false)
	case "each-draw":
		w.KV("Witness mode", "each-draw: besides W, the auditor types a draw witness W_d after each bin is frozen, and it keys that segment's draws", false)
	default:
		w.KV("Witness mode", s.WitnessMode, false)
	}
	if s.AuditorKey != "" {
		w.KV("Auditor's key", s.AuditorKey, true)
	}
	if s.Witness != "" {
		w.KV("Witness W", s.Witness, false)
	} else if s.Unwitnessed != "" {
		w.KV("Witness W", s.Unwitnessed, false)
	} else {
		w.KV("Witness W", "none given yet", false)
	}
}

func (w *sheetPDF) commitment() {
	p, s := w.P, w.s
	w.H2("Commitment")
	w.Text("C = hex(SHA-256(S)), S the show's secret seed, drawn when the show opened and revealed only when it closes.")
	p.Ln(1)
	w.KV("Commitment C", s.Commitment, true)
	p.Ln(1)
	w.Room(16)
	y := p.GetY()
	w.Font("B", 9)
	w.Cell(pdfpage.LabelW, 6, "In groups of four", "", 0, "L", false)
	p.SetXY(pdfpage.Margin+pdfpage.LabelW, y)
	w.Mono(12)
	g := strings.Fields(Group4(s.Commitment))
	for len(g) > 0 {
		n := min(8, len(g))
		p.SetX(pdfpage.Margin + pdfpage.LabelW)
		w.Cell(pdfpage.BodyW-pdfpage.LabelW, 6, strings.Join(g[:n], " "), "", 1, "L", false)
		g = g[n:]
	}
}

func (w *sheetPDF) file(label string, f SheetFile) {
	p := w.P
	w.Room(3 * pdfpage.LineH)
	y := p.GetY()
	w.Font("B", 9)
	w.Cell(pdfpage.LabelW, pdfpage.LineH, pdfpage.Clean(label), "", 0, "L", false)
	p.SetXY(pdfpage.Margin+pdfpage.LabelW, y)
	w.Font("B", 9.5)
	size := ""
	if f.SHA256 != "" {
		size = show.Thousands(f.Size) + " bytes"
	}
	w.Cell(pdfpage.BodyW-pdfpage.LabelW-32, pdfpage.LineH, pdfpage.Clean(f.Name), "", 0, "L", false)
	w.Font("", 9.5)
	w.Cell(32, pdfpage.LineH, size, "", 1, "R", false)
	if len(f.Uses) > 0 {
		w.KV("", strings.Join(f.Uses, "; "), false)
	}
	if f.SHA256 != "" {
		w.KV("SHA-256", f.SHA256, true)
	} else {
		w.KV("SHA-256", f.Absent, false)
	}
	if f.Note != "" {
		w.KV("", f.Note, false)
	}
	p.Ln(1.5)
}

func (w *sheetPDF) files() {
	s := w.s
	w.H2("Show file, lists and entry files")
	if len(s.Files) == 0 {
		w.Text("The show file, as the record holds it. It names no list or entry file.")
	} else {
		w.Text("The show file, as the record holds it, then each list and entry file it names, as it is on disk now, " +
			"named relative to the show file. A file that is not there yet is recorded when it is imported, before its bin freezes.")
	}
	w.P.Ln(1.5)
	w.file("Show file", s.ShowFile)
	for i, f := range s.Files {
		w.file(fmt.Sprintf("File %d", i+1), f)
	}
}

// runCols are the columns of the run sheet, in millimetres.
var runCols = []struct {
	title string
	w     float64
	align string
}{
	{"Segment", 32, "L"}, {"Title", 42, "L"}, {"Kind", 24, "L"}, {"Time", 28, "L"}, {"Winners", 14, "R"}, {"Prizes", 40, "L"},
}

func (w *sheetPDF) runHeader() {
	p := w.P
	p.SetFillColor(217, 217, 217)
	w.Font("B", 8.5)
	for _, c := range runCols {
		w.Cell(c.w, 6, c.title, "TB", 0, c.align, true)
	}
	p.Ln(-1)
}

func (w *sheetPDF) runSheet() {
	p, s := w.P, w.s
	w.H2("Run sheet")
	w.Text(fmt.Sprintf("%d segment(s), in order; times in %s.", len(s.Segments), s.Location))
	p.Ln(1.5)
	w.Room(6 + 2*4.6)
	w.runHeader()
	const lh = 4.2
	for _, g := range s.Segments {
		winners := "-"
		if g.Winners > 0 {
			winners = fmt.Sprint(g.Winners)
		}
		at := w.local(g.At, "2006-01-02 15:04")
		if at == "" {
			at = "not scheduled"
		}
		cells := []string{g.ID, g.Title, g.Kind, at, winners, g.Prizes}
		w.Font("", 8)
		lines := make([][]string, len(cells))
		n := 1
		for i, c := range runCols {
			lines[i] = w.SplitText(pdfpage.Clean(cells[i]), c.w)
			n = max(n, len(lines[i]))
		}
		h := float64(n)*lh + 1.2
		if p.GetY()+h > pdfpage.PageH-pdfpage.Bottom {
			p.AddPage()
			w.runHeader()
			w.Font("", 8)
		}
		x, y := pdfpage.Margin, p.GetY()
		for i, c := range runCols {
			p.SetXY(x, y+0.6)
			w.MultiCell(c.w, lh, strings.Join(lines[i], "\n"), "", c.align, false)
			x += c.w
		}
		p.Line(pdfpage.Margin, y+h, pdfpage.Margin+pdfpage.BodyW, y+h)
		p.SetXY(pdfpage.Margin, y+h)
	}
}

// assumptions lists what the show file decides where the terms leave it
// to the promotions team, for the manager to sign as their reading.
func (w *sheetPDF) assumptions() {
	if len(w.s.Assumptions) == 0 {
		return
	}
	w.H2("What the show file assumes")
	w.Text("Where the promotion's terms leave a figure to the promotions team, the show file decides it. These are the figures the draws will use; the promotions manager signs below that they are the terms as read.")
	for _, a := range w.s.Assumptions {
		label := a.Title
		if a.Segment != "" {
			label = a.Segment
		}
		w.KV(label, strings.Join(a.Lines, "; "), false)
	}
}

func (w *sheetPDF) signatures() {
	what := "Signed before the first draw: the commitment and the hashes above are as the record and the files stood when the show was opened."
	if len(w.s.Assumptions) > 0 {
		what += " The promotions manager signs too that what the show file assumes is the promotion's terms as read."
	}
	w.SignatureLines(90, what, "Independent auditor", "Promotions manager")
}
