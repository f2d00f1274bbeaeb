package sheet

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
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
