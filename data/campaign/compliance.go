package campaign

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// Return is the compliance return of one show or of a month's shows: for
// the casino's compliance officer and the gaming board, every draw,
// prize, winner, no-show, redraw with its reason, decline and prize not
// collected, with the verification summary and the anchors the auditor
// holds the record to.
type Return struct {
	Name      string // what it covers: "show royal-flush-2024-11-30", "November 2024"
	File      string // its files' name, without the extension: compliance-2024-11
	Rehearsal bool   // of rehearsals: marked REHEARSAL on every page and sheet
	Shows     []ReturnShow
	Verified  Verified
	Dates     Dates
}

// ReturnShow is one show of a return: its record, and the prizes the
// desk owes its winners not present with what became of them.
type ReturnShow struct {
	Set  *record.Set
	Owed []*DeskPrize
}

// Verified is what verify --db found of the database the return was
// written from: its journal's length and head. A return is written only
// of a database that verifies.
type Verified struct {
	DB     string // the database's file name
	Events int
	Head   string // hex
}

// The compliance return's files.
const (
	ReturnPrefix = "compliance-"
)

// ReturnLine is one pick of a return, as both files list it.
type ReturnLine struct {
	Show, Segment, Title string
	Pick                 int
	Ticket, Card, Name   string
	Prize                string
	Outcome              string
	Why                  string // the outcome in words, with its reason
	Drawn, Decided       string
	CollectBy            string // winners not present
	Desk                 string // what became of a prize owed, at the return's date
}

// lines are every pick of the return's shows, in run-sheet and pick order.
func (r *Return) lines() []ReturnLine {
	var out []ReturnLine
	for _, rs := range r.Shows {
		x := rs.Set
		st, loc := x.State(), x.Show().Location
		owed := map[string]*DeskPrize{}
		for _, p := range rs.Owed {
			owed[fmt.Sprintf("%s/%d", p.Segment, p.K)] = p
		}
		for _, s := range st.Segs {
			for i := range s.Picks {
				p := &s.Picks[i]
				l := ReturnLine{Show: st.ID, Segment: s.Seg.ID, Title: s.Seg.Title, Pick: p.K + 1, Ticket: p.Ticket, Card: p.Participant,
					Name: x.People()[s.Seg.ID][p.Participant].Name, Outcome: string(p.Outcome), Why: record.Status(p),
					Drawn: stamp(p.DrawnAt, loc), Decided: stamp(p.DecidedAt, loc)}
				if p.Outcome.Wins() {
					l.Prize = p.Won()
				}
				if d := owed[fmt.Sprintf("%s/%d", s.Seg.ID, p.K)]; d != nil {
					l.CollectBy, l.Desk = d.CollectBy, d.Status(r.Dates.AsOf)
				}
				out = append(out, l)
			}
		}
	}
	return out
}

// ReturnTotals are a return's figures.
type ReturnTotals struct {
	Draws, Picks, Winners, Redraws, NoShows, Forfeits, Declines, Voids int
	Owed, Collected, Due, Expired                                      int
	Paid                                                               record.Totals
}

// Totals adds up the return's shows.
func (r *Return) Totals() ReturnTotals {
	var t ReturnTotals
	for _, rs := range r.Shows {
		st := rs.Set.State()
		t.Paid.Plus(record.NightTotals(rs.Set.Show().Currency, st))
		for _, s := range st.Segs {
			if s.Frozen != nil {
				t.Draws++
			}
			for _, p := range s.Picks {
				t.Picks++
				switch {
				case p.Outcome.Wins():
					t.Winners++
				case p.Outcome == show.NoShow:
					t.NoShows++
					t.Redraws++
				case p.Outcome == show.Forfeit:
					t.Forfeits++
					t.Redraws++
				case p.Outcome == show.Void:
					t.Voids++
				}
				if p.Outcome == show.Declined {
					t.Declines++
				}
			}
		}
		for _, p := range rs.Owed {
			t.Owed++
			switch p.Status(r.Dates.AsOf) {
			case DeskCollected:
				t.Collected++
			case DeskDue:
				t.Due++
			default:
				t.Expired++
			}
		}
	}
	return t
}

// stamp is t in loc to the second; "" for the zero time.
func stamp(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return t.In(loc).Format(time.DateTime)
}

// WriteReturn writes the return as a PDF and a workbook into dir:
// compliance-NAME.pdf and .xlsx. It returns their paths.
func WriteReturn(dir string, r *Return) ([]string, error) {
	if len(r.Shows) == 0 {
		return nil, fmt.Errorf("%s: no show to return", r.Name)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	pdf, xlsx := filepath.Join(dir, r.File+".pdf"), filepath.Join(dir, r.File+".xlsx")
	if err := writeReturnPDF(pdf, r); err != nil {
		return nil, err
	}
	if err := writeReturnXLSX(xlsx, r); err != nil {
		return nil, err
	}
	return []string{pdf, xlsx}, nil
}

// witnessWords is a show's auditor's witness W, or that there was none.
func witnessWords(st *show.State, loc *time.Location) string {
	if w := st.Witness(); w != "" {
		return strconv.Quote(w)
	}
	if w := record.Unwitnessed(st, loc); w != "" {
		return w
	}
	return "none: no independent witness typed W at the opening"
}

// anchorLine is the show's line of the auditor's list of official shows:
// SHOW COMMITMENT SEQ:HEX, its closing chain head.
func anchorLine(x *record.Set) string {
	rec := x.Record()
	return strings.Join([]string{rec.Show.ID, rec.Commitment, fmt.Sprintf("%d:%s", rec.Journal.HeadSeq, rec.Journal.Head[:min(16, len(rec.Journal.Head))])}, " ")
}
