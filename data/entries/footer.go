package entries

import (
	"fmt"
	"slices"
)

// footed reads a list's rows (an exclusions list, a register, proxy
// forms, standings) holding back its summary rows: those its reader
// would take for a member are given only once a member's row follows,
// to be refused as any row is; those the file ends on are dropped, and
// named (Dropped), as an entry file's are.
type footed struct {
	*tableReader
	card    int       // the card column
	held    []heldRow // summary rows since the last member's
	queue   []heldRow // rows to give before reading on
	cur     *heldRow  // the row given from the queue; nil: the reader's own
	Dropped []Dropped
}

type heldRow struct {
	rec  []string
	line int
	v    string // the cell that names it a summary
}

// footOf reads t's rows with its footer held back; card is the card
// column.
func footOf(t *tableReader, card int) *footed { return &footed{tableReader: t, card: card} }

// listSummary reports whether rec, a row of a list whose card is in the
// column card, sums the others up: its card, or with no card any cell,
// reads as a summary (TOTAL, Count: 25). It returns that cell.
func listSummary(rec []string, card int) (string, bool) {
	if v := cell(rec, card); v != "" {
		return v, isSummary(v)
	}
	for i := range rec {
		if v := cell(rec, i); isSummary(v) {
			return v, true
		}
	}
	return "", false
}

func (f *footed) Next() bool {
	if len(f.queue) > 0 {
		f.cur, f.queue = &f.queue[0], f.queue[1:]
		return true
	}
	f.cur = nil
	for f.tableReader.Next() {
		rec := f.tableReader.Record()
		if v, ok := listSummary(rec, f.card); ok && len(f.held) < maxDropped {
			f.held = append(f.held, heldRow{rec: slices.Clone(rec), line: f.tableReader.Line(), v: v})
			continue
		}
		if len(f.held) == 0 {
			return true
		}
		// a member follows: the rows held are read as rows, then this one
		f.queue = append(f.held, heldRow{rec: rec, line: f.tableReader.Line()})
		f.held = nil
		f.cur, f.queue = &f.queue[0], f.queue[1:]
		return true
	}
	for _, h := range f.held {
		f.Dropped = append(f.Dropped, Dropped{Row: h.line, Value: h.v})
	}
	f.held = nil
	return false
}

func (f *footed) Record() []string {
	if f.cur != nil {
		return f.cur.rec
	}
	return f.tableReader.Record()
}

func (f *footed) Line() int {
	if f.cur != nil {
		return f.cur.line
	}
	return f.tableReader.Line()
}

// DroppedNotes words the summary rows a list of file ended on, as check
// prints them: what says what a row of the list is ("a card", "a
// player").
func DroppedNotes(file, what string, ds []Dropped) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("%s row %d: the summary row %q at the end of the file is not %s: dropped", file, d.Row, d.Value, what)
	}
	return out
}
