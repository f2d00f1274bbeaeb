package witness

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/sumdb/note"

	"drawshow/show"
	"drawshow/show/keys"
)

// FuzzReadLines: a witness file or a feed's answer, whatever its bytes,
// is read or refused naming its line, and never panics; what is read
// holds one field a line and goes through the follower without a panic.
func FuzzReadLines(f *testing.F) {
	row := `{"row":{"seq":1,"at":"2024-11-30T19:30:00Z","kind":"show-opened","show":"s","payload":"{}","prev_hash":"` + strings.Repeat("0", 64) + `","hash":"` + strings.Repeat("a", 64) + `"}}`
	f.Add([]byte(row + "\n"))
	f.Add([]byte(`{"head":{"show":"s","seq":3,"hash":"ab"}}` + "\n" + `{"alarm":{"kind":"rollback","seq":6,"text":"x"}}` + "\n"))
	f.Add([]byte(`{"closed":{"seq":9,"hash":""}}` + "\n\n"))
	f.Add([]byte(`{"row":null,"alarm":{}}`))
	f.Add([]byte("{\"head\":{}, \"row\":{}}\n"))
	f.Add([]byte(`{"head":{"show":"s","seq":1,"hash":"ab","key":"` + showKey.Public().String() + `"}}` + "\n" + row + "\n" + `{"checkpoint":"drawshow/s\n1\nqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqo=\n\n— show x\n"}` + "\n" + `{"ask":{"show":"s","draw":"d","k":0,"seq":1,"hash":"` + strings.Repeat("a", 64) + `"}}` + "\n"))
	// a countersigned checkpoint and a VRF output, as the auditor's
	// follower keeps them
	signed, err := show.Checkpoint{Show: "s", Seq: 1, Hash: strings.Repeat("a", 64)}.Sign(showKey)
	if err != nil {
		f.Fatal(err)
	}
	n, err := note.Open([]byte(signed), note.VerifierList(showKey.Public().Verifier()))
	if err != nil {
		f.Fatal(err)
	}
	cosigned, err := note.Sign(n, auditor.Cosigner(time.Unix(1732995000, 0)))
	if err != nil {
		f.Fatal(err)
	}
	cs, _ := json.Marshal(Line{Cosigned: &show.Cosigned{Checkpoint: show.Checkpoint{Show: "s", Seq: 1, Hash: strings.Repeat("a", 64)}, Note: string(cosigned), At: "2024-11-30T19:30:00Z"}})
	pr, _ := json.Marshal(Line{Proof: &Proof{Ask: Ask{Show: "s", Draw: "d", Seq: 1, Hash: strings.Repeat("a", 64)}, Beta: "00", Proof: strings.Repeat("0", 160)}})
	f.Add([]byte(`{"head":{"show":"s","seq":1,"hash":"ab","key":"` + showKey.Public().String() + `"}}` + "\n" + row + "\n" + string(cs) + "\n" + string(pr) + "\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		lines, err := ReadLines(bytes.NewReader(b), "w.jsonl")
		if err != nil && !strings.HasPrefix(err.Error(), "w.jsonl") {
			t.Fatalf("an error that does not name the file: %v", err)
		}
		fl := newFollower(auditor)
		for _, l := range lines {
			n := 0
			for _, set := range []bool{l.Head != nil, l.Row != nil, l.Alarm != nil, l.Closed != nil, l.Checkpoint != nil, l.Cosigned != nil, l.Ask != nil, l.Proof != nil} {
				if set {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("a line read with %d fields: %+v", n, l)
			}
			for _, k := range fl.take(l, time.Time{}) {
				if _, err := json.Marshal(k); err != nil {
					t.Fatal(err)
				}
			}
		}
		Check(lines, Record{Show: "s", Hash: func(int64) (string, bool) { return "", false }})
		// of a countersigned show: the countersignatures and VRF outputs
		// are opened and verified, whatever they hold, without a panic
		Check(lines, Record{Show: "s", Rows: []int64{1}, Closed: true, Auditor: auditor.Public(), Hash: func(seq int64) (string, bool) {
			return strings.Repeat("a", 64), seq == 1
		}})
	})
}

var (
	showKey, _ = keys.Derive("show", []byte("fuzz"))
	auditor, _ = keys.Derive("auditor", []byte("fuzz"))
)
