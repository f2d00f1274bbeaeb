package verify_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"drawshow/data/datatest/rig"
	"drawshow/data/internal/pdfpage"
	"drawshow/data/record"
	"drawshow/data/verify"
)

// keptReport is the Saturday's kept archive (of today's format) and its
// report.pdf.
func keptReport(t *testing.T) (string, []byte) {
	t.Helper()
	for _, z := range rig.FormatArchives(t) {
		if strings.HasSuffix(z, "royal-flush-2024-11-30.zip") {
			names, files := rig.ZipFiles(t, z)
			for _, n := range names {
				if filepath.Base(n) == record.ReportPDF {
					return z, files[n]
				}
			}
		}
	}
	t.Fatal("no kept archive of the Saturday with its report.pdf")
	return "", nil
}

// TestReportPDFText: verify's own reading of a kept report says what
// the report says: the rehearsal banner, the show, a winner's card and
// name, every run in pdftotext's reading of the same page, and its fonts
// are the Go fonts with nothing laid over them.
func TestReportPDFText(t *testing.T) {
	t.Parallel()
	_, b := keptReport(t)
	txt, err := verify.ReadPDF(b)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, p := range txt.Pages {
		all = append(all, p...)
	}
	for _, want := range []string{"REHEARSAL - NOT AN OFFICIAL RESULT", "show royal-flush-2024-11-30 (headless, clock set by hand)", "6001000087891151", "Chantelle Mahlangu", "page 3 of 6"} {
		if !slices.Contains(all, want) {
			t.Errorf("the report's text has no run %q:\n%q", want, all)
		}
	}
	if want := []string{"utf8go", "utf8goB", "utf8goI", "utf8mono"}; !slices.Equal(txt.Fonts, want) || len(txt.Overlays) > 0 {
		t.Errorf("fonts %q, overlays %v; want %q and none", txt.Fonts, txt.Overlays, want)
	}
	path := filepath.Join(t.TempDir(), record.ReportPDF)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	pages := rig.PDFText(t, path)
	if len(pages) != len(txt.Pages) {
		t.Fatalf("%d pages, pdftotext reads %d", len(txt.Pages), len(pages))
	}
	for i, p := range txt.Pages {
		other := rig.Squeeze(pages[i])
		for _, r := range p {
			if !strings.Contains(other, rig.Squeeze(r)) {
				t.Errorf("page %d: %q is not in pdftotext's reading:\n%s", i+1, r, other)
			}
		}
	}
}

// TestEarlierReportByMeaning: the report of an earlier record format (a
// format "drawshow-record/2", registered for the test) was laid out by
// an earlier release; it is read by what it says. The same text at other
// places and page breaks verifies; a changed name or amount, a line
// added or left out, or an image laid over the text is named. Today's
// format is still held to the bytes.
func TestEarlierReportByMeaning(t *testing.T) {
	t.Parallel()
	src, kept := keptReport(t)
	winner, card := "Chantelle Mahlangu", "6001000087891151" // sat-cash's pick 1
	for _, c := range []struct {
		name    string
		today   bool // keep today's format
		edit    func(runs []string) []string
		head    func(runs []string) []string // the header's runs
		image   bool
		want    string // "" for none
		wantToo string
	}{
		{name: "laid out again"},
		{name: "a winner's name", edit: replaceRun(winner, "Forged Name"),
			want: `report.pdf: it says "Forged Name", the record gives "Chantelle Mahlangu" (after "Drawn Decided 1 100058 6001000087891151")`},
		{name: "an amount", edit: replaceRun("R5 000", "R50 000"),
			want: `report.pdf: it says "R50", the record gives "R5" (after "1 100058 6001000087891151 Chantelle Mahlangu")`},
		{name: "a line added", edit: func(runs []string) []string {
			i := slices.Index(runs, card)
			return slices.Insert(runs, i, "Nobody Extra")
		}, want: `report.pdf: it says "Nobody Extra", which the record does not (after`},
		{name: "a line left out", edit: func(runs []string) []string {
			return slices.Delete(runs, slices.Index(runs, card), slices.Index(runs, card)+1)
		}, want: `report.pdf: it leaves out "6001000087891151", which the record gives (after "Outcome Drawn Decided 1 100058")`},
		{name: "the header", head: replaceRun("REHEARSAL - NOT AN OFFICIAL RESULT", "OFFICIAL RESULT"),
			want: `report.pdf: it says "OFFICIAL RESULT REHEARSAL Royal Flush, Gold Reef City show royal-flush-2024-11-30 (headless, clock …" (15 words), which the record does not`},
		{name: "an image laid over it", image: true,
			want: `report.pdf: it holds 1 image(s) the record's report does not: something was laid over its text`},
		{name: "not a PDF", edit: func([]string) []string { return nil },
			want: "report.pdf: not a PDF verify can read: it does not start as a PDF does"},
		{name: "today's format, laid out again", today: true,
			want: "report.pdf: its bytes are not those the record gives"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var opts []verify.Option
			if !c.today {
				opts = append(opts, earlierFormat)
			}
			pdf := relaid(t, kept, c.edit, c.head, c.image)
			out := rig.Rewrite(t, src, func(name string, b []byte) []byte {
				switch name {
				case record.ReportPDF:
					return pdf
				case record.RecordFile:
					if !c.today {
						return bytes.Replace(b, []byte(`"format": "`+record.RecordFormat+`"`), []byte(`"format": "drawshow-record/2"`), 1)
					}
				}
				return b
			}, nil, true)
			if ps := verifiedAs(t, out, c.want, opts...); c.want != "" && len(ps) != 1 && c.head == nil {
				t.Fatalf("verify named more than the one change:\n%s", strings.Join(ps, "\n"))
			}
		})
	}
}

