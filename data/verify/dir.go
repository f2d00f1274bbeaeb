package verify

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// Dir verifies the export in dir. An error is returned only when dir
// cannot be read at all; everything the export gets wrong is a problem
// in the report.
func Dir(dir string, opts ...Option) (*Report, error) {
	if fi, err := os.Stat(dir); err != nil {
		return nil, err
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	r := &Report{opt: optionsOf(opts)}
	format, ok := knownFormat(r, dir)
	if !ok {
		return r, nil
	}
	r.Format = format
	x, ok := fold(r, dir)
	if !ok {
		return r, nil
	}
	compare(r, dir, x)
	return r, nil
}

// formats are the layouts of record.json this verify reads, each written
// by a release of drawshow; data/datatest/formats holds an archive of
// each. A test reads another through ReadingFormat.
var formats = []string{"drawshow-record/3", "drawshow-record/4", record.RecordFormat}

// knownFormat reports whether record.json, if it says its format, says
// one of formats, and gives its number; a format it does not know is
// named, and nothing else is checked against rules that may not be the
// ones it was written by. A record.json missing or not JSON is left to
// compare, which names it, and is held to today's format.
func knownFormat(r *Report, dir string) (int, bool) {
	now, _ := record.FormatNumber(record.RecordFormat)
	b, err := os.ReadFile(filepath.Join(dir, record.RecordFile))
	if err != nil {
		return now, true
	}
	var head struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(b, &head) != nil {
		return now, true
	}
	if n, ok := record.FormatNumber(head.Format); ok && (slices.Contains(formats, head.Format) || slices.Contains(r.opt.formats, head.Format)) {
		return n, true
	}
	r.bad("%s: format %q is not one this drawshow reads (%s): verify it with the release that wrote it, or a later one",
		record.RecordFile, head.Format, strings.Join(append(slices.Clone(formats), r.opt.formats...), ", "))
	return 0, false
}

// selectionTaken says how a draw's picks were taken from its selection:
// the file and its versions, and the places passed over.
func selectionTaken(s *show.SegState) string {
	file, sum := s.Lists.SelectedFile, s.Lists.SelectedSHA256
	if len(s.Selections) > 0 {
		file, sum = s.Selections[0].File, s.Selections[0].SHA256
	}
	out := fmt.Sprintf("%s: %d pick(s) taken in order from %s (SHA-256 %s)", s.Seg.ID, len(s.Picks), file, sum)
	for _, v := range s.Selections[min(1, len(s.Selections)):] {
		out += fmt.Sprintf(", from place %d from its corrected version (SHA-256 %s)", v.From, v.SHA256)
	}
	for _, p := range s.Passed {
		out += fmt.Sprintf(", place %d passed over (%s)", p.Place, p.Reason)
	}
	return out + ", each checked against the frozen bin"
}

// fold reads the journal and folds the show it holds over the export's
// bins; ok is false when there is nothing to compare the files with.
func fold(r *Report, dir string) (*record.Set, bool) {
	rows, err := record.ReadJournalFile(filepath.Join(dir, record.JournalFile))
	if errors.Is(err, fs.ErrNotExist) {
		r.bad("%s: %v: an export without its journal cannot be verified (made before %s?)", record.JournalFile, errors.Unwrap(err), record.RecordFormat)
		return nil, false
	}
	if err != nil {
		r.bad("%v", err)
		return nil, false
	}
	if len(rows) == 0 {
		r.bad("%s is empty", record.JournalFile)
		return nil, false
	}
	for _, p := range record.CheckChain(rows) {
		r.bad("%s: %s", record.JournalFile, p)
	}
	r.rows = make(map[int64]string, len(rows))
	for _, row := range rows {
		r.rows[row.Seq] = row.Hash
	}
	r.Show = rows[0].Show
	r.prints, r.drawn = map[string]string{}, map[string]string{}
	var evs []show.Event
	for i := range rows {
		if rows[i].Show != r.Show {
			continue // another show's row: it only links the chain
		}
		r.showRows = append(r.showRows, rows[i].Seq)
		r.closed = rows[i].Kind == string(show.ShowClosed)
		e, err := rows[i].Event()
		if err != nil {
			r.bad("%s: %v", record.JournalFile, err)
			return nil, false
		}
		evs = append(evs, e)
		r.Events, r.Head = r.Events+1, rows[i].Hash
		if e.Kind == show.BinFrozen && e.Frozen != nil {
			r.prints[e.Segment] = e.Frozen.Fingerprint
		}
		if e.Kind == show.DrawWitness && e.Witness != nil {
			r.drawn[e.Segment] = e.Witness.Text
		}
	}
	if evs[0].Kind != show.ShowOpened || evs[0].Opened == nil {
		r.bad("%s: the first row is %s, not the show's show-opened", record.JournalFile, evs[0].Kind)
		return nil, false
	}
	o := evs[0].Opened
	r.Commitment = o.Commitment
	text, err := os.ReadFile(filepath.Join(dir, record.ShowFile))
	if err != nil {
		r.bad("%s: %v", record.ShowFile, err)
		return nil, false
	}
	if sum := sha256.Sum256(text); hex.EncodeToString(sum[:]) != o.FileSHA256 {
		r.bad("%s: SHA-256 is %x, but show-opened says %s: it is not the show file the show was opened from", record.ShowFile, sum, o.FileSHA256)
		return nil, false
	}
	sh, err := show.Parse(o.File, text)
	if err != nil {
		r.bad("%s: %v", record.ShowFile, err)
		return nil, false
	}
	r.AuditorKey, r.showRead = sh.AuditorKey, true
	last := evs[len(evs)-1].At
	// an export has no rows to rebuild its bins from and no exclusions
	// list: its bin files, and each freeze's exclusions as recorded
	eng, err := show.Fold(sh, nil, func() time.Time { return last }, show.Setup{Bins: exportedBins(dir, o.Rehearsal)}, evs)
	if err != nil {
		r.bad("the journal does not fold by the rules: %v", err)
		return nil, false
	}
	st := eng.State()
	r.Underived = eng.Underived()
	if !st.Closed {
		// the files still hold together, but nothing random is proven
		r.bad("the seed is not revealed: the show %s is not closed, so its picks cannot be re-derived yet (%d taken as recorded)", st.ID, r.Underived)
	}
	r.count(st)
	r.Unwitnessed = st.UnwitnessedPicks(sh.Location)
	people, ok := readPeople(r, dir)
	if !ok {
		return nil, false
	}
	x := record.NewSet(sh, st, text, rows, people)
	x.SetLedger(ledgerOf(r, dir, st))
	x.SetCarried(carriedOf(r, dir, st))
	r.SmallDraws = len(x.Record().SmallDraws)
	return x, true
}

// exportedBins reads a segment's frozen bin from the export in dir, as
// the fold asks for it: bins/SEGMENT.csv, marked a rehearsal's as the
// journal opened the show.
func exportedBins(dir string, rehearsal bool) func(seg string) ([]show.Entry, error) {
	return func(seg string) ([]show.Entry, error) {
		name := "bins/" + seg + ".csv"
		es, marked, err := record.ReadBin(filepath.Join(dir, filepath.FromSlash(name)))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is missing from the export", name)
		}
		if err != nil {
			// the export's own names, not where it was unpacked
			return nil, errors.New(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
		}
		if marked != rehearsal {
			return nil, fmt.Errorf("%s: %s, but the journal opened %s", name,
				map[bool]string{true: "marked REHEARSAL", false: "not marked REHEARSAL"}[marked],
				map[bool]string{true: "a rehearsal", false: "an official show"}[rehearsal])
		}
		return es, nil
	}
}

// count counts what the folded show drew: its draws, the picks verify
// re-derives, those it takes as recorded (typed from a physical bin,
// chosen by another system), and the finale's choices.
func (r *Report) count(st *show.State) {
	for _, s := range st.Segs {
		if s.Frozen != nil {
			r.Draws++
		}
		switch {
		case len(s.Picks) == 0:
		case s.Seg.Manual:
			r.Taken = append(r.Taken, fmt.Sprintf("%s: %d pick(s) typed from the physical bin, each checked against the frozen bin", s.Seg.ID, len(s.Picks)))
		case s.Lists != nil && s.Lists.SelectedFile != "":
			r.Taken = append(r.Taken, selectionTaken(s))
		default:
			r.Picks += len(s.Picks)
		}
		for _, p := range s.Picks {
			if p.Choice != nil {
				r.Choices++
			}
		}
	}
}

// ledgerOf reads the jackpots' ledger history from the export's
// record.json, the only place an export holds it, and holds it to the
// jackpot's rules and to the value each chest froze at: the weeks must add
// up to this week. Which shows they were, an archive's database proves.
func ledgerOf(r *Report, dir string, st *show.State) map[string][]record.RecordWeek {
	b, err := os.ReadFile(filepath.Join(dir, record.RecordFile))
	if err != nil {
		return nil // compare names the missing file
	}
	var rec record.Record
	if json.Unmarshal(b, &rec) != nil {
		return nil // compare names what differs
	}
	hist := record.Ledger(&rec)
	for _, s := range st.Segs {
		if j := s.Seg.Jackpot; j != nil && s.Frozen != nil {
			for _, p := range record.CheckHistory(j, s.Frozen.Jackpot, hist[j.Name]) {
				r.bad("%s: the ledger history of %s: %s", record.RecordFile, j.Name, p)
			}
		}
	}
	return hist
}

// carriedOf reads the shows the record carries from, from the export's
// record.json, the only place an export holds them, and holds them to its
// bins: every source of an entry or a bar must be named. Which shows they
// were, a database proves (verify --db --anchors).
func carriedOf(r *Report, dir string, st *show.State) []record.Source {
	b, err := os.ReadFile(filepath.Join(dir, record.RecordFile))
	if err != nil {
		return nil
	}
	var rec record.Record
	if json.Unmarshal(b, &rec) != nil {
		return nil
	}
	for _, p := range record.CheckCarried(st, rec.Carried) {
		r.bad("%s: carried: %s", record.RecordFile, p)
	}
	return rec.Carried
}

func readPeople(r *Report, dir string) (map[string]map[string]record.Person, bool) {
	b, err := os.ReadFile(filepath.Join(dir, record.PeopleFile))
	if err != nil {
		r.bad("%s: %v", record.PeopleFile, err)
		return nil, false
	}
	return parsePeople(r, b)
}

func parsePeople(r *Report, b []byte) (map[string]map[string]record.Person, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p record.People
	if err := dec.Decode(&p); err != nil {
		r.bad("%s: %v", record.PeopleFile, err)
		return nil, false
	}
	return p, true
}

// compare writes the export again from the fold into a folder of its own
// and names every file that differs, is missing or is not an export's.
func compare(r *Report, dir string, x *record.Set) {
	ed := r.edition()
	tmp, err := os.MkdirTemp("", "drawshow-verify-")
	if err != nil {
		r.bad("%v", err)
		return
	}
	defer os.RemoveAll(tmp)
	// the bins the fold read are proven by their fingerprints: the rest
	// of the export is written again to compare
	if err := x.WriteAllButBins(tmp); err != nil {
		r.bad("writing the export again: %v", err)
		return
	}
	want, err := files(tmp)
	if err != nil {
		r.bad("%v", err)
		return
	}
	have, err := files(dir)
	if err != nil {
		r.bad("%v", err)
		return
	}
	tables := map[string]record.Table{}
	for _, t := range x.Tables() {
		tables[t.File] = t
	}
	for _, name := range want {
		if !slices.Contains(have, name) {
			if !ed.added(name) {
				r.bad("%s is missing from the export", name)
			}
			continue
		}
		r.Files++
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			r.bad("%s: %v", name, err)
			continue
		}
		// by what they say: the lists and the record
		if t, ok := tables[name]; ok {
			list(r, got, t, ed, x.Record().Show.Rehearsal)
			continue
		}
		if name == record.RecordFile {
			fields(r, got, x.Record())
			continue
		}
		exp, err2 := os.ReadFile(filepath.Join(tmp, filepath.FromSlash(name)))
		if err2 != nil {
			r.bad("%s: %v", name, err2)
			continue
		}
		if name == record.WinnersXLSX {
			for _, d := range book(got, exp, ed) {
				r.bad("%s: %s", name, d)
			}
			continue
		}
		if bytes.Equal(got, exp) {
			continue
		}
		if name == record.ReportPDF && (ed.format < today() || beforeFallbacks(got, exp)) {
			// an earlier release laid it out: by what it says
			for _, d := range reportText(got, exp) {
				r.bad("%s: %s", name, d)
			}
			continue
		}
		for _, d := range differences(name, got, exp) {
			r.bad("%s: %s", name, d)
		}
	}
	for _, d := range x.Record().Draws {
		if slices.Contains(have, d.Bin) {
			want = append(want, d.Bin) // read by the fold: not added
		} else {
			r.bad("%s is missing from the export", d.Bin)
		}
	}
	for _, name := range have {
		if !slices.Contains(want, name) && !extra(name) {
			r.bad("%s is not a file of the export: it was added", name)
		}
	}
}

