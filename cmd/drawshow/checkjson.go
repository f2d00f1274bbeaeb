package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"drawshow/cmd/internal/cli"
	"drawshow/data/entries"
	"drawshow/data/session"
	"drawshow/show"
)

// checkFormat names the shape of check --json's document
// (docs/operations.md#check---json). Fields may be added; none is renamed,
// removed or given another meaning without a new name here.
const checkFormat = "drawshow-check/1"

// checkReport is check --json's document: what check prints as text, as
// data. Lists are never null, so a script can range over them.
type checkReport struct {
	Format    string `json:"format"`
	Show      string `json:"show"` // the show file, as given
	Promotion string `json:"promotion"`
	Property  string `json:"property"`
	// OK: no error and no file missing, as check's exit status 0 says;
	// warnings do not fail a check.
	OK       bool           `json:"ok"`
	Findings []checkFinding `json:"findings"`
	Lists    *checkLists    `json:"lists"`    // null when the show file or a list cannot be read
	Segments []checkSegment `json:"segments"` // in show order; none when the show file cannot be read
	// Dropped are the summary rows (a TOTAL, a count) the lists and
	// standings ended on, left out, as check prints them
	Dropped []string `json:"dropped"`
}

// checkFinding is one thing check says is wrong or may be: one line of
// its text output.
type checkFinding struct {
	// Level is "error" (the show file, or a file it names that is there
	// and cannot be used), "missing" (a file not there) or "warning" (may
	// be a mistake; check still passes).
	Level   string `json:"level"`
	File    string `json:"file,omitempty"`    // the file it is in, as check names it
	Line    int    `json:"line,omitempty"`    // the show file's line
	Row     int    `json:"row,omitempty"`     // an entry file's or list's row, as a spreadsheet numbers it
	Column  string `json:"column,omitempty"`  // that file's column header
	Segment string `json:"segment,omitempty"` // the segment it is about, where check says
	Message string `json:"message"`           // what is wrong, without the file, line, row or column
	Text    string `json:"text"`              // the line as check prints it as text
}

// checkLists are the desk's lists the show file names.
type checkLists struct {
	Exclusions int          `json:"exclusions"` // cards on the exclusions list
	Register   int          `json:"register"`   // cards on the decline register
	Proxies    int          `json:"proxies"`    // proxy nominations
	Matches    []checkMatch `json:"matches"`    // each list's cards that matched an entry, as check prints them
}

// checkMatch is how many of a list's cards matched an entry of the bins
// it applies to.
type checkMatch struct {
	List    string `json:"list"`    // exclusions, register, proxies; "segment ID register"…
	File    string `json:"file"`    // the list's file
	Cards   int    `json:"cards"`   // on the list
	Matched int    `json:"matched"` // of them, cards that matched an entry
	Expect  bool   `json:"expect_unmatched,omitempty"`
}

// checkSegment is one segment: a line of check's table and its notes.
type checkSegment struct {
	ID   string `json:"id"`
	Kind string `json:"kind"` // the show file's kind:
	// Status is "bin" (its entry file read: Bin has the figures), "made"
	// (its bin is made at the show from earlier winners or bins: MadeFrom
	// says which), "slide", "leaderboard" (Standings counts the players),
	// "missing" (its file is not there yet) or "error" (its file cannot be
	// used: the findings say why).
	Status    string    `json:"status"`
	File      string    `json:"file,omitempty"` // its entry file or standings
	Winners   int       `json:"winners"`
	Bin       *checkBin `json:"bin,omitempty"`
	MadeFrom  string    `json:"made_from,omitempty"`
	Standings *int      `json:"standings,omitempty"`
	Notes     []string  `json:"notes"` // what check prints under the table for it, warnings apart
}

// checkBin is the figures of check's table for a bin read from its file.
type checkBin struct {
	Rows         int    `json:"rows"`
	Participants int    `json:"participants"` // distinct cards in the file
	Excluded     int    `json:"excluded"`     // cards the exclusions list took out
	Eligible     int    `json:"eligible"`     // participants with a ticket in the bin
	Tickets      uint64 `json:"tickets"`
}

// writeCheckJSON prints the report, and fails (quietly: the report says
// why) as the text output would.
func writeCheckJSON(w io.Writer, r *checkReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	if !r.OK {
		return cli.ErrQuiet
	}
	return nil
}

// failedCheck is the report of a show file that cannot be read, or of a
// campaign database that cannot be.
func failedCheck(path string, err error) *checkReport {
	r := &checkReport{Format: checkFormat, Show: path, Findings: []checkFinding{}, Segments: []checkSegment{}, Dropped: []string{}}
	r.Findings = appendFindings(r.Findings, "error", "", err)
	return r
}

