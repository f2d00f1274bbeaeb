package entries

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

func TestReadCards(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content, column string
		want                  []string
		errs                  []CellError
		errText               string // a substring of the error
	}{
		{name: "sorted and collapsed", content: "Card No,Reason\n300,self-excluded\n100,staff\n300,again\n\n200,family\n",
			want: []string{"100", "200", "300"}},
		{name: "alias", content: "\uFEFFMembership Number;Name\r\n6001234567890123;Zoë\r\n",
			want: []string{"6001234567890123"}},
		{name: "named column", content: "Kaartnommer\tRede\n100\tpersoneel\n", column: "kaartnommer",
			want: []string{"100"}},
		{name: "header only", content: "Card\n", want: []string{}},
		{name: "empty card", content: "Card,Reason\n100,staff\n,family\n  ,x\n",
			errs: []CellError{
				{Row: 3, Column: "Card", Value: "", Msg: "the card number is empty"},
				{Row: 4, Column: "Card", Value: "", Msg: "the card number is empty"},
			}},
		{name: "no card column", content: "Player,Reason\n100,staff\n",
			errText: `row 1: no card column (looked for a header like Card, Card No, Card Number, Rewards Card, Member, Member No, Member Number, Membership Number); the headers are "Player", "Reason"; rename the column in the file`},
		{name: "named column missing", content: "Card\n100\n", column: "Kaart",
			errText: `no column "Kaart"`},
		{name: "empty file", content: "", errText: "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, "exclusions.csv", tt.content)
			got, _, err := ReadCards(path, "", tt.column)
			switch {
			case tt.errs != nil:
				if errs := cellErrors(t, err); !reflect.DeepEqual(errs, tt.errs) {
					t.Errorf("errors:\n%s\nwant:\n%s", fmtErrs(errs), fmtErrs(tt.errs))
				}
			case tt.errText != "":
				if err == nil || !strings.Contains(err.Error(), tt.errText) {
					t.Errorf("err = %v, want it to say %q", err, tt.errText)
				}
			case err != nil:
				t.Fatal(err)
			case !reflect.DeepEqual(got, tt.want):
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadCardsXLSX(t *testing.T) {
	t.Parallel()
	path := filetest.XLSX(t, "register.xlsx",
		filetest.Sheet{Name: "Notes", Rows: [][]any{{"nothing here"}}},
		filetest.Sheet{Name: "Register", Rows: [][]any{{"Member No", "Name"}, {int64(6001234567890123), "Zoë"}, {100, "Émile"}}},
	)
	got, _, err := ReadCards(path, "Register", "")
	if want := []string{"100", "6001234567890123"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
}

func TestReadProxies(t *testing.T) {
	t.Parallel()
	const header = "Card,Nominee Name,ID Number\n"
	nominee := "a nominee may stand for one participant only"
	tests := []struct {
		name, rows string
		want       []Proxy
		errs       []CellError
	}{
		{name: "ok", rows: "300,Thandiwe Ngcobo,8001015009087\n100,Zoë van der Merwe,\n200,Émile Botha,A1234567\n",
			want: []Proxy{
				{Card: "100", Name: "Zoë van der Merwe"},
				{Card: "200", Name: "Émile Botha", ID: "A1234567"},
				{Card: "300", Name: "Thandiwe Ngcobo", ID: "8001015009087"},
			}},
		{name: "same nomination twice", rows: "100,Sipho Dlamini,8001015009087\n100,SIPHO  DLAMINI,800101 5009 087\n",
			want: []Proxy{{Card: "100", Name: "Sipho Dlamini", ID: "8001015009087"}}},
		{name: "same name, different people", rows: "100,Sipho Dlamini,8001015009087\n200,Sipho Dlamini,9001015009088\n",
			want: []Proxy{{Card: "100", Name: "Sipho Dlamini", ID: "8001015009087"}, {Card: "200", Name: "Sipho Dlamini", ID: "9001015009088"}}},
		{name: "empty card and name", rows: ",Sipho,\n100,,\n200, ,1\n",
			errs: []CellError{
				{Row: 2, Column: "Card", Value: "", Msg: "the card number is empty"},
				{Row: 3, Column: "Nominee Name", Value: "", Msg: "the nominee's name is empty"},
				{Row: 4, Column: "Nominee Name", Value: "", Msg: "the nominee's name is empty"},
			}},
		{name: "card with two nominees", rows: "100,Sipho Dlamini,8001015009087\n200,Zoë,\n100,Thabo Mokoena,7001015009080\n",
			errs: []CellError{
				{Row: 4, Column: "Nominee Name", Value: "Thabo Mokoena", Msg: `card "100" already has nominee "Sipho Dlamini" (ID 8001015009087) on row 2; a participant has one nominee`},
			}},
		{name: "nominee for two participants by ID", rows: "100,Sipho Dlamini,8001015009087\n200,S. Dlamini,8001015009087\n",
			errs: []CellError{
				{Row: 3, Column: "ID Number", Value: "8001015009087", Msg: `nominee "S. Dlamini" (ID 8001015009087) is also named on row 2, for card "100": ` + nominee},
			}},
		{name: "nominee for two participants by name", rows: "100,Sipho Dlamini,\n200,Zoë,\n300,sipho dlamini,\n",
			errs: []CellError{
				{Row: 4, Column: "Nominee Name", Value: "sipho dlamini", Msg: `nominee "sipho dlamini" is also named on row 2, for card "100": ` + nominee},
			}},
		{name: "name matches where one ID is empty", rows: "100,Sipho Dlamini,8001015009087\n200,Sipho Dlamini,\n",
			errs: []CellError{
				{Row: 3, Column: "Nominee Name", Value: "Sipho Dlamini", Msg: `nominee "Sipho Dlamini" is also named on row 2, for card "100": ` + nominee},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filetest.File(t, "proxies.csv", header+tt.rows)
			got, _, err := ReadProxies(path, "")
			if tt.errs != nil {
				if errs := cellErrors(t, err); !reflect.DeepEqual(errs, tt.errs) {
					t.Errorf("errors:\n%s\nwant:\n%s", fmtErrs(errs), fmtErrs(tt.errs))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestReadProxiesColumns(t *testing.T) {
	t.Parallel()
	path := filetest.File(t, "proxies.csv", "Rewards Card;Representative;Passport\n100;Pieter du Plessis;X9\n")
	got, _, err := ReadProxies(path, "")
	if want := []Proxy{{Card: "100", Name: "Pieter du Plessis", ID: "X9"}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v", got, err)
	}
	path = filetest.File(t, "proxies.csv", "Card;Proxy\n100;Pieter du Plessis\n")
	got, _, err = ReadProxies(path, "")
	if want := []Proxy{{Card: "100", Name: "Pieter du Plessis"}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("without IDs: got %+v, %v", got, err)
	}
	path = filetest.File(t, "proxies.csv", "Card,Name,ID\n100,Pieter,1\n")
	_, _, err = ReadProxies(path, "")
	if err == nil || !strings.Contains(err.Error(), "no nominee column (looked for a header like Nominee, Nominee Name, Proxy, Proxy Name, Representative)") {
		t.Errorf("no nominee column: %v", err)
	}
}

// TestListsDropTheirTotals: the lists and standings as the Rewards system
// exports them end on a TOTAL or a count: dropped and named, as an entry
// file's are; one a card follows is refused, naming its row (issue 39).
func TestListsDropTheirTotals(t *testing.T) {
	t.Parallel()
	sh := &show.Show{Path: "/shows/s.yaml"}
	ex := filetest.File(t, "self-excluded.csv", "Card,Name\n0060012345,Thabo M\n0060012346,Naledi K\n,TOTAL: 2 members\n")
	reg := filetest.File(t, "register.csv", "Card Number,Signed\n0060012347,2024-11-30 19:00\nCount: 1,\n")
	prox := filetest.File(t, "proxies.csv", "Card,Nominee,ID\n0060012348,Sipho K,8001015009087\nTotal,1,\n")
	r, err := ReadListsDropped(sh, []string{ex}, reg, prox, "")
	if err != nil {
		t.Fatal(err)
	}
	l, cards, dropped := r.Lists, r.Excluded, r.Dropped
	if len(cards) != 2 || len(l.Register) != 1 || len(l.Proxies) != 1 {
		t.Errorf("read %v, register %v, proxies %v", cards, l.Register, l.Proxies)
	}
	if len(dropped) != 3 || !strings.Contains(dropped[0], `row 4: the summary row "TOTAL: 2 members" at the end of the file is not a card: dropped`) ||
		!strings.Contains(dropped[1], `row 3: the summary row "Count: 1"`) || !strings.Contains(dropped[2], `row 3: the summary row "Total"`) {
		t.Errorf("dropped %q", dropped)
	}
	st := filetest.File(t, "standings.csv", "Card,Name,Points,Area\nS1,Ann,500,Mike\nS2,Ben,700,Kilo\nTOTAL,,1200,\n")
	rows, _, ds, err := ReadStandingsSum(st, "")
	if err != nil || len(rows) != 2 || !slices.Equal(ds, []Dropped{{Row: 4, Value: "TOTAL"}}) {
		t.Errorf("standings %+v, dropped %+v, %v", rows, ds, err)
	}
	// a TOTAL a card follows is a row, and refused
	mid := filetest.File(t, "mid.csv", "Card\n0060012345\nTOTAL\n0060012346\n")
	if _, err := ReadListsDropped(sh, []string{mid}, "", "", ""); err == nil || !strings.Contains(err.Error(), `row 3, column "Card": "TOTAL" is a summary row`) {
		t.Errorf("a TOTAL in the middle: %v", err)
	}
}