// earlierFormat has verify read "drawshow-record/2" too, for the test.
var earlierFormat = verify.ReadingFormat("drawshow-record/2")

func replaceRun(old, new string) func([]string) []string {
	return func(runs []string) []string {
		i := slices.Index(runs, old)
		if i < 0 {
			panic(fmt.Sprintf("no run %q", old))
		}
		runs[i] = new
		return runs
	}
}

var pageNo = regexp.MustCompile(`^page \d+ of \d+$`)

// relaid writes report.pdf's text again as another release might lay it
// out: its header and footer (the runs every page begins and ends with)
// at other places, its body one run a line in another size, so that its
// pages break elsewhere. edit changes the body's runs (nil: the file is
// not a PDF at all), editHead the header's; picture lays a picture over
// the first page.
func relaid(t *testing.T, b []byte, edit, editHead func([]string) []string, picture bool) []byte {
	t.Helper()
	txt, err := verify.ReadPDF(b)
	if err != nil {
		t.Fatal(err)
	}
	var pages [][]string
	for _, p := range txt.Pages {
		pages = append(pages, slices.DeleteFunc(slices.Clone(p), pageNo.MatchString))
	}
	head, foot := pages[0], pages[0]
	for _, p := range pages[1:] {
		for !slices.Equal(p[:min(len(p), len(head))], head) {
			head = head[:len(head)-1]
		}
		for !slices.Equal(p[max(0, len(p)-len(foot)):], foot) {
			foot = foot[1:]
		}
	}
	if len(head) != 4 || len(foot) != 1 {
		t.Fatalf("the report's furniture is not a header of 4 runs and a footer of 1: %q %q", head, foot)
	}
	var body []string
	for _, p := range pages {
		body = append(body, p[len(head):len(p)-len(foot)]...)
	}
	if editHead != nil {
		head = editHead(slices.Clone(head))
	}
	if edit != nil {
		if body = edit(body); body == nil {
			return []byte("not a PDF")
		}
	}
	pg := pdfpage.New("relaid", "relaid", time.Unix(0, 0))
	p := pg.P
	p.SetHeaderFunc(func() {
		p.SetXY(20, 5)
		pg.Font("B", 8)
		for _, r := range head {
			p.CellFormat(0, 4, r, "", 1, "R", false, 0, "")
		}
		p.SetY(30)
	})
	p.SetFooterFunc(func() {
		p.SetY(-10)
		pg.Font("", 7)
		p.CellFormat(120, 4, foot[0], "", 0, "L", false, 0, "")
		p.CellFormat(0, 4, fmt.Sprintf("page %d of {nb}", p.PageNo()), "", 0, "R", false, 0, "")
	})
	p.AddPage()
	if picture {
		var buf bytes.Buffer
		img := image.NewGray(image.Rect(0, 0, 4, 4)) // opaque: one image, no mask
		img.Set(1, 1, color.White)
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		p.RegisterImageOptionsReader("over", fpdf.ImageOptions{ImageType: "PNG"}, &buf)
		p.ImageOptions("over", 20, 60, 80, 10, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
	pg.Font("", 8.5)
	for i, r := range body {
		p.SetX(18 + float64(i%3)*3)
		p.CellFormat(160, 3.0, r, "", 1, "L", false, 0, "")
	}
	var out bytes.Buffer
	if err := p.Output(&out); err != nil {
		t.Fatal(err)
	}
	again, err := verify.ReadPDF(out.Bytes())
	if err != nil || len(again.Pages) == len(txt.Pages) {
		t.Fatalf("laid out again, the report's pages break as they did (%d pages, relaid %d): %v", len(txt.Pages), len(again.Pages), err)
	}
	return out.Bytes()
}
