package e2e

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/paper"
	"drawshow/show"
)

// The self-excluded card of these tests, and look-alikes of it.
const barred = "6001000465623510"

var lookalikes = []struct{ name, card string }{
	{"NUL", barred + "\x00"},
	{"BOM", "\uFEFF" + barred},
	{"zero-width spaces", "6001\u200B0004\u200B6562\u200B3510"},
	{"fullwidth digits", "６００１０００４６５６２３５１０"},
	{"RTL override", "\u202E0153265640001006"},
	{"word joiner and soft hyphen", "6001\u20600004\u00AD65623510"},
	{"grouped by the Rewards system", "6001 0004-6562.3510"},
}

// TestLookalikeCardsNeverEligible: rows that are the same self-excluded
// card spelled with a NUL, a BOM, zero-width spaces, fullwidth digits or
// a right-to-left override are each excluded or refused, with row, column
// and value; none is eligible.
func TestLookalikeCardsNeverEligible(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ex := filepath.Join(dir, "exclusions.csv")
	rig.Write(t, ex, "Card\n"+barred+"\n")
	cards, _, err := entries.ReadCards(ex, "", "")
	if err != nil {
		t.Fatal(err)
	}
	excluded := map[string]bool{}
	for _, c := range cards {
		excluded[c] = true
	}
	var b strings.Builder
	b.WriteString("Ticket,Card,Name,Tier\n")
	for i, l := range lookalikes {
		b.WriteString("T" + string(rune('1'+i)) + "," + l.card + ",Barred Person,ace\n")
	}
	b.WriteString("T9,6001999999999999,Welcome Person,ace\n")
	path := filepath.Join(dir, "entries.csv")
	rig.Write(t, path, b.String())
	seg := &show.Segment{ID: "d", Entries: path, Winners: 1, Tickets: show.PerRow}

	_, err = entries.Check(seg, excluded)
	var fe *entries.FileError
	if !errors.As(err, &fe) {
		t.Fatalf("the look-alikes with a NUL and an override pass: %v", err)
	}
	refused := map[int]bool{}
	for _, e := range fe.Errs {
		refused[e.Row] = true
		l := lookalikes[e.Row-2]
		if e.Column != "Card" || e.Value != l.card || !strings.Contains(fe.Error(), "entries.csv row ") {
			t.Errorf("row %d (%s): %+v", e.Row, l.name, e)
		}
	}
	if !refused[2] || !refused[6] || len(refused) != 2 {
		t.Errorf("refused rows %v, want 2 (NUL) and 6 (RTL override):\n%v", refused, err)
	}
	if !strings.Contains(err.Error(), "U+0000 (NUL)") || !strings.Contains(err.Error(), "U+202E (a bidirectional control)") {
		t.Errorf("the error does not name the characters:\n%v", err)
	}

	// without the refused rows, every other spelling is the barred card
	var kept strings.Builder
	for i, line := range strings.SplitAfter(b.String(), "\n") {
		if !refused[i+1] {
			kept.WriteString(line)
		}
	}
	rig.Write(t, path, kept.String())
	c, err := entries.Check(seg, excluded)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Bin.Excluded) != 1 || c.Bin.Excluded[0] != barred || c.Bin.Participants != 1 || c.Bin.Entries[0].Participant != "6001999999999999" {
		t.Errorf("bin: excluded %q, %d participants %+v; want only the welcome card", c.Bin.Excluded, c.Bin.Participants, c.Bin.Entries)
	}

	// the lists are read the same way: a look-alike on the exclusions list
	// bars the plain card
	var list strings.Builder
	list.WriteString("Card\n")
	for _, l := range lookalikes {
		if l.name != "NUL" && l.name != "RTL override" {
			list.WriteString(l.card + "\n")
		}
	}
	rig.Write(t, ex, list.String())
	if cards, _, err := entries.ReadCards(ex, "", ""); err != nil || !slices.Equal(cards, []string{barred}) {
		t.Errorf("exclusions of look-alikes read %q, %v; want the one card %s", cards, err, barred)
	}
	rig.Write(t, ex, "Card\n"+lookalikes[4].card+"\n")
	if _, _, err := entries.ReadCards(ex, "", ""); err == nil || !strings.Contains(err.Error(), "exclusions.csv row 2, column \"Card\"") {
		t.Errorf("an override on the exclusions list: %v", err)
	}
}

