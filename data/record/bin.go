package record

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"drawshow/show"
)

// binBanner is the first line of a rehearsal's bin file, above its
// header: the rehearsal banner as the one cell of a CSV row, as
// collection.csv and winners.csv begin. The fingerprint is over the
// entries alone, so the banner changes no pick.
var binBanner = func() string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write([]string{RehearsalBanner})
	w.Flush()
	return b.String()
}()

// WriteBin writes a bin file: header ticket,participant,weight, canonical
// order; a rehearsal's says so on a line of its own above the header.
func WriteBin(path string, es []show.Entry, rehearsal bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	if rehearsal {
		bw.WriteString(binBanner)
	}
	w := csv.NewWriter(bw)
	w.Write([]string{"ticket", "participant", "weight"})
	rec := make([]string, 3)
	for _, e := range es {
		rec[0], rec[1], rec[2] = e.Ticket, e.Participant, strconv.FormatUint(e.Weight, 10)
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadBin reads a bin file and checks its header and canonical order;
// rehearsal says whether it begins with the rehearsal banner.
// The file is read whole and its entries' strings share it: a line with no
// quote (every line WriteBin writes but one whose ticket or participant
// holds a comma, a quote or a line break) is split where it stands.
//
// Only the bytes WriteBin writes read: a file that reads is, written
// again from its entries, the same file, so a bin's fingerprint proves
// its bytes. A carriage return, a missing last line break, a weight
// such as 01 or quotes where WriteBin puts none are refused.
func ReadBin(path string) (es []show.Entry, rehearsal bool, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	text := string(b)
	text, rehearsal = strings.CutPrefix(text, binBanner)
	es, err = readBin(path, text)
	return es, rehearsal, err
}

func readBin(path, text string) ([]show.Entry, error) {
	const header = "ticket,participant,weight"
	line := 1
	head, rest, _ := strings.Cut(text, "\n")
	if head != header || !strings.HasPrefix(text, header+"\n") {
		return nil, fmt.Errorf("%s: header %q, want %s and a line break", path, head, header)
	}
	var es []show.Entry
	if n := strings.Count(rest, "\n"); n > 0 {
		es = make([]show.Entry, 0, n)
	}
	var again strings.Builder
	for rest != "" {
		line++
		var l string
		var e show.Entry
		var w string
		if i := strings.IndexAny(rest, "\"\n"); i >= 0 && rest[i] == '"' {
			// quoted: the CSV reader takes the record, however many lines it spans
			cr := csv.NewReader(strings.NewReader(rest))
			cr.FieldsPerRecord = 3
			rec, err := cr.Read()
			if err != nil {
				return nil, fmt.Errorf("%s row %d: %v", path, line, err)
			}
			off := cr.InputOffset()
			again.Reset()
			cw := csv.NewWriter(&again)
			cw.Write(rec)
			cw.Flush()
			if again.String() != rest[:off] {
				return nil, fmt.Errorf("%s row %d: %q is not written as a bin writes it (%q)", path, line, rest[:off], again.String())
			}
			rest = rest[off:]
			e.Ticket, e.Participant, w = rec[0], rec[1], rec[2]
		} else {
			var ok bool
			l, rest, ok = strings.Cut(rest, "\n")
			if !ok {
				return nil, fmt.Errorf("%s row %d: the file ends without a line break: it is not as an export writes it", path, line)
			}
			t, p, ok1 := strings.Cut(l, ",")
			var ok2 bool
			p, w, ok2 = strings.Cut(p, ",")
			if !ok1 || !ok2 || strings.Contains(w, ",") || strings.ContainsRune(l, '\r') || needsQuotes(t) || needsQuotes(p) {
				return nil, fmt.Errorf("%s row %d: %q is not ticket,participant,weight as a bin writes it", path, line, l)
			}
			e.Ticket, e.Participant = t, p
		}
		n, err := strconv.ParseUint(w, 10, 64)
		if err != nil || n == 0 || strconv.FormatUint(n, 10) != w {
			return nil, fmt.Errorf("%s row %d: weight %q is not a positive whole number as a bin writes it", path, line, w)
		}
		e.Weight = n
		if k := len(es); k > 0 && es[k-1].Ticket >= e.Ticket {
			return nil, fmt.Errorf("%s row %d: ticket %q is not after %q: a bin is in ascending ticket order, each ticket once", path, line, e.Ticket, es[k-1].Ticket)
		}
		es = append(es, e)
	}
	return es, nil
}

// needsQuotes reports whether the CSV writer quotes a field with no quote,
// comma or line break in it: one that starts with a space, or is \. alone.
func needsQuotes(f string) bool {
	r, _ := utf8.DecodeRuneInString(f)
	return f != "" && unicode.IsSpace(r) || f == `\.`
}
