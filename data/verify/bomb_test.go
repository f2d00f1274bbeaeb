package verify

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zipOf writes a zip of one archive folder: name → content, or a raw
// entry whose header declares size bytes of what data deflates to.
type rawEntry struct {
	data []byte // deflated
	size uint64 // declared, uncompressed
	crc  uint32
}

func writeZip(t *testing.T, files map[string][]byte, raw map[string]rawEntry) string {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	var sums strings.Builder
	for name, data := range files {
		w, err := zw.Create("show/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
		fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256(data), name)
	}
	for name, r := range raw {
		w, err := zw.CreateRaw(&zip.FileHeader{Name: "show/" + name, Method: zip.Deflate, CRC32: r.crc,
			CompressedSize64: uint64(len(r.data)), UncompressedSize64: r.size})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(r.data)
	}
	w, _ := zw.Create("show/SHA256SUMS")
	w.Write([]byte(sums.String()))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "archive.zip")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func deflated(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	fw, _ := flate.NewWriter(&b, flate.BestCompression)
	fw.Write(data)
	fw.Close()
	return b.Bytes()
}

// TestZipBombRefused: a zip is checked before anything is unpacked: a
// 0.6 MB archive wrote about 0.5 GB before it failed. What it declares
// may not pass 1 GiB, and no file may claim to unpack to over 100 times
// its packed size; nothing is then written.
func TestZipBombRefused(t *testing.T) {
	t.Parallel()
	noDB := func(*Report, string) { t.Error("the database copy was checked") }
	zeros := make([]byte, 16<<20)
	bomb := writeZip(t, map[string][]byte{"record.json": []byte("{}")}, map[string]rawEntry{
		"bins/sat.csv": {data: deflated(t, zeros), size: uint64(len(zeros))},
	})
	r, err := Archive(bomb, noDB)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.Problems, "\n"); r.Files != 0 || !strings.Contains(got, "bins/sat.csv: it would unpack to 16.0 MiB from ") ||
		!strings.Contains(got, "more than 100 times its size in the archive: it is not drawshow's, and nothing was unpacked") {
		t.Errorf("a 1000:1 entry: %d files, problems:\n%s", r.Files, got)
	}

	huge := writeZip(t, map[string][]byte{"record.json": []byte("{}")}, map[string]rawEntry{
		"drawshow.db": {data: deflated(t, []byte("x")), size: 2 << 30},
	})
	r, err = Archive(huge, noDB)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.Problems, "\n"); r.Files != 0 || !strings.Contains(got, "the archive declares 2.0 GiB unpacked, over the 1.0 GiB verify unpacks: nothing was unpacked") {
		t.Errorf("2 GiB declared: %d files, problems:\n%s", r.Files, got)
	}
}
