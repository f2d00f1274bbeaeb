package record

import (
	"drawshow/data/internal/table"
	"fmt"
	"os"
)

// A Table is one of the export's CSV lists as the record makes it: its
// file, its headers, and its rows, each named by what it lists ("draw
// sat-cash, pick 2"). The writers write it; verify reads an export's
// list back by its headers and holds each cell to it, so a list written
// by another release (its columns in another order, a column added
// since) is checked by what it says rather than by its bytes.
type Table struct {
	File  string
	Heads []string
	Rows  []Line
	// Raw: a list for machines (sms-contacts.csv), its cells as they are;
	// the others' are made safe for a spreadsheet (table.SafeCell)
	Raw bool
}

// Line is one row of a Table.
type Line struct {
	Name  string
	Cells []string
}

// Tables are the export's CSV lists, in the order the export writes them.
func (x *Set) Tables() []Table {
	ts := []Table{x.winnersTable(), x.collectionTable(), x.contactsTable()}
	if x.hasStandings() {
		ts = append(ts, x.standingsTable())
	}
	return ts
}

// tableWriter writes the table t makes.
func (x *Set) tableWriter(t func() Table) func(path string) error {
	return func(path string) error { return x.writeTable(path, t()) }
}

// writeTable writes t to path, each cell made safe (SafeCell) unless t
// is Raw. A rehearsal's list begins with the rehearsal banner, alone on the first
// line.
func (x *Set) writeTable(path string, t Table) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := table.NewCSV(f)
	if t.Raw {
		w = table.NewRawCSV(f)
	}
	if x.st.Opened.Rehearsal {
		w.Write([]string{RehearsalBanner})
	}
	w.Write(t.Heads)
	for _, l := range t.Rows {
		w.Write(l.Cells)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// rowName names the row of a pick: its draw and its number, as the
// report and the console count them.
func rowName(segment string, k int) string { return fmt.Sprintf("draw %s, pick %d", segment, k+1) }
