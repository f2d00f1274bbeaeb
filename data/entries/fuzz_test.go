package entries

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"drawshow/data/internal/sheet"
	"drawshow/show"
)

func FuzzReadEntriesCSV(f *testing.F) {
	f.Add([]byte("Ticket,Card,Name,Tier,Points\nT1,100,Zoë,ace,1 234\nT2,200,\"Dlamini, Sipho\",10,5.00\n"))
	f.Add([]byte("\uFEFFTicket No;Card;Tier\r\nT1;100;King\r\nT1;;gold\r\n"))
	f.Add([]byte("Ticket\tCard\n\"T\n1\"\t100\n\t\nT2\t6.00123E+15\textra\n"))
	f.Add([]byte("Card\n\"unclosed\n"))
	f.Add([]byte("Card,Name\n1,a\"b\n2,Zo\xeb\n"))
	f.Add([]byte(",,,\n\n"))
	// the finale kinds' files: a bonus list, a finalists file
	f.Add([]byte("Machine No,Area,Card,Name,Tier,Total Spend\nM1,Main Floor,100,Zoë,queen,1 500.00\nM2,,200,x,ace,R5\nM1,Prive,300,y,king,-1\n"))
	f.Add([]byte("Table;Position;Zone;Card;Spend\nBJ04;3;Prive;100;600\n"))
	f.Add([]byte("Card\tName\tCasino\n100\tThabo\tMontecasino\n100\t\tGold Reef City\n"))
	f.Add([]byte("Device ID,Section,Member No,Qualifying Spend,Site\nD1,Main,100,\"1,234\",GRC\n"))
	// the Rewards system's exports (issue 26): title rows above the
	// header, a header_row, cards of one number but for leading zeros
	f.Add([]byte("Royal Flush entries;;\nExported 30/11/2024;;\n;;\nTicket No;Card Number;Tier\nT1;0060010001;King\nT2;60010001;Ace\n"))
	f.Add([]byte("Card,Ticket\nTicket,Card\nT1,60010001.0\n\nT2,00\nT3,0\n"))
	f.Add([]byte("Ticket,Card,Name,Points\nT1,1,a,1\n,TOTAL,1 member,1\n,,1 member,\nT2,2,b,2\n,Count: 2,,\n"))
	f.Add([]byte("Machine No;Area;Card;Tier;Spend\nM1;Prive;1;ace;R 1 234,50\nM2;Prive;2;king;R1 234.50\nM3;Main;3;queen;1,234\nM4;Main;4;ace;4999.99\n"))
	dir := f.TempDir() // one per fuzzing process
	needs := []Need{{Ticket: true}, bonusNeed, finalistsNeed, {Ticket: true, HeaderRow: 2}}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "entries.csv")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, need := range needs {
			fuzzEntries(t, path, need)
		}
	})
}

// fuzzEntries reads path with need and checks what any file must give: rows
// with what need asks for, trimmed, each key once; or errors in row order.
func fuzzEntries(t *testing.T, path string, need Need) {
	keys := map[string]bool{}
	rows := 0
	st, err := Read(path, "", Columns{}, need, func(r Row) error {
		rows++
		key := r.Card
		if need.Ticket {
			key = r.Ticket
		}
		switch {
		case r.Card == "" || key == "":
			t.Fatalf("%+v: row %d has ticket %q, card %q", need, r.Line, r.Ticket, r.Card)
		case need.Area == Required && r.Area == "", need.One && r.Name == "":
			t.Fatalf("%+v: row %d lacks area %q or name %q", need, r.Line, r.Area, r.Name)
		case r.Card != strings.TrimSpace(r.Card) || r.Ticket != strings.TrimSpace(r.Ticket) || r.Area != strings.TrimSpace(r.Area) || r.Property != strings.TrimSpace(r.Property):
			t.Fatalf("%+v: row %d not trimmed: %q %q %q %q", need, r.Line, r.Ticket, r.Card, r.Area, r.Property)
		case r.Line < 2:
			t.Fatalf("row number %d", r.Line)
		}
		keys[key] = true
		return nil
	})
	if err == nil {
		if rows != st.Rows || len(keys) != rows {
			t.Fatalf("%+v: %d rows passed, %d read, %d keys", need, rows, st.Rows, len(keys))
		}
		return
	}
	var fe *FileError
	if errors.As(err, &fe) {
		if fe.Total < len(fe.Errs) || len(fe.Errs) > sheet.MaxListed || len(fe.Errs) == 0 {
			t.Fatalf("Total %d, %d listed", fe.Total, len(fe.Errs))
		}
		if st.Rows == 0 && len(fe.Errs) == 1 && fe.Errs[0] == (CellError{Msg: msgNoEntries}) {
			return // a header and no rows: the file's problem, on no row
		}
		for i, e := range fe.Errs {
			if e.Row < 1 || i > 0 && e.Row < fe.Errs[i-1].Row {
				t.Fatalf("errors out of order or without row: %+v", fe.Errs)
			}
		}
		_ = fe.Error()
	}
}

