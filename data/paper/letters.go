package paper

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"drawshow/data/internal/pdfpage"
	"drawshow/data/record"
	"drawshow/show"
)

// Letter is one winner's letter, as WriteLetters wrote it.
type Letter struct {
	File      string // its name in the folder: letter-SEGMENT-pick-N.pdf
	Segment   string
	Pick      int // from 1
	Card      string
	Name      string
	Prize     string
	CollectBy string
}

// WriteLetters writes into dir one letter a winner of the show: what they
// won, by when and where to collect it, and what to bring (Royal Flush
// 47, 65, 77 and 82), in the property's colours, dated written. A
// rehearsal's letters say on every page that they are not to be sent.
// Where to collect and the desk's hours are the show file's desk: keys;
// without them the letter says to ask the casino's Rewards desk.
func WriteLetters(x *record.Set, dir string, written time.Time) ([]Letter, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	sh, st := x.Show(), x.State()
	var out []Letter
	for _, s := range st.Segs {
		for i := range s.Picks {
			p := &s.Picks[i]
			if !p.Outcome.Wins() {
				continue
			}
			who := x.People()[s.Seg.ID][p.Participant]
			l := Letter{File: fmt.Sprintf("letter-%s-pick-%d.pdf", s.Seg.ID, p.K+1), Segment: s.Seg.ID, Pick: p.K + 1,
				Card: p.Participant, Name: who.Name, Prize: p.Won(), CollectBy: x.CollectBy(p)}
			if err := writeLetter(filepath.Join(dir, l.File), sh, st, s, p, l, written); err != nil {
				return out, err
			}
			out = append(out, l)
		}
	}
	return out, nil
}

// brandColour reads a show file's colour, #RRGGBB; ok false when it is
// not one.
func brandColour(s string) (r, g, b int, ok bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff), true
}

func writeLetter(path string, sh *show.Show, st *show.State, s *show.SegState, p *show.Pick, l Letter, written time.Time) error {
	rehearsal := st.Opened.Rehearsal
	brand := sh.Brand.Name
	if brand == "" {
		brand = sh.Property
	}
	g := pdfpage.New(fmt.Sprintf("%s: your prize, %s pick %d", sh.Promotion, s.Seg.ID, p.K+1), record.Banner(rehearsal), written)
	pp := g.P
	pp.SetFooterFunc(func() {
		g.RunningFoot(fmt.Sprintf("%s, %s: show %s, draw %s, pick %d", sh.Promotion, sh.Property, st.ID, s.Seg.ID, p.K+1), 0.7, rehearsal)
	})
	pp.AddPage()
	// the property's band: its colour, its name
	r, gr, b, ok := brandColour(sh.Brand.Primary)
	if !ok {
		r, gr, b = 40, 40, 40
	}
	pp.SetFillColor(r, gr, b)
	pp.Rect(0, 0, pdfpage.PageW, 28, "F")
	if light := r*299+gr*587+b*114 > 150000; light {
		pp.SetTextColor(0, 0, 0)
	} else {
		pp.SetTextColor(255, 255, 255)
	}
	pp.SetXY(pdfpage.Margin, 9)
	g.Font("B", 18)
	g.Cell(pdfpage.BodyW, 10, pdfpage.Clean(brand), "", 1, "L", false)
	pp.SetTextColor(0, 0, 0)
	pp.SetY(36)
	if rehearsal {
		g.Watermark("REHEARSAL")
		pp.SetTextColor(192, 0, 0)
		g.Text("REHEARSAL - not a letter to send: nothing here is to be paid or contacted.")
		pp.SetTextColor(0, 0, 0)
		pp.Ln(3)
	}
	loc := sh.Location
	g.Text(written.In(loc).Format("2 January 2006"))
	pp.Ln(4)
	g.Text("Dear " + or(l.Name, "Rewards member") + ",")
	pp.Ln(2)
	g.H1("Congratulations: you won " + l.Prize)
	g.Text(fmt.Sprintf("You were drawn as a winner of %s in the %s promotion at %s on %s (card %s, ticket %s).",
		s.Seg.Title, sh.Promotion, sh.Property, p.DrawnAt.In(loc).Format("Monday 2 January 2006 at 15:04"), show.MaskCard(l.Card), p.Ticket))
	if c := record.Chosen(s.Seg, p); c != "" {
		g.Text("You chose " + c + ".")
	}
	g.Text("On the night: " + record.Status(p) + ".")
	g.H2("Collecting your prize")
	g.KV("Collect by", collectWords(l.CollectBy, loc), false)
	g.KV("Where", or(sh.Desk.Where, "the Rewards desk of "+sh.Property), false)
	if sh.Desk.Hours != "" {
		g.KV("When", sh.Desk.Hours, false)
	}
	g.KV("Bring", "your Rewards card and your identity document (ID, passport or driver's licence)", false)
	pp.Ln(2)
	g.Text("The prize is to be collected and signed for by you, the winner, not a representative, within 15 days from the date of the draw, at the casino where it was won; you will sign an Acknowledgement of Receipt form (terms 47, 65, 77 and 82). A prize is not transferable and cannot be exchanged for cash unless advertised otherwise.")
	pp.Ln(2)
	g.KV("Your reference", fmt.Sprintf("show %s, draw %s, pick %d", st.ID, s.Seg.ID, p.K+1), true)
	pp.Ln(6)
	g.Text("Yours sincerely,")
	pp.Ln(8)
	g.Text(sh.Property + " promotions team")
	return pp.OutputFileAndClose(path)
}

// collectWords is a collect-by date (YYYY-MM-DD) in words: "Sunday 15
// December 2024".
func collectWords(day string, loc *time.Location) string {
	t, err := time.ParseInLocation(time.DateOnly, day, loc)
	if err != nil {
		return day
	}
	return t.Format("Monday 2 January 2006")
}

func or(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}
