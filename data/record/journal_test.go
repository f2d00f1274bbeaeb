package record

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// chained is n journal rows of one show (n below 10), each hashed onto
// the one before as the database chains them; payloads, if given, are
// the rows' payloads.
func chained(n int, payloads ...string) []Row {
	prev := make([]byte, sha256.Size)
	var rows []Row
	for i := range n {
		d := string(rune('0' + i))
		r := Row{Seq: int64(i + 1), At: "2024-11-30T19:30:0" + d + "Z", Kind: "note", Show: "royal-flush-2024-11-30",
			Payload: `{"show":"royal-flush-2024-11-30","n":` + d + `}`, PrevHash: hex.EncodeToString(prev)}
		if i < len(payloads) {
			r.Payload = payloads[i]
		}
		h := Chain(prev, Canonical(r.Seq, r.At, r.Kind, []byte(r.Payload)))
		r.Hash = hex.EncodeToString(h)
		rows = append(rows, r)
		prev = h
	}
	return rows
}

// TestJournalFileRoundTrip: journal.jsonl written from rows reads back as
// the same rows, byte for byte in each payload, and their chain holds;
// the file holds each payload's text unescaped.
func TestJournalFileRoundTrip(t *testing.T) {
	t.Parallel()
	// a payload with what JSON may escape, written as the database stores
	// it (not HTML-escaped)
	rows := chained(4, `{"show":"royal-flush-2024-11-30","name":"Zoë <O'Reilly> & \"Jannie\""}`)

	path := filepath.Join(t.TempDir(), JournalFile)
	if err := WriteJournal(path, rows); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || !strings.Contains(string(b), `Zoë <O'Reilly> &`) {
		t.Fatalf("journal.jsonl escapes what the payload stores (%v):\n%s", err, b)
	}
	got, err := ReadJournalFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Fatalf("read back %+v\nwrote %+v", got, rows)
	}
	if p := CheckChain(got); len(p) > 0 {
		t.Fatalf("the chain as written: %q", p)
	}
}

// TestCheckChainNamesEachBreak: a row edited, a row taken out, a
// prev_hash that is not the row before's, a first row not on 32 zero
// bytes and a hash that is not hex are each named by the row's seq.
func TestCheckChainNamesEachBreak(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func([]Row) []Row
		want []string
	}{
		{"as chained", func(r []Row) []Row { return r }, nil},
		{"a payload edited", func(r []Row) []Row {
			r[1].Payload = strings.Replace(r[1].Payload, `"n":1`, `"n":9`, 1)
			return r
		}, []string{"seq 2 (note): content does not match its hash: the row was edited"}},
		{"a row taken out", func(r []Row) []Row { return append(r[:1], r[2:]...) }, []string{
			"seq 3: expected seq 2: rows are missing",
			"seq 3: prev_hash " + chained(3)[2].PrevHash + " is not the hash of the row before (" + chained(3)[0].Hash + ")"}},
		{"the first row on another", func(r []Row) []Row {
			r[0].PrevHash = strings.Repeat("ab", sha256.Size)
			return r
		}, []string{"seq 1: prev_hash is not 32 zero bytes", "seq 1 (note): content does not match its hash: the row was edited"}},
		{"a hash not hex", func(r []Row) []Row {
			r[2].Hash = "not hex"
			return r
		}, []string{"seq 3: prev_hash or hash is not 64 hex digits"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := CheckChain(tc.edit(chained(3))); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("problems %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestReadJournalRefusesOtherFields: a line with a field a Row has not,
// or two objects on a line, is refused by its line number.
func TestReadJournalRefusesOtherFields(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, want string }{
		{`{"seq":1,"extra":2}` + "\n", "journal.jsonl line 1: json: unknown field \"extra\""},
		{"{\"seq\":1}\n{\"seq\":2} {\"seq\":3}\n", "journal.jsonl line 2: more than one object on the line"},
	} {
		if _, err := ReadJournal(strings.NewReader(tc.text)); err == nil || err.Error() != tc.want {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}