func FuzzParsePoints(f *testing.F) {
	for _, s := range []string{"0", "1234", "1 234 567", "1\u00a0234", "12,345", "1'234.00", "1234,00", "12.5", "1,5", "-3", "18446744073709551616", "", "1,234,5", "٣",
		"R 1 234,50", "R1 234.50", "1234.5", "1.234,50", "1,234", "ZAR 1 500", "R -5", "1234.567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fuzzAmount(t, s)
		n, err := parsePoints(s)
		if err != nil {
			if n != 0 {
				t.Fatalf("parsePoints(%q) = %d with error %v", s, n, err)
			}
			return
		}
		// The digits before any decimal point, read plainly, give the same number.
		whole := s
		if i := strings.IndexByte(s, '.'); i >= 0 {
			whole = s[:i]
		} else if i := strings.LastIndexByte(s, ','); i >= 0 && len(s)-i-1 != 3 {
			whole = s[:i]
		}
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, whole)
		want, perr := strconv.ParseUint(digits, 10, 64)
		if perr != nil || want != n {
			t.Fatalf("parsePoints(%q) = %d; its digits %q read %d, %v", s, n, digits, want, perr)
		}
		if back, err := parsePoints(strconv.FormatUint(n, 10)); err != nil || back != n {
			t.Fatalf("%d does not read back: %d, %v", n, back, err)
		}
	})
}

// FuzzNormCard: a card is digits and A-Z once normalised, normalising it
// again changes nothing, and a ticket keeps no control or bidirectional
// character.
func FuzzNormCard(f *testing.F) {
	for _, s := range []string{"6001000465623510", "6001 0004-6562.3510", "６００１", "\uFEFF1", "1\u200B2", "\u202E1", "1\x00", "c13", "", "-", "ﬁ1", "60010004.0", "0.00", ".0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := NormCard(s); err == nil {
			if !plainCard(c) {
				t.Fatalf("NormCard(%q) = %q", s, c)
			}
			if again, err := NormCard(c); err != nil || again != c {
				t.Fatalf("NormCard(%q) = %q, then %q, %v", s, c, again, err)
			}
		}
		if tk, err := NormTicket(s); err == nil {
			if _, bad := show.UnsafeRune(tk); bad || tk == "" || tk != strings.TrimSpace(tk) {
				t.Fatalf("NormTicket(%q) = %q", s, tk)
			}
		}
	})
}

