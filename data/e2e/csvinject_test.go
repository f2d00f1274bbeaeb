package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/verify"
	"drawshow/show"
)

// hostileNames are names a spreadsheet would take for formulas, as OWASP's
// CSV injection page lists them.
var hostileNames = []string{
	`=HYPERLINK("http://x")`,
	`@SUM(1+1)*cmd|' /C calc'!A0`,
	`+1+2`,
	`-2+3`,
	`=cmd|' /C notepad'!A0`,
}

// TestExportCSVHasNoFormulas: winners.csv and collection.csv, opened in a
// spreadsheet (LibreOffice Calc, headless: it converts them to XLSX, which
// excelize reads), hold no formula, whatever the entry files' names and
// contact columns and the proxy's name typed on stage; each such cell
// keeps its text behind a leading single quote. Verify writes the same
// bytes again from the journal.
func TestExportCSVHasNoFormulas(t *testing.T) {
	t.Parallel()
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatal("soffice is not installed: the CSV exports cannot be opened as a spreadsheet opens them (apt-get install libreoffice-calc-nogui, or make deps)")
	}
	f := rig.ExportFixture(t)
	var rows, points strings.Builder
	rows.WriteString("Ticket,Card,Name,Tier,Phone,Email,ID Number\n")
	points.WriteString("Card;Name;Tier;Points;Phone;Email;ID Number\n")
	n := 100
	for i, p := range rig.People {
		name := hostileNames[i%len(hostileNames)]
		q := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
		for range p.Tickets {
			n++
			fmt.Fprintf(&rows, "T%d,%s,%s,%s,+27 82 555 01%02d,=1+%d,80010150%05d\n", n, p.Card, q(name), p.Tier, i, i, i)
		}
		fmt.Fprintf(&points, "%s;%s;%s;%d;+27 82 555 01%02d;@%d;80010150%05d\n", p.Card, q(name), p.Tier, p.Points, i, i, i)
	}
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rows.String())
	rig.Write(t, filepath.Join(f.Dir, "points.csv"), points.String())

	db, ss := f.Open(t)
	step := func(line string) {
		t.Helper()
		c, _, err := show.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		f.Clock = rig.OnTime(ss, c, f.Clock.Add(7*time.Second))
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	// a claim, a proxy typed on stage, a decline; two winners to contact
	for _, line := range []string{"draw", "claim", "draw", "proxy =1+2 id=-1", "draw", "decline =1+2 p.4", "next", "draw", "draw", "close"} {
		step(line)
	}
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}

	// one conversion of both files, with a profile of its own
	conv := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, soffice, "-env:UserInstallation=file://"+filepath.ToSlash(filepath.Join(conv, "profile")),
		"--headless", "--norestore", "--convert-to", "xlsx", "--outdir", conv,
		filepath.Join(out, record.WinnersCSV), filepath.Join(out, record.CollectionFile))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, b)
	}
	seen := map[string]bool{}
	for _, name := range []string{record.WinnersCSV, record.CollectionFile} {
		path := filepath.Join(conv, strings.TrimSuffix(name, ".csv")+".xlsx")
		x, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatalf("soffice made no workbook of %s: %v", name, err)
		}
		for _, sheet := range x.GetSheetList() {
			rows, err := x.GetRows(sheet)
			if err != nil {
				t.Fatal(err)
			}
			for r, row := range rows {
				for c, v := range row {
					ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
					if fm, _ := x.GetCellFormula(sheet, ref); fm != "" {
						t.Errorf("%s %s is the formula %q", name, ref, fm)
					}
					if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
						t.Errorf("%s %s is %q: a spreadsheet may take it for a formula", name, ref, v)
					}
					seen[name+" "+v] = true
				}
			}
		}
		x.Close()
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{
		record.CollectionFile + " '=1+2", record.CollectionFile + " '-1", record.WinnersCSV + " '=1+2",
		record.CollectionFile + " '+27 82 555 0100",
	} {
		if !seen[want] {
			t.Errorf("no cell %q once converted", want)
		}
	}
	names := 0
	for _, n := range hostileNames {
		if seen[record.WinnersCSV+" '"+n] {
			names++
		}
	}
	if names == 0 {
		t.Errorf("winners.csv names none of the winners %q with its leading quote", hostileNames)
	}
}
