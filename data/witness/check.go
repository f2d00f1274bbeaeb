package witness

import (
	"fmt"
	"slices"
	"strings"

	"drawshow/show/keys"
)

// Record is what a witness file is held to: the record's show and its
// journal.
type Record struct {
	Show string
	// Hash gives the hash, in hex, of a row of the record (of any show: a
	// campaign's journal is one chain); ok is false when it has none.
	Hash func(seq int64) (hash string, ok bool)
	// Rows are the show's own rows' seqs, in order; Closed says the last
	// is its show-closed.
	Rows   []int64
	Closed bool
	// Auditor is the auditor's key the show's countersignatures are held
	// to: the show file's auditor_key, or the key the auditor pinned.
	// Zero when the show names none: nothing of it is countersigned.
	Auditor keys.Public
}

// Check holds a record to a witness file's lines. Every row the witness
// holds must be in the record at the same seq with the same hash, and
// every alarm the witness kept is a problem of its own. The witness must
// also have seen the show itself: hold some of its rows (not another
// show's file), from its opening row on, with none missing between, and
// to its show-closed when the record is closed (not a file cut short, or
// a follower that came late or left early). It names each alarm, then
// the first row the record does not hold as witnessed and how many more,
// then what of the show the witness did not see. Of a show whose file
// names the auditor's key, it then holds the witness file's
// countersignatures and VRF outputs to the record and the key: each
// that does not hold is named, and a file whose countersignatures do
// not reach the show's close (or, of a show not closed, the last row the
// witness holds) is refused, naming the row.
func Check(lines []Line, rec Record) []string {
	var problems []string
	var first string
	missing := 0
	held := map[int64]bool{}
	others := map[string]bool{}
	for _, l := range lines {
		switch {
		case l.Alarm != nil:
			problems = append(problems, fmt.Sprintf("the witness raised an alarm at %s: %s", l.Alarm.At, l.Alarm))
		case l.Row != nil:
			r := l.Row
			if r.Show == rec.Show {
				held[r.Seq] = true
			} else {
				others[r.Show] = true
			}
			h, ok := rec.Hash(r.Seq)
			if ok && h == r.Hash {
				continue
			}
			missing++
			switch {
			case first != "":
			case ok:
				first = fmt.Sprintf("row %d (%s): the witness holds hash %s, the record %s: the record was rewritten after the witness saw it", r.Seq, r.Kind, r.Hash, h)
			default:
				first = fmt.Sprintf("row %d (%s, hash %s): the witness holds it, the record does not: the record was rolled back after the witness saw it", r.Seq, r.Kind, r.Hash)
			}
		}
	}
	if first != "" {
		if missing > 1 {
			first += fmt.Sprintf(" (and %d more witnessed row(s) not in the record)", missing-1)
		}
		problems = append(problems, first)
	}
	problems = append(problems, unseen(rec, held, others)...)
	if !rec.Auditor.IsZero() {
		problems = append(problems, countersigned(lines, rec, held)...)
	}
	return problems
}

// unseen says what of the show's rows the witness did not hold: all of
// them (an empty file, another show's), or those from its opening to
// its last held row, and to the close of a closed show.
func unseen(rec Record, held map[int64]bool, others map[string]bool) []string {
	if len(held) == 0 {
		if len(others) == 0 {
			return []string{fmt.Sprintf("the witness file holds no row: it witnessed nothing of show %s", rec.Show)}
		}
		return []string{fmt.Sprintf("the witness file holds no row of show %s, only of %s: it is another show's witness", rec.Show, strings.Join(sorted(others), ", "))}
	}
	last := int64(0)
	for s := range held {
		last = max(last, s)
	}
	upTo := last
	if rec.Closed && len(rec.Rows) > 0 {
		upTo = rec.Rows[len(rec.Rows)-1]
	}
	var gaps []int64
	for _, s := range rec.Rows {
		if s <= upTo && !held[s] {
			gaps = append(gaps, s)
		}
	}
	if len(gaps) == 0 {
		return nil
	}
	var out []string
	if len(rec.Rows) > 0 && gaps[0] == rec.Rows[0] {
		out = append(out, fmt.Sprintf("the witness does not hold the show's opening row %d: it did not see the show from its start", rec.Rows[0]))
	}
	if rec.Closed && last < upTo {
		out = append(out, fmt.Sprintf("the witness holds the show's rows to row %d; the record goes on to its show-closed at row %d: the witness did not see the close (a file cut short, or a follower that left)", last, upTo))
	}
	if len(out) == 0 {
		n := len(gaps)
		shown := gaps[:min(n, 5)]
		words := make([]string, len(shown))
		for i, s := range shown {
			words[i] = fmt.Sprint(s)
		}
		out = append(out, fmt.Sprintf("%d row(s) of the show were not witnessed (row %s%s): the witness did not see the whole show", n, strings.Join(words, ", "), map[bool]string{true: ", …"}[n > len(shown)]))
	}
	return out
}

func sorted(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Held is how many rows a witness file's lines hold, and the last seq.
func Held(lines []Line) (rows int, last int64) {
	for _, l := range lines {
		if l.Row != nil {
			rows++
			last = max(last, l.Row.Seq)
		}
	}
	return rows, last
}