// checkReportOf is what check found of the show's files, as data: the
// same findings, figures and notes as the text output, from the same
// results.
func checkReportOf(sh *show.Show, c *session.ShowCheck, dbPath string) *checkReport {
	r := &checkReport{Format: checkFormat, Show: sh.Path, Promotion: sh.Promotion, Property: sh.Property,
		OK: len(c.Problems)+len(c.Missing) == 0, Findings: []checkFinding{}, Segments: []checkSegment{}, Dropped: append([]string{}, c.Dropped...)}
	for _, p := range c.Problems {
		r.Findings = appendFindings(r.Findings, "error", "", p)
	}
	if l := c.Lists; l != nil {
		r.Lists = &checkLists{Exclusions: l.Exclusions, Register: len(l.Register), Proxies: len(l.Proxies), Matches: []checkMatch{}}
	}
	for _, m := range c.Matches {
		if r.Lists == nil {
			r.Lists = &checkLists{}
		}
		r.Lists.Matches = append(r.Lists.Matches, checkMatch{List: m.Name, File: m.File, Cards: m.Cards, Matched: m.Matched, Expect: m.Expect})
		if w := unmatchedWarning(m); w != "" {
			r.Findings = append(r.Findings, checkFinding{Level: "warning", File: m.File, Message: strings.TrimPrefix(w, m.File+": "), Text: w})
		}
	}
	for _, m := range c.Missing {
		r.Findings = append(r.Findings, missingFinding(sh, m))
	}
	for _, res := range c.Segments {
		seg := res.Seg
		s := checkSegment{ID: seg.ID, Kind: string(seg.Kind), Winners: seg.Winners, Notes: []string{}}
		var notes []string
		switch {
		case seg.Slide():
			s.Status, s.Winners = "slide", 0
		case res.Err != nil:
			s.Status, s.File = "error", seg.Entries
		case res.Missing:
			s.Status, s.File = "missing", seg.Entries
		case seg.Leaderboard():
			n := len(res.Standings)
			s.Status, s.File, s.Standings, s.Winners = "leaderboard", seg.Board.Standings, &n, 0
			if len(res.OffBoard) > 0 {
				notes = append(notes, offBoardNote(seg, res.OffBoard))
			}
		case res.Check.Made:
			s.Status, s.MadeFrom = "made", fromWhat(sh, seg)
			notes = finaleNotes(sh, seg, res.Check)
		default:
			bin := res.Check.Bin
			s.Status, s.File = "bin", seg.Entries
			s.Bin = &checkBin{Rows: bin.Rows, Participants: res.Check.People, Excluded: len(bin.Excluded), Eligible: bin.Participants, Tickets: bin.Total}
			notes = finaleNotes(sh, seg, res.Check)
		}
		if seg.Leaderboard() {
			s.File = seg.Board.Standings
		}
		notes = append(notes, campaignNotes(seg, res, dbPath)...)
		for _, n := range notes {
			// each note is "ID: what", as the text output prints it
			if w, ok := strings.CutPrefix(n, seg.ID+": WARNING: "); ok {
				r.Findings = append(r.Findings, checkFinding{Level: "warning", Segment: seg.ID, Message: w, Text: n})
				continue
			}
			s.Notes = append(s.Notes, strings.TrimPrefix(n, seg.ID+": "))
		}
		r.Segments = append(r.Segments, s)
	}
	return r
}

// missingFinding is a missing-file line ("WHAT PATH: no such file", as
// session says it) with the file it names and its segment, found among
// the paths the show file gives.
func missingFinding(sh *show.Show, m string) checkFinding {
	f := checkFinding{Level: "missing", Message: "no such file", Text: m}
	s, ok := strings.CutSuffix(m, ": no such file")
	if !ok {
		f.Message = m
		return f
	}
	named := func(p string) bool { return p != "" && strings.HasSuffix(s, " "+p) && len(p) > len(f.File) }
	for _, p := range append(slices.Clone(sh.Exclusions), sh.Register, sh.Proxies) {
		if named(p) {
			f.File = p
		}
	}
	for _, im := range sh.Images() {
		if named(im.Path) {
			f.File = im.Path
		}
	}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		paths := []string{seg.Entries, seg.Register, seg.Proxies, seg.Selected}
		if seg.Board != nil {
			paths = append(paths, seg.Board.Standings)
		}
		if seg.Page != nil {
			paths = append(paths, seg.Page.Image)
		}
		for _, p := range paths {
			if named(p) {
				f.File, f.Segment = p, seg.ID
			}
		}
	}
	return f
}

// appendFindings adds err's problems: one finding a line of its text,
// with the file, line, row and column where the error says them.
func appendFindings(out []checkFinding, level, segment string, err error) []checkFinding {
	switch e := err.(type) {
	case interface{ Unwrap() []error }: // errors.Join: each in turn, one a line or more
		for _, e := range e.Unwrap() {
			if e != nil {
				out = appendFindings(out, level, segment, e)
			}
		}
		return out
	case *entries.FileError:
		for _, c := range e.Errs {
			text := (&entries.FileError{File: e.File, Errs: []entries.CellError{c}, Total: 1}).Error()
			out = append(out, checkFinding{Level: level, File: e.File, Row: c.Row, Column: c.Column, Segment: segment, Message: c.Msg, Text: text})
		}
		if more := e.Total - len(e.Errs); more > 0 {
			lines := strings.Split(e.Error(), "\n")
			last := lines[len(lines)-1]
			out = append(out, checkFinding{Level: level, File: e.File, Segment: segment, Message: strings.TrimPrefix(last, "… "), Text: last})
		}
		return out
	case *show.ShowError:
		for _, m := range e.Errs {
			line, msg, _ := strings.Cut(m, ": ")
			n, _ := strconv.Atoi(line)
			out = append(out, checkFinding{Level: level, File: e.File, Line: n, Message: msg, Text: e.File + ":" + m})
		}
		return out
	}
	var ie *show.ImageError
	if errors.As(err, &ie) && err.Error() == ie.Error() {
		return append(out, checkFinding{Level: level, File: ie.Path, Segment: segment, Message: fmt.Sprintf("%s: %v", ie.Key, ie.Err), Text: ie.Error()})
	}
	if pe, ok := err.(*fs.PathError); ok { // the show file or the database not there
		return append(out, checkFinding{Level: level, File: pe.Path, Segment: segment, Message: pe.Err.Error(), Text: err.Error()})
	}
	for _, l := range strings.Split(err.Error(), "\n") {
		out = append(out, checkFinding{Level: level, Segment: segment, Message: l, Text: l})
	}
	return out
}
