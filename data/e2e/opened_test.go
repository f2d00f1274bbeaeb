package e2e

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// TestListsOpenAsWrittenInLibreOffice: every list the prize desk and the
// promotions team open (the winners, the collection list, the
// standings) reads as written when LibreOffice opens it with its own
// default import, as a double-click does: names in UTF-8, cards and
// tickets digit for digit (0000000042 keeps its zeros, 6001000087891151
// its sixteenth digit), phone numbers with their 0. A CSV cannot promise
// that (LibreOffice reads it as Latin-1, BOM or not, and takes a field
// of digits, quoted or not, for a number), so the person's list is
// winners.xlsx, whose cells are text: every name, card, ticket and
// contact of winners.csv, collection.csv and standings.csv is a cell of
// the workbook LibreOffice opens. What LibreOffice makes of the CSV
// itself is logged, for the record (issue 40).
func TestListsOpenAsWrittenInLibreOffice(t *testing.T) {
	t.Parallel()
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatal("soffice is not installed: the exports cannot be opened as a spreadsheet opens them (apt-get install libreoffice-calc-nogui, or make deps)")
	}
	draws := exportOfDigitCards(t)
	board := exportOfDigitStandings(t)

	// one conversion of every file, each under a name of its own, with
	// a profile of its own
	conv := t.TempDir()
	in := filepath.Join(conv, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	var args []string
	copyIn := func(dir, name, as string) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		rig.Write(t, filepath.Join(in, as), string(b))
		args = append(args, filepath.Join(in, as))
	}
	copyIn(draws, record.WinnersXLSX, "draws-book.xlsx")
	copyIn(draws, record.WinnersCSV, "draws-winners.csv")
	copyIn(draws, record.CollectionFile, "draws-collection.csv")
	copyIn(board, record.WinnersXLSX, "board-book.xlsx")
	copyIn(board, record.StandingsFile, "board-standings.csv")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opened := filepath.Join(conv, "opened")
	cmd := exec.CommandContext(ctx, soffice, append([]string{"-env:UserInstallation=file://" + filepath.ToSlash(filepath.Join(conv, "profile")),
		"--headless", "--norestore", "--convert-to", "xlsx", "--outdir", opened}, args...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, b)
	}

	for _, c := range []struct {
		dir, book string
		lists     map[string]string // the export's list: as LibreOffice opened the CSV
	}{
		{draws, "draws-book", map[string]string{record.WinnersCSV: "draws-winners", record.CollectionFile: "draws-collection"}},
		{board, "board-book", map[string]string{record.StandingsFile: "board-standings"}},
	} {
		cells := openedCells(t, filepath.Join(opened, c.book+".xlsx"))
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for k := range c.lists {
				if !yield(k) {
					return
				}
			}
		}) {
			heads, rows := readList(t, filepath.Join(c.dir, name))
			asOpened := openedRows(t, filepath.Join(opened, c.lists[name]+".xlsx"))
			checked, changed := 0, map[string]bool{}
			for r, row := range rows {
				for j, v := range row {
					if !mustReadAsWritten(heads[j]) || v == "" {
						continue
					}
					v = strings.TrimPrefix(v, "'") // the formula guard's, which the workbook needs not
					checked++
					if !cells[v] {
						t.Errorf("%s, row %d, %s %q: no cell of winners.xlsx reads so once LibreOffice opens it", name, r+1, heads[j], v)
					}
					if got := cellAt(asOpened, r, j); got != row[j] {
						changed[fmt.Sprintf("%s %q became %q", heads[j], row[j], got)] = true
					}
				}
			}
			if checked == 0 {
				t.Errorf("%s: no name, card or ticket to check", name)
			}
			if sheet, ok := map[string]string{record.CollectionFile: record.CollectionSheet, record.StandingsFile: record.StandingsSheet}[name]; ok {
				listInBook(t, filepath.Join(opened, c.book+".xlsx"), sheet, name, heads, rows)
			}
			t.Logf("%s through LibreOffice's default import: %d of %d cells changed: %s", name, len(changed), checked, strings.Join(slices.Sorted(func(yield func(string) bool) {
				for k := range changed {
					if !yield(k) {
						return
					}
				}
			}), "; "))
		}
	}
}

// listInBook: the sheet of the workbook LibreOffice opened at path (a
// rehearsal's name ends in " REHEARSAL") holds the list, from
// record.PickHeaderRow, its header and its rows cell for cell as the CSV
// has them, the formula guard's quote aside.
func listInBook(t *testing.T, path, sheet, name string, heads []string, rows [][]string) {
	t.Helper()
	x, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if i := slices.IndexFunc(x.GetSheetList(), func(s string) bool { return strings.TrimSuffix(s, " REHEARSAL") == sheet }); i < 0 {
		t.Errorf("winners.xlsx has no sheet %s for %s: %q", sheet, name, x.GetSheetList())
		return
	} else {
		sheet = x.GetSheetList()[i]
	}
	got, err := x.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	want := append([][]string{heads}, rows...)
	for r, row := range want {
		at := record.PickHeaderRow - 1 + r
		for j, v := range row {
			if table := strings.TrimPrefix(v, "'"); len(v) > 1 && strings.ContainsRune("=+-@\t\r", rune(table[0])) {
				v = table
			}
			if g := cellAt(got, at, j); g != v {
				ref, _ := excelize.CoordinatesToCellName(j+1, at+1)
				t.Errorf("sheet %s %s (%s, row %d, %s) reads %q once LibreOffice opens it; %s has %q", sheet, ref, name, r, heads[j], g, name, v)
			}
		}
	}
}

