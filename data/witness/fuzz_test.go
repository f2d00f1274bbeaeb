package witness

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

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
	})
}

var (
	showKey, _ = keys.Derive("show", []byte("fuzz"))
	auditor, _ = keys.Derive("auditor", []byte("fuzz"))
)
