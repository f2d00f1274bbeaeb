package data

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
	dir := f.TempDir() // one per fuzzing process
	needs := []Need{{Ticket: true}, bonusNeed, finalistsNeed}
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
	st, err := ReadEntries(path, "", Columns{}, need, func(r EntryRow) error {
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
		if fe.Total < len(fe.Errs) || len(fe.Errs) > maxListed || len(fe.Errs) == 0 {
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
	for _, s := range []string{"0", "1234", "1 234 567", "1\u00a0234", "12,345", "1'234.00", "1234,00", "12.5", "1,5", "-3", "18446744073709551616", "", "1,234,5", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
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
	for _, s := range []string{"6001000465623510", "6001 0004-6562.3510", "６００１", "\uFEFF1", "1\u200B2", "\u202E1", "1\x00", "c13", "", "-", "ﬁ1"} {
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
