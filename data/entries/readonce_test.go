package entries

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"drawshow/show"
)

// twoFaced is an Option whose opener makes every file a reader opens
// serve the official bytes at the first open and the doctored ones at
// every later open, as a FIFO, or a file swapped between two reads, can;
// it returns how many opens there were, too. A reader that hashed one
// read and parsed another would record the official hash beside doctored
// rows.
func twoFaced(t *testing.T, official, doctored []byte) (Option, *int) {
	t.Helper()
	opens := 0
	dir := t.TempDir()
	return OpenWith(func(path string) (*os.File, error) {
		opens++
		body := doctored
		if opens == 1 {
			body = official
		}
		p := filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(p, body, 0o600); err != nil {
			return nil, err
		}
		return os.Open(p)
	}), &opens
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// TestReadOnce: an entry file, an exclusions list, a register, a proxy
// file and a selection are each opened once, and the SHA-256 that goes
// into the record is of the very bytes parsed.
func TestReadOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	official := []byte("Ticket,Card,Name\nT1,1001,Ann\nT2,1002,Ben\n")
	doctored := []byte("Ticket,Card,Name\nT1,1001,Ann\nT2,1003,Friend\nT3,1003,Friend\n")
	path := filepath.Join(dir, "entries.csv")
	os.WriteFile(path, official, 0o600)

	twice, opens := twoFaced(t, official, doctored)
	var cards []string
	st, err := Read(path, "", Columns{}, Need{Ticket: true}, func(r Row) error {
		cards = append(cards, r.Card)
		return nil
	}, twice)
	if err != nil {
		t.Fatal(err)
	}
	if *opens != 1 || !slices.Equal(cards, []string{"1001", "1002"}) || st.SHA256 != hexSum(official) {
		t.Errorf("Read: %d opens, cards %v, SHA-256 %s; want 1 open, the official rows and their hash %s", *opens, cards, st.SHA256, hexSum(official))
	}

	lists := map[string][2]string{ // file → official, doctored
		"exclusions.csv": {"Card\n1001\n", "Card\n1002\n"},
		"register.csv":   {"Card\n1002\n", "Card\n1003\n"},
		"proxies.csv":    {"Card,Nominee\n1001,Cy\n", "Card,Nominee\n1003,Dee\n"},
		"selected.csv":   {"Ticket\nT1\n", "Ticket\nT3\n"},
	}
	for name, b := range lists {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			twice, opens := twoFaced(t, []byte(b[0]), []byte(b[1]))
			p := filepath.Join(dir, name)
			var got []string
			var sum string
			var err error
			switch name {
			case "exclusions.csv", "register.csv":
				got, sum, err = ReadCards(p, "", "", twice)
			case "proxies.csv":
				var ps []Proxy
				ps, sum, err = ReadProxies(p, "", twice)
				for _, x := range ps {
					got = append(got, x.Card+" "+x.Name)
				}
			case "selected.csv":
				got, sum, err = ReadSelection(p, "", twice)
			}
			if err != nil {
				t.Fatal(err)
			}
			want := map[string][]string{"exclusions.csv": {"1001"}, "register.csv": {"1002"}, "proxies.csv": {"1001 Cy"}, "selected.csv": {"T1"}}[name]
			if *opens != 1 || !slices.Equal(got, want) || sum != hexSum([]byte(b[0])) {
				t.Errorf("%d opens, read %v with SHA-256 %s; want 1 open, %v and %s", *opens, got, sum, want, hexSum([]byte(b[0])))
			}
		})
	}

	t.Run("ReadLists", func(t *testing.T) {
		t.Parallel()
		twice, opens := twoFaced(t, []byte("Card\n1001\n"), []byte("Card\n1002\n"))
		sh := &show.Show{Path: filepath.Join(dir, "show.yaml")}
		l, ex, err := ReadLists(sh, []string{filepath.Join(dir, "exclusions.csv")}, "", "", "", twice)
		if err != nil {
			t.Fatal(err)
		}
		if *opens != 1 || !slices.Equal(ex, []string{"1001"}) || l.ExclusionsSHA256 != hexSum([]byte("Card\n1001\n")) {
			t.Errorf("%d opens, exclusions %v with SHA-256 %s", *opens, ex, l.ExclusionsSHA256)
		}
	})
}

// TestReadOnceWorkbook: a workbook is hashed from the read it is parsed
// from, too.
func TestReadOnceWorkbook(t *testing.T) {
	t.Parallel()
	book := func(card string) []byte {
		x := excelize.NewFile()
		x.SetCellValue("Sheet1", "A1", "Card")
		x.SetCellValue("Sheet1", "A2", card)
		var b bytes.Buffer
		if err := x.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	official, doctored := book("1001"), book("1002")
	twice, opens := twoFaced(t, official, doctored)
	cards, sum, err := ReadCards(filepath.Join(t.TempDir(), "exclusions.xlsx"), "", "", twice)
	if err != nil {
		t.Fatal(err)
	}
	if *opens != 1 || !slices.Equal(cards, []string{"1001"}) || sum != hexSum(official) {
		t.Errorf("%d opens, cards %v with SHA-256 %s; want 1 open, [1001] and %s", *opens, cards, sum, hexSum(official))
	}
}
