package entries

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
)

func TestReadStandings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "standings.csv")
	filetest.Write(t, good, "\ufeffCard Number;Member Name;Points;Area\r\n6001;Zoë Botha;1 250;Mike\r\n6002;Thabo Mokoena;900;Kilo\r\n")
	st, err := ReadStandings(good, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != 2 || st[0].Name != "Zoë Botha" || st[0].Points != 1250 || st[1].Area != "Kilo" {
		t.Fatalf("standings %+v", st)
	}
	for _, c := range []struct{ name, body, want string }{
		{"bad points", "Card,Name,Points,Area\n6001,A,12.5,Mike\n", `row 2, column "Points"`},
		{"twice", "Card,Name,Points,Area\n6001,A,1,Mike\n6001,B,2,Kilo\n", "listed twice (first on row 2)"},
		{"no points column", "Card,Name,Score\n6001,A,1\n", "no points column"},
		{"empty card", "Card,Name,Points\n,A,1\n", "card number is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".csv")
			filetest.Write(t, p, c.body)
			_, err := ReadStandings(p, "")
			var fe *FileError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
				t.Fatalf("err = %v, want a file error with %q", err, c.want)
			}
		})
	}
}

func FuzzReadStandings(f *testing.F) {
	f.Add([]byte("Card,Name,Points,Area\n6001,A,1,Mike\n"))
	f.Add([]byte("Card;Points\n1;1 000\n2;x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(t.TempDir(), "s.csv")
		filetest.Write(t, p, string(b))
		st, err := ReadStandings(p, "")
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, s := range st {
			if s.Card == "" || seen[s.Card] {
				t.Fatalf("standing %+v accepted", s)
			}
			seen[s.Card] = true
		}
	})
}