// FuzzReadEntriesXLSX: a workbook of any cells (rows split at line breaks,
// cells at tabs) reads as the CSV reader's do: rows with what need asks
// for, trimmed, each key once, or errors in row order; each row keeps its
// row number in the sheet and a name is its cell trimmed.
func FuzzReadEntriesXLSX(f *testing.F) {
	f.Add("Ticket\tCard\tName\tTier\tPoints\nT1\t100\tZoë\tace\t1 234\nT2\t200\tDlamini, Sipho\t10\t5.00")
	f.Add("\nTicket No\tCard\tTier\n\nT1\t6.0012345678901201E+15\tKing\nT1\t\tgold")
	f.Add("Card\tName\n1\ta\u202eb\n2\t\x01")
	f.Add("Machine No\tArea\tCard\tName\tTier\tTotal Spend\nM1\tMain Floor\t100\tZoë\tqueen\t1 500.00\nM1\tPrive\t300\ty\tking\t-1")
	f.Add("Card\tName\tCasino\n100\tThabo\tMontecasino\n100\t\tGold Reef City")
	f.Add("Ticket\tCard")
	dir := f.TempDir()
	needs := []Need{{Ticket: true}, bonusNeed, finalistsNeed}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 8<<10 {
			return // the limits are FuzzReadEntriesCSV's; a workbook is slow to write
		}
		var grid [][]string
		for i, line := range strings.Split(text, "\n") {
			if i == 50 {
				break
			}
			cells := strings.Split(line, "\t")
			grid = append(grid, cells[:min(len(cells), 12)])
		}
		x := excelize.NewFile()
		defer x.Close()
		for r, row := range grid {
			for c, v := range row {
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if err := x.SetCellStr("Sheet1", ref, v); err != nil {
					return // a cell excelize will not write
				}
			}
		}
		path := filepath.Join(dir, "entries.xlsx")
		if err := x.SaveAs(path); err != nil {
			return
		}
		for _, need := range needs {
			fuzzEntries(t, path, need)
		}
		// a passed row is on its row of the sheet, its name a cell of it
		// trimmed (of text excelize writes as it is: UTF-8)
		Read(path, "", Columns{}, Need{}, func(r Row) error {
			if r.Line > len(grid) {
				t.Fatalf("row %d of a sheet of %d", r.Line, len(grid))
			}
			row := grid[r.Line-1]
			if r.Name != "" && !slices.ContainsFunc(row, func(c string) bool { return !xmlText(c) || strings.TrimSpace(c) == r.Name }) {
				t.Fatalf("row %d: name %q is no cell of %q", r.Line, r.Name, row)
			}
			return nil
		})
	})
}

// xmlText reports whether s is text XML can hold, which excelize writes
// as it is (it replaces the rest).
func xmlText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool {
		return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF
	})
}

// FuzzReadCards: an exclusions list or decline register. What reads is
// sorted, each card once, each a card as NormCard gives it (normalised
// again, the same); what is refused names its rows in order.
func FuzzReadCards(f *testing.F) {
	f.Add([]byte("Card\n6001000465623510\n6001 0004-6562.3510\n"))
	f.Add([]byte("Member No;Name\n\uFF16\uFF10\n1\u200B2;x\n;\n"))
	f.Add([]byte("Card\n1\x00\n\u202E1\nC13\n6.00123E+15\n"))
	f.Add([]byte("Name\nx\n"))
	f.Add([]byte("Card\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "exclusions.csv")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		cards, _, err := ReadCards(path, "", "")
		if err != nil {
			checkFileError(t, err)
			if cards != nil {
				t.Fatalf("refused, yet %d cards", len(cards))
			}
			return
		}
		for i, c := range cards {
			if i > 0 && cards[i-1] >= c {
				t.Fatalf("not sorted, or twice: %q", cards)
			}
			if n, err := NormCard(c); err != nil || n != c || !plainCard(c) {
				t.Fatalf("card %q normalises to %q, %v", c, n, err)
			}
		}
	})
}

