package data

import (
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"testing"
	"bufio"
)

func BenchmarkScratchCSV(b *testing.B) {
	path := filepath.Join(b.TempDir(), "entries.csv")
	b.SetBytes(writeBenchCSV(b, path, 1_000_000))
	for b.Loop() {
		f, _ := os.Open(path)
		r := csv.NewReader(bufio.NewReaderSize(f, 64<<10))
		r.ReuseRecord = true
		for {
			_, err := r.Read()
			if err == io.EOF { break }
		}
		f.Close()
	}
}

func BenchmarkScratchTable(b *testing.B) {
	path := filepath.Join(b.TempDir(), "entries.csv")
	b.SetBytes(writeBenchCSV(b, path, 1_000_000))
	for b.Loop() {
		t, _ := openTable(path, "")
		for t.Next() {}
		t.Close()
	}
}

func BenchmarkScratchKeys(b *testing.B) {
	keys := make([]string, 1_000_000)
	for i := range keys { keys[i] = "T" + itoa8(i) }
	for b.Loop() {
		s := newKeySet()
		s.reserve(1_050_000, 10)
		for i, k := range keys { s.add(k, i) }
	}
}
func BenchmarkScratchMap(b *testing.B) {
	keys := make([]string, 1_000_000)
	for i := range keys { keys[i] = "T" + itoa8(i) }
	for b.Loop() {
		s := make(map[string]int32, 1_050_000)
		for i, k := range keys { s[k] = int32(i) }
	}
}
func itoa8(i int) string { b := []byte("00000000"); for j := 7; j >= 0; j-- { b[j] = byte('0' + i%10); i /= 10 }; return string(b) }