// TestNormCard: what NormCard keeps, drops and refuses.
func TestNormCard(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		barred: barred, "c13": "C13", "６００１": "6001", "6001\u00A00004": "60010004", "6001\u202F0004": "60010004",
		"６００１－０００４": "60010004", "Ｃ１３": "C13",
		// a number cell written out as a decimal (a script's float, Excel's
		// Number format): the .0 is not part of the card
		"60010004.0": "60010004", "60010004.00": "60010004", " 60010004.0 ": "60010004", "６００１.0": "6001",
		// a dot between groups is a separator, as before
		"6001.0004": "60010004", "6001.0": "6001", "6001.000": "6001000",
	} {
		if got, err := entries.NormCard(in); err != nil || got != want {
			t.Errorf("NormCard(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	// each refused for the character it holds, named as NormCard sees it
	// (after NFKC: the non-breaking hyphen U+2011 is a hyphen U+2010)
	const valid = ": a card number is digits and the letters A-Z (spaces, - and . are ignored)"
	for in, want := range map[string]string{
		"6001\x00":   "holds U+0000 (NUL)" + valid,
		"\u202E6001": "holds U+202E (a bidirectional control)" + valid,
		"6001\u2066": "holds U+2066 (a bidirectional control)" + valid,
		"6001\u200E": "holds U+200E (a bidirectional control)" + valid,
		"60/01":      "holds U+002F '/'" + valid,
		"٦٠٠١":       "holds U+0666 (a digit outside 0-9)" + valid,
		"Ѕ13":        "holds U+0405 (a letter outside A-Z)" + valid,
		"-":          "has no digits or letters",
		"  ":         "has no digits or letters",
		"6001\t1":    "holds U+0009 (a control character)" + valid,
		"\u2011":     "holds U+2010 '\u2010'" + valid,
	} {
		want = fmt.Sprintf("card %q %s", in, want)
		if got, err := entries.NormCard(in); err == nil || err.Error() != want {
			t.Errorf("NormCard(%q) = %q, %v; want the refusal %q", in, got, err, want)
		}
	}
}

// TestListsNormaliseCards: the register, the proxies file and the
// standings compare cards as the entry files do, and refuse names with a
// control or bidirectional character.
func TestListsNormaliseCards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg := filepath.Join(dir, "register.csv")
	rig.Write(t, reg, "Card\n６００１ ０００４\n60010004\n")
	if cards, _, err := entries.ReadCards(reg, "", ""); err != nil || !slices.Equal(cards, []string{"60010004"}) {
		t.Errorf("register: %q, %v", cards, err)
	}
	px := filepath.Join(dir, "proxies.csv")
	rig.Write(t, px, "Card,Nominee Name,Nominee ID\n６００１-０００４,Lindiwe Dube,8001015009087\n60010004,Lindiwe Dube,8001015009087\n")
	ps, _, err := entries.ReadProxies(px, "")
	if err != nil || len(ps) != 1 || ps[0].Card != "60010004" {
		t.Errorf("proxies: %+v, %v", ps, err)
	}
	rig.Write(t, px, "Card,Nominee Name,Nominee ID\n60010004,Lindiwe \u202EebuD,8001015009087\n60010005,Sipho\x07,1\n")
	_, _, err = entries.ReadProxies(px, "")
	if err == nil || !strings.Contains(err.Error(), `proxies.csv row 2, column "Nominee Name": the nominee's name "Lindiwe \u202eebuD" holds U+202E`) ||
		!strings.Contains(err.Error(), "row 3") {
		t.Errorf("proxies with an override and a bell: %v", err)
	}
	st := filepath.Join(dir, "standings.csv")
	rig.Write(t, st, "Card,Name,Points\n６００１,Thabo,10\n6001,Thabo,12\n")
	if _, err := entries.ReadStandings(st, ""); err == nil || err.Error() != st+` row 3, column "Card": card 6001 is listed twice (first on row 2)` {
		t.Errorf("standings with one card in two spellings: %v", err)
	}
	rig.Write(t, st, "Card,Name,Points\n6001,\u2067Thabo,10\n")
	if _, err := entries.ReadStandings(st, ""); err == nil ||
		err.Error() != st+` row 2, column "Name": the name "\u2067Thabo" holds U+2067 (a bidirectional control); remove it from the file` {
		t.Errorf("standings with an isolate in a name: %v", err)
	}
}

// TestNamesWithControlsRefused: an entry file's name with a control
// character or a bidirectional control is refused with its row, column
// and value; the file is not used.
func TestNamesWithControlsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "entries.csv")
	names := []string{"Thabo\x00Mokoena", "\u202Eanivel", "Zoë\u200FBotha", "\"Sipho\nNkosi\"", "Lerato\u2066 Dlamini", "Émile\x1b[2J"}
	var b strings.Builder
	b.WriteString("Ticket,Card,Name,Tier\nT0,C0,Naledi Khumalo,ace\n")
	for i, n := range names {
		b.WriteString("T" + string(rune('1'+i)) + ",C" + string(rune('1'+i)) + "," + n + ",ace\n")
	}
	rig.Write(t, path, b.String())
	var got int
	_, err := entries.Read(path, "", entries.Columns{}, entries.Need{Ticket: true}, func(entries.Row) error { got++; return nil })
	var fe *entries.FileError
	if !errors.As(err, &fe) || fe.Total != len(names) {
		t.Fatalf("names with controls: %v", err)
	}
	for i, e := range fe.Errs {
		want := strings.Trim(names[i], `"`)
		if e.Column != "Name" || e.Value != want || e.Row < 3 {
			t.Errorf("problem %d: %+v, want the name %q", i, e, want)
		}
	}
	if got > 1 {
		t.Errorf("%d rows were passed on", got)
	}
}