// FuzzReadProxies: the proxy nominations. What reads is one nomination a
// card, sorted, each named, no nominee standing for two cards; what is
// refused names its rows in order.
func FuzzReadProxies(f *testing.F) {
	f.Add([]byte("Card,Nominee,Nominee ID\n6001000465623510,Sibusiso Mthembu,8001015009087\n"))
	f.Add([]byte("Card;Proxy Name;Passport\n1;A;X1\n1;a;x 1\n2;B;X1\n"))
	f.Add([]byte("Card,Nominee\n1,\n2,\u202Eevil\n3,A\n4,a\n"))
	f.Add([]byte("Card,Representative,ID\n\uFF11,Zoë,\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "proxies.csv")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ps, _, err := ReadProxies(path, "")
		if err != nil {
			checkFileError(t, err)
			return
		}
		ids := map[string]string{}
		for i, p := range ps {
			if i > 0 && ps[i-1].Card >= p.Card {
				t.Fatalf("not sorted, or a card twice: %+v", ps)
			}
			if n, err := NormCard(p.Card); err != nil || n != p.Card {
				t.Fatalf("card %q normalises to %q, %v", p.Card, n, err)
			}
			if p.Name == "" || p.Name != strings.TrimSpace(p.Name) {
				t.Fatalf("nominee %q", p.Name)
			}
			if _, bad := show.UnsafeRune(p.Name + p.ID); bad {
				t.Fatalf("nominee %q (ID %q) holds a control character", p.Name, p.ID)
			}
			id := strings.ToUpper(strings.Join(strings.Fields(p.ID), ""))
			if other, ok := ids[id]; ok && id != "" {
				t.Fatalf("nominee ID %q stands for %s and %s", p.ID, other, p.Card)
			}
			ids[id] = p.Card
		}
	})
}

// checkFileError checks what any refused file gives: a *FileError lists
// at least one problem, in row order, or the error is about the file as
// a whole (it cannot be read, it is empty).
func checkFileError(t *testing.T, err error) {
	t.Helper()
	var fe *FileError
	if !errors.As(err, &fe) {
		if err.Error() == "" {
			t.Fatal("an error with no words")
		}
		return
	}
	if len(fe.Errs) == 0 || fe.Total < len(fe.Errs) || len(fe.Errs) > sheet.MaxListed {
		t.Fatalf("Total %d, %d listed", fe.Total, len(fe.Errs))
	}
	for i, e := range fe.Errs {
		if e.Row < 1 || i > 0 && e.Row < fe.Errs[i-1].Row || e.Msg == "" {
			t.Fatalf("errors out of order, without row or words: %+v", fe.Errs)
		}
	}
	if !strings.HasPrefix(fe.Error(), fe.File) {
		t.Fatalf("%q does not name the file", fe.Error())
	}
}

// FuzzReadSelection: a selection file from another system is read in its
// order, each ticket once, or refused with the row and value.
func FuzzReadSelection(f *testing.F) {
	f.Add([]byte("Ticket\nT-004\nT-001\n"))
	f.Add([]byte("Ticket No;Card\n004512;1\n004512;2\n"))
	f.Add([]byte("Receipt\n\n6.00123E+15\n"))
	f.Add([]byte("Card\nx\n"))
	f.Add([]byte("Ticket\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "selection.csv")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ts, _, err := ReadSelection(path, "")
		if err != nil {
			checkFileError(t, err)
			if ts != nil {
				t.Fatalf("refused, yet %d tickets", len(ts))
			}
			return
		}
		seen := map[string]bool{}
		for _, tk := range ts {
			if tk == "" || seen[tk] {
				t.Fatalf("ticket %q empty or twice in %q", tk, ts)
			}
			seen[tk] = true
		}
	})
}

// fuzzAmount: a spend the reader takes has the digits of its text, and
// reads back the same written plainly; a refusal names the accepted forms.
func fuzzAmount(t *testing.T, s string) {
	whole, frac, err := parseAmount(s)
	if err != nil {
		if whole != 0 || frac != 0 || !strings.HasSuffix(err.Error(), "; "+amountForms) {
			t.Fatalf("parseAmount(%q) = %d.%02d, %v", s, whole, frac, err)
		}
		return
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
	// the digits are the amount in units, in tenths or in cents
	d := strings.TrimLeft(digits, "0")
	cents := strconv.FormatUint(frac+100, 10)[1:]
	if c := strings.TrimLeft(strconv.FormatUint(whole, 10)+cents, "0"); c != d+"00" && c != d+"0" && c != d {
		t.Fatalf("parseAmount(%q) = %d.%s; its digits are %s", s, whole, cents, digits)
	}
	if w, f, err := parseAmount(strconv.FormatUint(whole, 10) + "." + cents); err != nil || w != whole || f != frac {
		t.Fatalf("%d.%s does not read back: %d.%02d, %v", whole, cents, w, f, err)
	}
}