// mustReadAsWritten reports whether a list's column holds what a person
// reads character for character: names, titles, cards, tickets,
// devices, contact numbers.
func mustReadAsWritten(head string) bool {
	switch head {
	case "title", "name", "card", "ticket", "device", "proxy", "proxy_id", "Phone", "Email":
		return true
	}
	return false
}

// digitCard is the card of the fixture's person i: a Rewards card as
// the card system writes it, digits only, some with leading zeros, some
// sixteen digits long (past a spreadsheet number's fifteen).
func digitCard(i int) string {
	if i%2 == 0 {
		return fmt.Sprintf("%010d", 42+i)
	}
	return fmt.Sprintf("60010000878911%02d", 51+i)
}

// exportOfDigitCards exports the export fixture's show, its draw titled
// "Zoë's Cash Draw", its cards digitCard, its tickets sixteen digits
// and its phone numbers digits with their leading 0; official, so its
// lists start with their headers.
func exportOfDigitCards(t *testing.T) string {
	t.Helper()
	f := rig.ExportFixture(t)
	text := strings.Replace(rig.ExportShow, "title: Saturday Cash Draw", `title: "Zoë's Cash Draw"`, 1)
	f.Text = []byte(text)
	rig.Write(t, f.ShowPath, text)
	var rows, points strings.Builder
	rows.WriteString("Ticket,Card,Name,Tier,Phone,Email,ID Number\n")
	points.WriteString("Card;Name;Tier;Points;Phone;Email;ID Number\n")
	n := 0
	for i, p := range rig.People {
		phone := strings.ReplaceAll(p.Phone, " ", "")
		for range p.Tickets {
			n++
			fmt.Fprintf(&rows, "60010008763090%02d,%s,%s,%s,%s,%s,80010150%05d\n", n, digitCard(i), p.Name, p.Tier, phone, p.Email, i)
		}
		fmt.Fprintf(&points, "%s;%s;%s;%d;%s;%s;80010150%05d\n", digitCard(i), p.Name, p.Tier, p.Points, phone, p.Email, i)
	}
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rows.String())
	rig.Write(t, filepath.Join(f.Dir, "points.csv"), points.String())
	rig.Write(t, filepath.Join(f.Dir, "exclusions.csv"), "Card\n"+digitCard(slices.IndexFunc(rig.People, func(p rig.Person) bool { return p.Card == "C13" }))+"\n")
	db, ss := rig.PlayExportShow(t, f, false)
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
	return out
}

// exportOfDigitStandings exports a rehearsal of the standings show whose
// leaderboard's cards are digitCard.
func exportOfDigitStandings(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	f := &rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(standingsShow)}
	rig.Write(t, f.ShowPath, standingsShow)
	rig.Write(t, filepath.Join(dir, "entries.csv"), "Ticket,Card,Name,Tier\n6001000876309003,"+digitCard(0)+",Zoë Botha,ace\n6001000876309004,"+digitCard(1)+",Anél,king\n")
	rig.Write(t, filepath.Join(dir, "standings.csv"), fmt.Sprintf("Card Number,Member Name,Points,Area\n%s,Zoë Botha,500,Mike\n%s,Émile,900,Kilo\n%s,Naledi,500,Kilo\n",
		digitCard(0), digitCard(1), digitCard(2)))
	f.Clock = time.Date(2024, 12, 20, 15, 0, 0, 0, time.UTC)
	db, ss := f.Open(t)
	for _, c := range []show.Command{{Op: show.OpNext}, {Op: show.OpDraw, Early: true}, {Op: show.OpClaim}, {Op: show.OpClose}} {
		f.Clock = rig.OnTime(ss, c, f.Clock.Add(10*time.Second))
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s: %v", c.Op, err)
		}
	}
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
	return out
}

// readList reads an export's CSV list: its header and rows, a
// rehearsal's banner line passed over.
func readList(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(strings.NewReader(string(b)))
	r.FieldsPerRecord = -1
	all, err := r.ReadAll()
	if len(all) > 0 && slices.Equal(all[0], []string{record.RehearsalBanner}) {
		all = all[1:]
	}
	if err != nil || len(all) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	return all[0], all[1:]
}

// openedCells is every cell's text in every sheet of the workbook at path.
func openedCells(t *testing.T, path string) map[string]bool {
	t.Helper()
	x, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatalf("LibreOffice made no workbook: %v", err)
	}
	defer x.Close()
	out := map[string]bool{}
	for _, sheet := range x.GetSheetList() {
		rows, err := x.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for r, row := range rows {
			for c, v := range row {
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if fm, _ := x.GetCellFormula(sheet, ref); fm != "" {
					t.Errorf("winners.xlsx, sheet %s %s, once LibreOffice opens it, is the formula %q", sheet, ref, fm)
				}
				out[v] = true
			}
		}
	}
	return out
}

// openedRows are the first sheet's rows of the workbook at path, the
// header and a rehearsal's banner passed over.
func openedRows(t *testing.T, path string) [][]string {
	t.Helper()
	x, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatalf("LibreOffice made no workbook: %v", err)
	}
	defer x.Close()
	rows, err := x.GetRows(x.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) > 0 && len(rows[0]) > 0 && strings.HasPrefix(rows[0][0], "REHEARSAL") {
		rows = rows[1:]
	}
	if len(rows) > 0 {
		rows = rows[1:]
	}
	return rows
}

// cellAt is row r, column j of rows, "" where there is none.
func cellAt(rows [][]string, r, j int) string {
	if r < len(rows) && j < len(rows[r]) {
		return rows[r][j]
	}
	return ""
}
