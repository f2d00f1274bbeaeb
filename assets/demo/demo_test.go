package demo

import (
	"bytes"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"drawshow/data/entries"
	"drawshow/show"
)

// TestDemoShow checks that the written demo is a valid show whose every
// file reads, with the sizes the demo promises.
func TestDemoShow(t *testing.T) {
	dir := t.TempDir()
	path, err := WriteTo(dir)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := show.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if sh.Timezone != "Africa/Johannesburg" || sh.Brand.Name == "" || sh.Brand.Primary == "" {
		t.Errorf("timezone %q, brand %+v", sh.Timezone, sh.Brand)
	}
	for _, seg := range sh.Segments {
		if wd := seg.At.Weekday().String(); wd != "Saturday" {
			t.Errorf("segment %s is at %v, a %s", seg.ID, seg.At, wd)
		}
	}

	f, err := os.Open(sh.Brand.Logo)
	if err != nil {
		t.Fatal(err)
	}
	logo, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("logo: %v", err)
	}
	if b := logo.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Errorf("logo is %v, want 256×256", b)
	}

	lists, excl, err := entries.ReadLists(sh, sh.Exclusions, sh.Register, sh.Proxies, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(excl) < 3 || len(lists.Register) < 2 || len(lists.Proxies) < 3 {
		t.Errorf("%d exclusions, %d on the register, %d proxies: want a few of each", len(excl), len(lists.Register), len(lists.Proxies))
	}
	excluded := map[string]bool{}
	for _, c := range excl {
		excluded[c] = true
	}

	type want struct {
		rowsMin, rowsMax     int // rows in the file
		peopleMin, peopleMax int // distinct cards
	}
	wants := map[string]want{
		"sat-cash":     {4500, 5500, 1300, 1500},
		"points-draw":  {1500, 2500, 1500, 2500},
		"members-draw": {1500, 2500, 1500, 2500},
	}
	if n := len(sh.Segments); n != len(wants)+1 || sh.Segments[n-1].Kind != show.KindSlide {
		t.Errorf("%d segments, want %d draws and the Bonus Play Multiplier slide last", n, len(wants))
	}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		if seg.Kind == show.KindSlide {
			continue
		}
		w, ok := wants[seg.ID]
		if !ok {
			t.Errorf("unexpected segment %s", seg.ID)
			continue
		}
		c, err := entries.Check(seg, excluded)
		if err != nil {
			t.Errorf("segment %s: %v", seg.ID, err)
			continue
		}
		bin, people := c.Bin, c.People
		t.Logf("%s: %d rows, %d people, %d excluded, %d eligible, %d tickets, %d capped, %d without a ticket",
			seg.ID, bin.Rows, people, len(bin.Excluded), bin.Participants, bin.Total, bin.Capped, bin.Zero)
		if bin.Rows < w.rowsMin || bin.Rows > w.rowsMax || people < w.peopleMin || people > w.peopleMax {
			t.Errorf("segment %s: %d rows and %d people, want %d..%d and %d..%d",
				seg.ID, bin.Rows, people, w.rowsMin, w.rowsMax, w.peopleMin, w.peopleMax)
		}
		if len(bin.Excluded) == 0 {
			t.Errorf("segment %s: no excluded card is in its entry file", seg.ID)
		}
		if bin.Participants < seg.Winners*10 {
			t.Errorf("segment %s: %d eligible for %d winners", seg.ID, bin.Participants, seg.Winners)
		}
		switch seg.ID {
		case "sat-cash":
			if bin.Total != uint64(bin.Rows-bin.OutOfTier)-excludedRows(t, seg, excluded) {
				t.Errorf("sat-cash: %d tickets of %d rows", bin.Total, bin.Rows)
			}
		case "points-draw":
			if bin.Capped == 0 || bin.Zero == 0 || bin.Total <= uint64(bin.Participants) {
				t.Errorf("points-draw: %d capped, %d without a ticket, %d tickets for %d: want caps, zeros and weights", bin.Capped, bin.Zero, bin.Total, bin.Participants)
			}
		case "members-draw":
			if seg.Attendance != show.NotRequired || bin.Total != uint64(bin.Participants) {
				t.Errorf("members-draw: attendance %s, %d tickets for %d members", seg.Attendance, bin.Total, bin.Participants)
			}
		}
	}
}

// excludedRows counts the rows of seg's entry file whose card is excluded.
func excludedRows(t *testing.T, seg *show.Segment, excluded map[string]bool) uint64 {
	var n uint64
	_, err := entries.Read(seg.Entries, seg.Sheet, entries.Columns(seg.Columns), entries.NeedOf(seg), func(r entries.Row) error {
		if excluded[r.Card] {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNames checks the variety the demo promises: many given names and
// surnames, accents and particles, contact details for some members.
func TestNames(t *testing.T) {
	sh, err := show.Load(mustWrite(t))
	if err != nil {
		t.Fatal(err)
	}
	firsts, surnames := map[string]bool{}, map[string]bool{}
	var mobiles, emails, rows int
	for _, i := range []int{0, 1} {
		seg := &sh.Segments[i]
		_, err := entries.Read(seg.Entries, seg.Sheet, entries.Columns(seg.Columns), entries.NeedOf(seg), func(r entries.Row) error {
			first, last, _ := strings.Cut(r.Name, " ")
			firsts[first], surnames[last] = true, true
			if i == 1 {
				rows++
				if strings.HasPrefix(r.Extra["Mobile"], "+27 ") {
					mobiles++
				}
				if strings.Contains(r.Extra["Email"], "@") {
					emails++
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(firsts) < 300 || len(surnames) < 300 {
		t.Errorf("%d given names and %d surnames, want several hundred of each", len(firsts), len(surnames))
	}
	for _, n := range []string{"Zoë", "Chloé", "Renée", "André", "Stéfan"} {
		if !firsts[n] {
			t.Errorf("no member is called %s", n)
		}
	}
	for _, n := range []string{"van der Merwe", "du Plessis", "de Villiers"} {
		if !surnames[n] {
			t.Errorf("no member's surname is %s", n)
		}
	}
	if mobiles == 0 || mobiles == rows || emails == 0 || emails == rows {
		t.Errorf("%d mobiles and %d e-mail addresses for %d members: want some, not all", mobiles, emails, rows)
	}
}

func mustWrite(t *testing.T) string {
	t.Helper()
	path, err := WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestGeneratorReproducible runs the generator into a temporary folder and
// compares what it writes with the embedded files, byte for byte.
func TestGeneratorReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./gen", "-out", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./gen: %v\n%s", err, out)
	}
	var got, want []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			want = append(want, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the generator writes %q; embedded are %q", got, want)
	}
	for _, name := range want {
		a, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := files.ReadFile(name)
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from the generator's output: run go run ./assets/demo/gen and commit", name)
		}
	}
}
