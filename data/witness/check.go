package witness

import "fmt"

// Check holds a record to a witness file's lines: every row the witness
// holds must be in the record at the same seq with the same hash (hash
// gives the record's hash of a seq in hex, ok false when it has no such
// row), and every alarm the witness kept is a problem of its own. It
// names each alarm, then the first row the record does not hold as
// witnessed and how many more.
func Check(lines []Line, hash func(seq int64) (string, bool)) []string {
	var problems []string
	var first string
	missing := 0
	for _, l := range lines {
		switch {
		case l.Alarm != nil:
			problems = append(problems, fmt.Sprintf("the witness raised an alarm at %s: %s", l.Alarm.At, l.Alarm))
		case l.Row != nil:
			r := l.Row
			h, ok := hash(r.Seq)
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
	return problems
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