// TestTypedTicketNormalised: a ticket typed from a physical bin in
// fullwidth digits, or with a zero-width space pasted in, is the entry
// file's ticket; one with an override is not in the bin.
func TestTypedTicketNormalised(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	f.Text = []byte(strings.Replace(rig.Show, "    win_once: day\n", "    win_once: day\n    manual: true\n", 1))
	rig.Write(t, f.ShowPath, string(f.Text))
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), "Ticket,Card,Name,Tier\n100001,C1,Thabo Mokoena,ace\n100002,C2,Zoë Botha,king\n100003,C3,Sipho Nkosi,queen\n")
	_, ss := f.Open(t)
	var refusal *show.Refusal
	if _, err := ss.Do(show.Command{Op: show.OpTicket, Text: "\u202E100001"}, nil); !errors.As(err, &refusal) {
		t.Fatalf("a ticket with an override: %v", err)
	}
	evs, err := ss.Do(show.Command{Op: show.OpTicket, Text: "１０００\u200B０１"}, nil)
	if i := slices.IndexFunc(evs, func(e show.Event) bool { return e.Kind == show.PickDrawn }); err != nil || i < 0 || evs[i].Pick.Ticket != "100001" {
		t.Fatalf("the ticket typed in fullwidth: %+v, %v", evs, err)
	}
	rig.Do(t, ss, show.OpClaim)
	if _, err := ss.Do(show.Command{Op: show.OpTicket, Text: "１０００\uFEFF０１"}, nil); err == nil || !strings.Contains(err.Error(), "drawn already") {
		t.Fatalf("the same ticket again, another spelling: %v", err)
	}
}

// TestStatementFindsNormalisedCard: a statement asked for a card typed
// with spaces or fullwidth digits finds the card as the entry file gave it.
func TestStatementFindsNormalisedCard(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), "Ticket,Card,Name,Tier\nT1,6001 0004,Thabo Mokoena,ace\nT2,C2,Zoë Botha,king\n")
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	for _, typed := range []string{"60010004", "６００１ ０００４", "6001-0004"} {
		st, err := paper.StatementOf(db, typed)
		if err != nil || st.Card != "60010004" || len(st.Rehearsals) == 0 {
			t.Errorf("statement of %q: %+v, %v", typed, st, err)
		}
	}
}
