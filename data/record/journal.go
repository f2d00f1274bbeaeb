package record

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"drawshow/show"
)

// Row is one row of the journal exactly as the database stores it. An
// export's journal.jsonl holds the show's rows and, between them, the rows
// of the campaign's other shows that link them into one chain.
type Row struct {
	Seq      int64  `json:"seq"`
	At       string `json:"at"`
	Kind     string `json:"kind"`
	Show     string `json:"show"`
	Payload  string `json:"payload"` // the JSON text as stored, byte for byte
	PrevHash string `json:"prev_hash"`
	Hash     string `json:"hash"`
}

// Canonical is the byte string a journal row's hash covers after the
// previous hash: seq, at, kind and payload, each ended by a newline.
func Canonical(seq int64, at, kind string, payload []byte) []byte {
	b := strconv.AppendInt(nil, seq, 10)
	b = append(b, '\n')
	b = append(b, at...)
	b = append(b, '\n')
	b = append(b, kind...)
	b = append(b, '\n')
	b = append(b, payload...)
	return append(b, '\n')
}

// Chain is a row's hash: SHA-256(prev_hash || canonical bytes).
func Chain(prev, canonical []byte) []byte {
	h := sha256.New()
	h.Write(prev)
	h.Write(canonical)
	return h.Sum(nil)
}

// Event decodes the row's event.
func (r *Row) Event() (show.Event, error) {
	t, err := time.Parse(time.RFC3339Nano, r.At)
	if err != nil {
		return show.Event{}, fmt.Errorf("seq %d: time %q: %v", r.Seq, r.At, err)
	}
	e, err := show.DecodeEvent(r.Seq, t, r.Kind, []byte(r.Payload))
	e.Hash = r.Hash
	if err != nil {
		return e, err
	}
	if e.Show != r.Show {
		return e, fmt.Errorf("seq %d: show column %q but payload says %q", r.Seq, r.Show, e.Show)
	}
	if p, _ := e.Payload(); !bytes.Equal(p, []byte(r.Payload)) {
		return e, fmt.Errorf("seq %d (%s): the payload is not as drawshow writes it: %s", r.Seq, r.Kind, r.Payload)
	}
	return e, nil
}

// CheckChain checks rows as one stretch of the chain: seq without a gap,
// each prev_hash the row before's hash, each hash its content's. It names
// every break.
func CheckChain(rows []Row) []string {
	var out []string
	for i := range rows {
		r := &rows[i]
		prev, err1 := hex.DecodeString(r.PrevHash)
		h, err2 := hex.DecodeString(r.Hash)
		if err1 != nil || err2 != nil || len(prev) != sha256.Size || len(h) != sha256.Size {
			out = append(out, fmt.Sprintf("seq %d: prev_hash or hash is not 64 hex digits", r.Seq))
			continue
		}
		if i > 0 {
			if r.Seq != rows[i-1].Seq+1 {
				out = append(out, fmt.Sprintf("seq %d: expected seq %d: rows are missing", r.Seq, rows[i-1].Seq+1))
			}
			if r.PrevHash != rows[i-1].Hash {
				out = append(out, fmt.Sprintf("seq %d: prev_hash %s is not the hash of the row before (%s)", r.Seq, r.PrevHash, rows[i-1].Hash))
			}
		} else if r.Seq == 1 && r.PrevHash != hex.EncodeToString(make([]byte, sha256.Size)) {
			out = append(out, "seq 1: prev_hash is not 32 zero bytes")
		}
		if got := Chain(prev, Canonical(r.Seq, r.At, r.Kind, []byte(r.Payload))); !bytes.Equal(got, h) {
			out = append(out, fmt.Sprintf("seq %d (%s): content does not match its hash: the row was edited", r.Seq, r.Kind))
		}
	}
	return out
}

// WriteJournal writes rows as journal.jsonl: one JSON object a line.
func WriteJournal(path string, rows []Row) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range rows {
		if err := enc.Encode(&rows[i]); err != nil {
			f.Close()
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// MaxJournalLine bounds one line of journal.jsonl: a bin's freeze lists
// the cards it took out, so a line may be long, but not without end.
const MaxJournalLine = 64 << 20

// ReadJournalFile reads the journal.jsonl at path.
func ReadJournalFile(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJournal(f)
}

// ReadJournal reads journal.jsonl, each line a Row with no other field.
func ReadJournal(r io.Reader) ([]Row, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxJournalLine)
	var rows []Row
	for line := 1; sc.Scan(); line++ {
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		var row Row
		if err := dec.Decode(&row); err != nil {
			return nil, fmt.Errorf("%s line %d: %v", JournalFile, line, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%s line %d: more than one object on the line", JournalFile, line)
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: line %d is longer than %d bytes", JournalFile, len(rows)+1, MaxJournalLine)
		}
		return nil, fmt.Errorf("%s: %v", JournalFile, err)
	}
	return rows, nil
}
