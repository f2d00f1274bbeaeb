package entries

import (
	"errors"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/data/internal/sheet"

	"github.com/xuri/excelize/v2"
)

// endless is a file of head then tail repeated to size bytes in all,
// made as it is read; it counts the bytes read.
type endless struct {
	head, tail string
	size, read int64
}

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.size {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && e.read < e.size {
		var c byte
		if e.read < int64(len(e.head)) {
			c = e.head[e.read]
		} else {
			c = e.tail[(e.read-int64(len(e.head)))%int64(len(e.tail))]
		}
		p[n] = c
		n++
		e.read++
	}
	return n, nil
}

func (e *endless) Close() error { return nil }

// readEndless reads e as an entry file and returns the bytes allocated
// meanwhile and the error.
func readEndless(t testing.TB, e *endless) (uint64, error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rows := 0
	r, err := sheet.FromCSV("huge.csv", e, e.size)
	if err == nil {
		tr := &tableReader{Reader: r}
		_, err = entriesOf(tr, Columns{}, Need{Ticket: true}, func(Row) error { rows++; return nil })
		tr.Close()
	}
	runtime.ReadMemStats(&after)
	if rows > 0 {
		t.Errorf("%d rows were passed on", rows)
	}
	return after.TotalAlloc - before.TotalAlloc, err
}

const mb200 = 200 << 20

// TestHugeFileRefusedReadingLittle: a 200 MB entry file with no line
// break, or a row of one huge name, of endless short cells or of a quoted
// value with endless line breaks, is refused with its row and column
// having read a few hundred KiB of it. What the refusal allocates (a few
// MB at most, the most for a row of 32 000 short cells, which the CSV
// reader splits before the limit's error reaches it) is the runtime's to
// count, not the test's: BenchmarkRefuseHuge200MB reports it.
func TestHugeFileRefusedReadingLittle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, head, tail string
		row              int
		col, msg         string
	}{
		{"no line break", "", "a", 1, "A", "is longer than 1024 bytes"},
		{"a huge name", "Ticket,Card,Name\nT1,C1,", "a", 2, "Name", "is longer than 1024 bytes"},
		{"a huge quoted name", "Ticket,Card,Name\nT1,C1,\"", "a\"\"", 2, "Name", "is longer than 1024 bytes"},
		{"endless cells", "Ticket,Card,Name\nT1,C1,", "x,", 2, "", "the row is longer than 64 KiB"},
		{"endless quoted line breaks", "Ticket,Card,Name\nT1,C1,\"Thabo", "\r\nMokoena", 2, "Name", "is longer than 1024 bytes"},
		{"endless quoted cells with line breaks", "Ticket,Card,Name\nT1,C1,Thabo,", "\"a\nb\",", 2, "", "the row is longer than 64 KiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &endless{head: tc.head, tail: tc.tail, size: mb200}
			alloc, err := readEndless(t, e)
			var fe *FileError
			if !errors.As(err, &fe) || len(fe.Errs) != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			c := fe.Errs[0]
			if c.Row != tc.row || tc.col != "" && c.Column != tc.col || !strings.Contains(c.Msg, tc.msg) || !strings.HasPrefix(err.Error(), "huge.csv row ") {
				t.Errorf("got %+v (%v), want row %d, column %q, %q", c, err, tc.row, tc.col, tc.msg)
			}
			if tc.col == "" && c.Column == "" {
				t.Errorf("no column: %+v", c)
			}
			if e.read > 256<<10 {
				t.Errorf("read %d bytes of the file to refuse it, want at most 256 KiB", e.read)
			}
			t.Logf("read %d KiB, allocated %d KiB: %v", e.read>>10, alloc>>10, err)
		})
	}
}

