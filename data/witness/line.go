package witness

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"drawshow/data/record"
	"drawshow/show"
)

// Line is one line of the feed and of a witness file: exactly one of its
// fields is set.
type Line struct {
	// Head opens each answer of the feed: the show followed and where the
	// record's journal ends.
	Head *Head `json:"head,omitempty"`
	// Row is a journal row exactly as the record stores it.
	Row *record.Row `json:"row,omitempty"`
	// Alarm is what the follower or the feed found wrong.
	Alarm *Alarm `json:"alarm,omitempty"`
	// Closed says the show closed at this row: the feed has no more.
	Closed *Head `json:"closed,omitempty"`
	// Checkpoint is, from the feed, the show's signed checkpoint of the
	// rows its answer brought, for the auditor's witness to countersign.
	Checkpoint *string `json:"checkpoint,omitempty"`
	// Cosigned is, in a witness file, a checkpoint the witness
	// countersigned.
	Cosigned *show.Cosigned `json:"cosigned,omitempty"`
	// Ask is, from the feed, the show's request for the auditor's VRF
	// output on a pick's input.
	Ask *Ask `json:"ask,omitempty"`
	// Proof is, in a witness file, a VRF output the witness gave.
	Proof *Proof `json:"proof,omitempty"`

	// At is, in a witness file, when the follower received a row, by
	// its own clock (RFC 3339, to the millisecond).
	At string `json:"at,omitempty"`
}

// Head is a show and a place in the journal.
type Head struct {
	Show string `json:"show,omitempty"`
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"`
	// Key is the public key the show signs its checkpoints with, and
	// Auditor the key whose countersignatures it takes: both only on the
	// head of a show whose file names the auditor's key.
	Key     string `json:"key,omitempty"`
	Auditor string `json:"auditor,omitempty"`
}

// AlarmKind is what went wrong.
type AlarmKind string

// The alarms.
const (
	// Rollback: the record no longer holds a row the follower holds.
	Rollback AlarmKind = "rollback"
	// Fork: the record holds another row at a seq the follower holds.
	Fork AlarmKind = "fork"
	// Broken: a row does not follow the one before it, or its hash is
	// not its content's.
	Broken AlarmKind = "broken"
	// FalseClose: the feed said the show closed at a row that is not the
	// show-closed row the follower holds.
	FalseClose AlarmKind = "false-close"
	// Refused: the witness would not countersign a checkpoint, or give a
	// VRF output, that does not follow what it already signed: a
	// checkpoint off the branch it countersigned, a pick asked for again
	// on another row (a re-roll).
	Refused AlarmKind = "refused"
)

// Alarm is a rollback, a fork or a broken row, with both hashes.
type Alarm struct {
	Kind   AlarmKind `json:"kind"`
	At     string    `json:"at,omitempty"` // when the follower saw it, RFC 3339
	Seq    int64     `json:"seq"`
	Held   string    `json:"held,omitempty"`   // the hash the follower holds at Seq
	Record string    `json:"record,omitempty"` // the hash the record has there; "" for none
	Text   string    `json:"text"`
}

func (a *Alarm) String() string { return fmt.Sprintf("%s at seq %d: %s", a.Kind, a.Seq, a.Text) }

// maxLine bounds one line: a journal row may be long (see
// record.MaxJournalLine), and a line carries one.
const maxLine = record.MaxJournalLine + 4096

// ReadLines reads lines of JSON, one Line each, naming the line of any
// that is not one. With an error it returns the lines read before it.
func ReadLines(r io.Reader, name string) ([]Line, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var out []Line
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		l, err := parseLine(sc.Bytes())
		if err != nil {
			return out, fmt.Errorf("%s line %d: %v", name, n, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

func parseLine(b []byte) (Line, error) {
	var l Line
	if err := json.Unmarshal(b, &l); err != nil {
		return l, err
	}
	n := 0
	for _, set := range []bool{l.Head != nil, l.Row != nil, l.Alarm != nil, l.Closed != nil, l.Checkpoint != nil, l.Cosigned != nil, l.Ask != nil, l.Proof != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return l, fmt.Errorf("a line holds one of head, row, alarm, closed, checkpoint, cosigned, ask or proof; this one holds %d", n)
	}
	return l, nil
}

// ReadFile reads a witness file.
func ReadFile(path string) ([]Line, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLines(f, path)
}
