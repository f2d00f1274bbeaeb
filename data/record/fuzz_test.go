package record

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"drawshow/show"
)

const journalSeed = `{"seq":1,"at":"2024-11-30T17:00:00Z","kind":"show-opened","show":"s","payload":"{\"show\":\"s\",\"opened\":{\"algorithm\":\"drawshow-v1\",\"promotion\":\"p\",\"property\":\"q\",\"rehearsal\":false,\"commitment\":\"c\",\"witness\":\"\",\"file\":\"f\",\"file_sha256\":\"h\",\"segments\":[\"a\"]}}","prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","hash":"0000000000000000000000000000000000000000000000000000000000000000"}
`

// FuzzReadJournal: journal.jsonl as an auditor receives it. Reading,
// decoding each row and checking the chain never panic, and a journal
// read back is written again as it was read.
func FuzzReadJournal(f *testing.F) {
	f.Add([]byte(journalSeed))
	f.Add([]byte(journalSeed + journalSeed))
	f.Add([]byte("{}\n"))
	f.Add([]byte(`{"seq":1,"extra":2}`))
	f.Add([]byte("not json\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		rows, err := ReadJournal(bytes.NewReader(b))
		if err != nil {
			return
		}
		CheckChain(rows)
		for i := range rows {
			rows[i].Event()
		}
		p := filepath.Join(t.TempDir(), JournalFile)
		if err := WriteJournal(p, rows); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		again, err := ReadJournal(f)
		if err != nil || len(again) != len(rows) {
			t.Fatalf("written and read again: %d rows, %v; read %d", len(again), err, len(rows))
		}
		for i := range rows {
			if again[i] != rows[i] {
				t.Fatalf("row %d: %+v, written and read again %+v", i, rows[i], again[i])
			}
		}
	})
}

// FuzzReadBin: a bin file. What reads is in canonical order with positive
// weights, and writes back to the same entries and the same bytes.
func FuzzReadBin(f *testing.F) {
	f.Add([]byte("ticket,participant,weight\nT1,C1,1\nT2,C2,3\n"))
	f.Add([]byte("ticket,participant,weight\nT2,C2,1\nT1,C1,1\n"))
	f.Add([]byte("ticket,participant,weight\n\"T,1\",C1,18446744073709551615\n"))
	f.Add([]byte("a,b\n"))
	f.Add([]byte(binBanner + "ticket,participant,weight\nT1,C1,1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		dir := t.TempDir()
		p := filepath.Join(dir, "bin.csv")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		// whatever the bytes, a bin written from them reads back as written
		var mine []show.Entry
		for i, l := range strings.Split(string(b), "\n") {
			if !utf8.ValidString(l) {
				continue
			}
			mine = append(mine, show.Entry{Ticket: l, Participant: strconv.Itoa(i % 3), Weight: uint64(i + 1)})
		}
		show.SortEntries(mine)
		mine = slices.CompactFunc(mine, func(a, b show.Entry) bool { return a.Ticket == b.Ticket })
		w := filepath.Join(dir, "written.csv")
		rehearsal := len(b)%2 == 1
		if err := WriteBin(w, mine, rehearsal); err != nil {
			t.Fatal(err)
		}
		back, marked, err := ReadBin(w)
		if err != nil || !slices.Equal(back, mine) || marked != rehearsal {
			t.Fatalf("a bin written of %d entries (rehearsal %v) reads back as %d (%v): %v", len(mine), rehearsal, len(back), marked, err)
		}

		es, marked, err := ReadBin(p)
		if err != nil {
			if strings.Contains(err.Error(), dir) && !strings.HasPrefix(err.Error(), p) {
				t.Fatalf("error does not start with the file: %v", err)
			}
			return
		}
		for i, e := range es {
			if e.Weight == 0 || i > 0 && es[i-1].Ticket >= e.Ticket {
				t.Fatalf("entry %d: %+v accepted", i, e)
			}
		}
		q := filepath.Join(dir, "again.csv")
		if err := WriteBin(q, es, marked); err != nil {
			t.Fatal(err)
		}
		// a bin that reads is the file WriteBin writes of its entries, so
		// the fingerprint of the entries proves the bytes
		if written, err := os.ReadFile(q); err != nil || !bytes.Equal(written, b) {
			t.Fatalf("a bin that reads is not the file its entries write:\n%q\n%q", b, written)
		}
		again, again2, err := ReadBin(q)
		if err != nil || len(again) != len(es) || again2 != marked {
			t.Fatalf("written and read again: %v", err)
		}
		for i := range es {
			if again[i] != es[i] {
				t.Fatalf("entry %d: %+v, again %+v", i, es[i], again[i])
			}
		}
	})
}