// BenchmarkRefuseHuge200MB: refusing a 200 MB entry file with no line
// break reads a few hundred KiB of it and allocates well under 8 MiB.
func BenchmarkRefuseHuge200MB(b *testing.B) {
	var read int64
	var alloc uint64
	for b.Loop() {
		e := &endless{head: "Ticket,Card,Name\nT1,C1,", tail: "a", size: mb200}
		n, err := readEndless(b, e)
		var fe *FileError
		if !errors.As(err, &fe) || len(fe.Errs) != 1 || !strings.Contains(fe.Errs[0].Msg, "is longer than 1024 bytes") {
			b.Fatalf("got %v, want the name refused as longer than 1024 bytes", err)
		}
		read += e.read
		alloc += n
	}
	b.ReportMetric(float64(read)/float64(b.N), "bytes-read/op")
	b.ReportMetric(float64(alloc)/float64(b.N), "bytes-allocated/op")
}

// TestFieldLimits: a name of 200 characters, a cell of 1 KiB and a row of
// 64 KiB pass; one more is refused with file, row, column and the value's
// start; an XLSX file is held to the same limits.
func TestFieldLimits(t *testing.T) {
	t.Parallel()
	longName := strings.Repeat("é", MaxName)
	cellOf := strings.Repeat("x", MaxField)
	// 63 cells of 1 KiB and their commas: a row just under 64 KiB
	var wide []string
	for range 63 {
		wide = append(wide, cellOf)
	}
	header := "Ticket,Card,Name,Email"
	wideHeader := header + strings.Repeat(",", 63)
	for _, tc := range []struct {
		name, header, row string
		ok                bool
		col, msg          string
	}{
		{"a name of 200 characters", header, "T1,C1," + longName + ",x@example.co.za", true, "", ""},
		{"a name of 201", header, "T1,C1," + longName + "e,x@example.co.za", false, "Name", "is 201 characters long, more than the 200 a name may have"},
		{"a cell of 1 KiB", header, "T1,C1,Thabo," + cellOf, true, "", ""},
		{"a cell of 1 KiB and a byte", header, "T1,C1,Thabo," + cellOf + "x", false, "Email", "is 1025 bytes long, more than the 1024 a cell may hold"},
		{"a quoted cell of 1 KiB with its quotes doubled", header, "T1,C1,Thabo,\"" + strings.Repeat(`""`, MaxField) + "\"", true, "", ""},
		{"a row under 64 KiB", wideHeader, "T1,C1,Thabo,x," + strings.Join(wide, ","), true, "", ""},
		{"a row over 64 KiB", wideHeader, "T1,C1,Thabo,x," + strings.Join(wide, ",") + ",x" + strings.Repeat(",", 1000), false, "", "the row is longer than 64 KiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filetest.File(t, "e.csv", tc.header+"\n"+tc.row+"\n")
			rows, _, err := readEntries(t, path, "", Columns{}, Need{Ticket: true})
			if tc.ok {
				if err != nil || len(rows) != 1 {
					t.Fatalf("%d rows, %v", len(rows), err)
				}
				return
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.Total != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			c := fe.Errs[0]
			if c.Row != 2 || tc.col != "" && c.Column != tc.col || !strings.Contains(c.Msg, tc.msg) || !strings.Contains(err.Error(), "e.csv row 2, column ") {
				t.Errorf("got %+v, want row 2, column %q, %q", c, tc.col, tc.msg)
			}
			if len(c.Value) > 64 || c.Value == "" {
				t.Errorf("value %q: want the start of the value", c.Value)
			}
		})
	}

	x := excelize.NewFile()
	x.SetSheetRow("Sheet1", "A1", &[]string{"Ticket", "Card", "Name"})
	x.SetSheetRow("Sheet1", "A2", &[]string{"T1", "C1", "Thabo"})
	x.SetSheetRow("Sheet1", "A3", &[]string{"T2", "C2", strings.Repeat("y", MaxField+1)})
	path := filepath.Join(t.TempDir(), "e.xlsx")
	if err := x.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	_, _, err := readEntries(t, path, "", Columns{}, Need{Ticket: true})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Errs[0].Row != 3 || fe.Errs[0].Column != "Name" {
		t.Errorf("an XLSX cell of 1 KiB and a byte: %v", err)
	}
}