// today is the number of the record format this drawshow writes.
func today() int {
	n, _ := record.FormatNumber(record.RecordFormat)
	return n
}

// extra are the files a folder may hold beside an export's: an archive's.
func extra(name string) bool { return name == record.SumsFile || name == record.ArchiveDB }

// files lists the regular files under dir, slash-separated, sorted.
func files(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	slices.Sort(out)
	return out, err
}

// differences says how a file of the export the fold writes again
// differs from the one it writes: line by line for the journal. Where
// that finds nothing (the same lines in other bytes), the file is still
// not the record's: its bytes are named.
func differences(name string, got, want []byte) []string {
	var d []string
	if strings.HasSuffix(name, ".jsonl") {
		d = lines(got, want)
	}
	if len(d) > 0 {
		return d
	}
	return []string{"its bytes are not those the record gives (SHA-256 " + short(got) + ", the record's " + short(want) + "): the file was changed"}
}

func short(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:8])
}

// lines names the first lines that differ, with both texts; a line one
// text lacks is "(none)" (a line that reads "(none)" is not one lacking).
func lines(got, want []byte) []string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	var out []string
	for i := 0; i < max(len(g), len(w)) && len(out) < 5; i++ {
		if i < len(g) && i < len(w) && g[i] == w[i] {
			continue
		}
		out = append(out, fmt.Sprintf("line %d is %s, the record gives %s", i+1, at(g, i), at(w, i)))
	}
	return out
}

func at(ss []string, i int) string {
	if i < len(ss) {
		return strconv.Quote(ss[i])
	}
	return "(none)"
}
