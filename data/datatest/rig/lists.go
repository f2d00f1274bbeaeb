package rig

import (
	"bytes"
	"encoding/csv"
	"os"
	"testing"

	"drawshow/data/record"
)

// CSVRows reads a CSV list of an export by its header, past the banner
// line a rehearsal's list begins with.
func CSVRows(t testing.TB, path string) []map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) > 0 && len(recs[0]) == 1 && recs[0][0] == record.RehearsalBanner {
		recs = recs[1:]
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			if i < len(rec) {
				m[h] = rec[i]
			}
		}
		out = append(out, m)
	}
	return out
}
