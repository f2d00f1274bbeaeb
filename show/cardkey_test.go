package show

import (
	"slices"
	"testing"
)

func TestCardKey(t *testing.T) {
	for in, want := range map[string]string{
		"0060012345": "60012345", // Excel's number cell dropped the zeros
		"60012345":   "60012345",
		"0":          "0",
		"000":        "0",
		"00AB12":     "00AB12", // a card with letters was never a number
		"AB0012":     "AB0012",
		"":           "",
	} {
		if got := CardKey(in); got != want {
			t.Errorf("CardKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// issue 26: the compliance list typed as numbers in Excel lost its
// leading zeros and matched nobody. Every list is matched by the card's
// key; the bin and the record keep the entry file's card as it is.
func TestListsMatchWhateverExcelDid(t *testing.T) {
	sh := mkShow(Segment{ID: "a", Winners: 3})
	rows := oneEach("0060010001", "0060010002", "0060010003", "0060010004", "0060010005")
	r := newRig(t, sh, memRows{"a": rows}, seedOf(3))
	r.eng.SetExclusions([]string{"60010001", "060010002"})
	r.do(Command{Op: OpLoad, Lists: &Lists{Register: []string{"60010003"},
		Proxies: []Proxy{{Card: "60010004", Name: "Lerato K", ID: "77"}}}})
	f := r.do(Command{Op: OpFreeze})[0].Frozen
	if !slices.Equal(f.Excluded, []string{"0060010001", "0060010002"}) || f.Entries != 3 {
		t.Fatalf("frozen %+v: the excluded cards are the entry file's, and out of the bin", f)
	}
	st := r.eng.State()
	if !st.RegisterHas(r.cur(), "0060010003") {
		t.Error("the register's 60010003 does not match the entry 0060010003")
	}
	if p, ok := st.ProxyFor(r.cur(), "0060010004"); !ok || p.Name != "Lerato K" {
		t.Errorf("the nomination of 60010004 does not match the entry 0060010004: %+v %v", p, ok)
	}
	for _, e := range r.cur().Bin.Entries {
		if e.Participant == "60010003" || e.Participant[0] != '0' {
			t.Fatalf("the bin holds %q: a key in place of the entry file's card", e.Participant)
		}
	}
}

func TestPastWinnersMatchByKey(t *testing.T) {
	x := &ExcludeWinners{Of: []string{"a"}, Since: "2024-01-01"}
	bars := x.Bars([]PastWin{{Segment: "a", Day: "2024-02-01", Participant: "60010001"}})
	b := NewBinBuilder(&mkShow(Segment{ID: "b"}).Segments[0], func(string) (bool, bool) { return false, false })
	b.BarPast(bars)
	for _, r := range oneEach("0060010001", "0060010002") {
		b.Add(r)
	}
	bin, err := b.Bin()
	if err != nil {
		t.Fatal(err)
	}
	if len(bin.Entries) != 1 || !slices.Equal(bin.PastWinners, []string{"0060010001"}) {
		t.Fatalf("entries %v, past winners %v", bin.Entries, bin.PastWinners)
	}
}
