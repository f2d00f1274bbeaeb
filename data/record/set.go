package record

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"drawshow/show"
)

// Set is what every file of an export is made from: the show as the fold
// of its journal, its record, what the entry files said of every picked
// participant, the show file's text and the journal's rows. The exporter
// makes one from the database; the verifier makes one from an export's own
// files and writes it again to compare.
type Set struct {
	sh      *show.Show
	st      *show.State
	rec     *Record
	who     map[string]map[string]Person // segment id → card → person, for each picked participant
	text    []byte
	journal []Row
	ledger  map[string][]RecordWeek // each jackpot's weeks before this show, by name
}

// NewSet makes the set of a show folded from journal (the show's rows and
// those of other shows between them, see Row), with the show file's text
// and the people of its picks.
func NewSet(sh *show.Show, st *show.State, text []byte, journal []Row, who map[string]map[string]Person) *Set {
	x := &Set{sh: sh, st: st, rec: New(sh, st), who: who, text: text, journal: journal}
	for i := range x.rec.Draws {
		d := &x.rec.Draws[i]
		for j := range d.Picks {
			pk := &d.Picks[j]
			pp := who[d.Segment][pk.Participant]
			pk.Area, pk.Property = strings.TrimSpace(pp.Area), strings.TrimSpace(pp.Property)
		}
	}
	for _, r := range journal {
		if r.Show == st.ID {
			x.rec.Journal.Events++
			x.rec.Journal.Head, x.rec.Journal.HeadSeq = r.Hash, r.Seq
		}
	}
	return x
}

// People is the set's people.json.
func (x *Set) People() People { return x.who }

// Record is the set's record.json.
func (x *Set) Record() *Record { return x.rec }

// Show is the show file the set was folded by.
func (x *Set) Show() *show.Show { return x.sh }

// State is the show as the engine folded it from the journal.
func (x *Set) State() *show.State { return x.st }

// Steps counts the steps of an export besides its bins: reading the
// record, then each file other than a bin, standings.csv apart (see
// Set.Steps).
const Steps = 10

// Steps counts the steps of the set's export besides its bins: Steps,
// and one more when it has standings.csv.
func (x *Set) Steps() int {
	if x.hasStandings() {
		return Steps + 1
	}
	return Steps
}

// Write writes every file of the export into dir, which must exist: the
// frozen bins (bins/ID.csv), the show file, journal.jsonl, people.json,
// winners.csv, winners.xlsx, report.pdf, collection.csv and, last,
// record.json. progress is told each step as ExportAll says.
func (x *Set) Write(dir string, progress func(step string, done, total int)) error {
	return x.write(dir, progress, true)
}

// WriteAllButBins writes the export but its bins: verify, which has read
// the bins and held each to its fingerprint, writes the rest again.
func (x *Set) WriteAllButBins(dir string) error {
	return x.write(dir, func(string, int, int) {}, false)
}

func (x *Set) write(dir string, progress func(step string, done, total int), bins bool) error {
	total := len(x.rec.Draws) + x.Steps()
	done := 0
	step := func(name string, write func(path string) error) error {
		done++
		progress(name, done, total)
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := write(path); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		return nil
	}
	if err := os.MkdirAll(filepath.Join(dir, "bins"), 0o755); err != nil {
		return err
	}
	for _, d := range x.rec.Draws {
		if !bins {
			break
		}
		es := x.st.Seg(d.Segment).Bin.Entries
		if err := step(d.Bin, func(p string) error { return WriteBin(p, es, x.st.Opened.Rehearsal) }); err != nil {
			return err
		}
	}
	type file struct {
		name  string
		write func(string) error
	}
	files := []file{
		{ShowFile, func(p string) error { return os.WriteFile(p, x.text, 0o644) }},
		{JournalFile, func(p string) error { return WriteJournal(p, x.journal) }},
		{PeopleFile, x.writePeople},
		{WinnersCSV, x.tableWriter(x.winnersTable)},
		{WinnersXLSX, x.writeXLSX},
		{ReportPDF, x.writePDF},
		{CollectionFile, x.tableWriter(x.collectionTable)},
		{ContactsFile, x.tableWriter(x.contactsTable)},
	}
	if x.hasStandings() {
		files = append(files, file{StandingsFile, x.tableWriter(x.standingsTable)})
	}
	for _, f := range append(files, file{RecordFile, x.writeRecord}) {
		if err := step(f.name, f.write); err != nil {
			return err
		}
	}
	progress("done", total, total)
	return nil
}

// People is people.json: what the entry files said of each picked
// participant, by segment and card. The exports' names, tiers and contact
// columns come from it alone, so verify can write them again.
type People map[string]map[string]Person

func (x *Set) writePeople(path string) error {
	b, err := json.MarshalIndent(People(x.who), "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
