package entries

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/show"
)

// fridayPrive is Friday Prive 4.2's qualify as the show file gives it.
const fridayPrive = `promotion: P
property: C
segments:
  - id: fri
    entries: fri.csv
    qualify:
      any:
        - spend: {column: Average Spend (12m), min: 5000, name: average spend}
        - spend: {column: Total Spend (12m), min: 50000, name: total spend}
`

func fridaySeg(t *testing.T, dir, content string) *show.Segment {
	t.Helper()
	sh, err := show.Parse(filepath.Join(dir, "s.yaml"), []byte(fridayPrive))
	if err != nil {
		t.Fatal(err)
	}
	seg := &sh.Segments[0]
	if err := os.WriteFile(seg.Entries, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return seg
}

// Each spend column qualify any names is read, in the forms the Rewards
// system writes an amount, and kept among the row's other columns too
// (the record stores it there).
func TestReadSpendColumns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seg := fridaySeg(t, dir, "Ticket;Card;Name;Average Spend (12m);Total Spend (12m);Email\n"+
		"T1;1001;Ann;R 3 648,00;R 12 000,00;ann@example.com\n"+
		"T2;1002;Bo;R5 000.00;R1 200;bo@example.com\n"+
		"T3;1003;Cy;1 200,50;\"R 50 000,00\";cy@example.com\n")
	var got []Row
	if _, err := Read(seg.Entries, "", Columns(seg.Columns), NeedOf(seg), func(r Row) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	want := [][2]uint64{{3648, 12000}, {5000, 1200}, {1200, 50000}}
	if len(got) != len(want) {
		t.Fatalf("%d rows", len(got))
	}
	for i, r := range got {
		if r.Spend != want[i][0] || r.Spends != [show.MaxSpends - 1]uint64{want[i][1]} {
			t.Errorf("row %d: spends %d %v, want %v", r.Line, r.Spend, r.Spends, want[i])
		}
	}
	if v := got[0].Extra["Total Spend (12m)"]; v != "R 12 000,00" {
		t.Errorf("extra %v", got[0].Extra)
	}
	if _, ok := got[0].Extra["Average Spend (12m)"]; ok {
		t.Errorf("the first spend column is stored as the spend, not among the others: %v", got[0].Extra)
	}
	// read back from what the record stores
	s, err := Spends(map[string]string{"total spend (12M) ": "x", "Total Spend (12m)": "R 12 000,00"}, seg.Columns.Spends)
	if err != nil || s != [show.MaxSpends - 1]uint64{12000} {
		t.Errorf("Spends: %v %v", s, err)
	}
}

func TestReadSpendColumnsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct{ name, content, want string }{
		{"an amount that is not", "Ticket;Card;Average Spend (12m);Total Spend (12m)\nT1;1001;R 3 648,00;R12 OOO\n",
			`fri.csv row 2, column "Total Spend (12m)": spend "R12 OOO" is not an amount`},
		{"an empty spend", "Ticket;Card;Average Spend (12m);Total Spend (12m)\nT1;1001;R 3 648,00;\n",
			`fri.csv row 2, column "Total Spend (12m)": the spend is empty`},
		{"a column missing", "Ticket;Card;Average Spend (12m);Total\nT1;1001;R 3 648,00;5\n",
			`no column "Total Spend (12m)", which the show file names as the spend column`},
	} {
		t.Run(c.name, func(t *testing.T) {
			seg := fridaySeg(t, dir, c.content)
			_, err := Read(seg.Entries, "", Columns(seg.Columns), NeedOf(seg), func(Row) error { return nil })
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%v, want %q", err, c.want)
			}
		})
	}
}
