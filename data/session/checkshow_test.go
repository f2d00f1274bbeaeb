package session_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/session"
	"drawshow/show"
)

// TestCheckShowKeepsFigures: CheckShow keeps of each bin every figure
// Check gives but not the entries, so a show of many large bins is not
// held whole.
func TestCheckShowKeepsFigures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rig.Write(t, filepath.Join(dir, "entries.csv"), "Ticket,Card,Tier\nT1,C1,ace\nT2,C2,ten\nT3,C1,ace\nT4,C3,king\n")
	text := "promotion: P\nproperty: Q\nsegments:\n" +
		"  - {id: a, entries: entries.csv, winners: 1, tiers: [ace, king]}\n" +
		"  - {id: b, entries: entries.csv, winners: 1}\n"
	rig.Write(t, filepath.Join(dir, "show.yaml"), text)
	sh, err := show.Parse(filepath.Join(dir, "show.yaml"), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	c := session.CheckShow(sh)
	if len(c.Problems) > 0 || len(c.Segments) != 2 {
		t.Fatalf("problems %v, %d segments", c.Problems, len(c.Segments))
	}
	for i, r := range c.Segments {
		full, err := entries.Check(&sh.Segments[i], nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Check.Bin.Entries != nil || r.Check.People != full.People {
			t.Errorf("%s: %d entries kept, %d people", r.Seg.ID, len(r.Check.Bin.Entries), r.Check.People)
		}
		got, want := reflect.ValueOf(*r.Check.Bin), reflect.ValueOf(*full.Bin)
		for f := range got.NumField() {
			name := got.Type().Field(f).Name
			if !got.Type().Field(f).IsExported() || name == "Entries" {
				continue
			}
			if !reflect.DeepEqual(got.Field(f).Interface(), want.Field(f).Interface()) {
				t.Errorf("%s: %s %v, want %v", r.Seg.ID, name, got.Field(f), want.Field(f))
			}
		}
	}
	if a := c.Segments[0].Check.Bin; a.Rows != 4 || a.OutOfTier != 1 || a.Participants != 2 || a.Total != 3 {
		t.Errorf("a: %+v", a)
	}
}
