package sheet

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzOpenCSV: whatever bytes a CSV file holds, the reader returns rows
// numbered upwards, a problem as a *FileError naming the file (or an
// error about the file itself), and a hash of the whole file.
func FuzzOpenCSV(f *testing.F) {
	for _, s := range []string{
		"Ticket,Card,Name\nT1,C1,Thabo\n",
		"Weekly draw\n\nCard;Name\n1;\"a\nb\"\n\n2;x\n",
		"\xEF\xBB\xBFCard\tName\n1\tZo\xeb\n",
		"Card,Name\n1,\"unclosed\n",
	} {
		f.Add([]byte(s), 0)
	}
	f.Fuzz(func(t *testing.T, content []byte, headerRow int) {
		path := filepath.Join(t.TempDir(), "f.csv")
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := Open(path, "")
		if err != nil {
			return
		}
		defer r.Close()
		if headerRow > 0 && headerRow < 20 {
			if fe := r.SeekHeader(headerRow); fe != nil {
				return
			}
		}
		last := r.HeaderLine()
		for r.Next() {
			if r.Line() <= last {
				t.Fatalf("row %d after row %d", r.Line(), last)
			}
			last = r.Line()
		}
		var fe *FileError
		if err := r.Err(); err != nil && errors.As(err, &fe) {
			if fe.File != path || len(fe.Errs) == 0 || fe.Total < len(fe.Errs) || len(fe.Errs) > MaxListed {
				t.Fatalf("file error %+v", fe)
			}
		}
		if sum, err := r.SHA256(); err == nil && len(sum) != 64 {
			t.Fatalf("hash %q", sum)
		}
	})
}

// FuzzCSVReader: csvReader reads any bytes as encoding/csv does, set as
// newCSVSource sets it: the same records, record by record, each on the
// same line, the same errors, the same bytes read.
func FuzzCSVReader(f *testing.F) {
	for _, s := range []string{
		"Ticket,Card,Name\r\nT1,C1,Thabo\n\n T2 , C2,\"Botha, Piet\"\n",
		"a;\"b\"\"c\";\"d\ne\"\r\n;;\n\"x\"y\n",
		"a\t \"b\"\t\t\nc\"d\n",
		"\"unclosed\n",
		"a,\"b\r\n\r\nc\",d\r",
		"\u00a0 \"q\",\u3000x\n \n",
		"x,\"a\"\"\n",
		"a,\"x\"y,b\n",
	} {
		f.Add([]byte(s), byte(0), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, delim byte, trim bool) {
		comma := []byte(",;\t")[int(delim)%3]
		if comma == '\t' {
			trim = false
		}
		want := csv.NewReader(bytes.NewReader(data))
		want.Comma = rune(comma)
		want.FieldsPerRecord = -1
		want.ReuseRecord = true
		want.TrimLeadingSpace = trim
		got := newCSVReader(bytes.NewReader(data), comma, trim)
		for n := 1; ; n++ {
			wr, werr := want.Read()
			gr, gerr := got.Read()
			if fmt.Sprint(werr) != fmt.Sprint(gerr) || !slices.Equal(wr, gr) {
				t.Fatalf("record %d: %q, %v; encoding/csv: %q, %v", n, gr, gerr, wr, werr)
			}
			if werr == io.EOF {
				break
			}
			if werr == nil {
				if line, _ := want.FieldPos(0); got.start != line {
					t.Fatalf("record %d on line %d; encoding/csv: %d", n, got.start, line)
				}
			}
			if got.offset != want.InputOffset() {
				t.Fatalf("record %d: %d bytes read; encoding/csv: %d", n, got.offset, want.InputOffset())
			}
			if werr != nil {
				break
			}
		}
	})
}

// FuzzLineLimit: lineLimit passes on the whole file, or stops at the same
// row, column and cell, whether it is read a byte at a time, when it looks
// at every byte, or a buffer at a time, when it skips whole rows without
// quotes.
func FuzzLineLimit(f *testing.F) {
	long := strings.Repeat("x", MaxLine+10)
	for _, s := range []string{
		"a,b\nc,d\n", "a,\"b\nc\",d\n" + long, "a,b\n" + long + "\n", "\"" + long, "a;" + long[:MaxLine-1] + "\nb\n" + long,
		strings.Repeat("x,y\n", 40_000) + "a,b,c" + long, // a long row after rows skipped whole, across reads
		strings.Repeat("x,\"y\"\n", 9_000) + strings.Repeat("x,y\n", 9_000) + "a,b" + long,
	} {
		f.Add([]byte(s), byte(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, delim byte) {
		comma := []byte(",;\t")[int(delim)%3]
		read := func(r io.Reader) (int64, errTooLong) {
			n, err := io.CopyBuffer(io.Discard, newLineLimit(r, rune(comma)), make([]byte, 64<<10))
			var long *errTooLong
			if errors.As(err, &long) {
				return -1, *long // how much came before depends on the reads
			}
			return n, errTooLong{}
		}
		oneN, oneErr := read(iotest.OneByteReader(bytes.NewReader(data)))
		allN, allErr := read(bytes.NewReader(data))
		if oneN != allN || oneErr != allErr {
			t.Fatalf("a byte at a time: %d bytes, %+v; at once: %d bytes, %+v", oneN, oneErr, allN, allErr)
		}
	})
}
