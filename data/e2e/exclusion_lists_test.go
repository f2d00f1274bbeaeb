package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/session"
	"drawshow/data/verifydb"
	"drawshow/show"
)

const twoListsShow = `promotion: Royal Flush
property: Gold Reef City
exclusions: [self-excluded.csv, {file: staff.csv, header_row: 2}]
segments:
  - id: cash
    title: Cash Draw
    entries: cash.csv
    winners: 2
    prizes: ["R5 000", "R2 000"]
`

// TestSeveralExclusionLists: exclusions: [self-excluded.csv, staff.csv]
// keeps out the cards of both (issue 39). check matches each list on its
// own, by name; the freeze keeps out every card of either, each once;
// the record names both files with their hashes, the report says which
// lists the removed cards were on, and the statement of an excluded card
// names them; verify holds it all, from the export and the database.
func TestSeveralExclusionLists(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := &rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(twoListsShow)}
	rig.Write(t, f.ShowPath, twoListsShow)
	rig.Write(t, filepath.Join(dir, "self-excluded.csv"), "Card\n0060010002\n60010003\n") // one spelt as Excel left it
	rig.Write(t, filepath.Join(dir, "staff.csv"), "Staff list, HR export\nCard Number,Name\n0060010003,Cas (also self-excluded)\n0060010005,Eve\nTOTAL,2 staff\n")
	var rows strings.Builder
	rows.WriteString("Ticket,Card,Name\n")
	for i, c := range []string{"0060010001", "0060010002", "0060010003", "0060010004", "0060010005", "0060010006", "0060010007"} {
		rows.WriteString("T" + string(rune('1'+i)) + "," + c + ",Member " + c + "\n")
	}
	rig.Write(t, filepath.Join(dir, "cash.csv"), rows.String())

	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	chk := session.CheckShow(sh)
	if len(chk.Problems) > 0 || len(chk.Matches) != 2 {
		t.Fatalf("check: %v, %d matches", chk.Problems, len(chk.Matches))
	}
	for i, want := range []struct {
		name        string
		cards, hits int
	}{{"exclusions self-excluded.csv", 2, 2}, {"exclusions staff.csv", 2, 2}} {
		if m := chk.Matches[i]; m.Name != want.name || m.Cards != want.cards || m.Matched != want.hits {
			t.Errorf("check's match %d: %s %d of %d; want %s %d of %d", i, m.Name, m.Matched, m.Cards, want.name, want.hits, want.cards)
		}
	}
	if l := chk.Lists; l == nil || l.Exclusions != 3 {
		t.Errorf("check's lists %+v: want 3 cards, each once", chk.Lists)
	}

	f.Clock = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	st := ss.Eng.State()
	if l := st.Lists; l == nil || l.ExclusionsFile != "" || len(l.ExclusionLists) != 2 || l.ExclusionLists[1].File != "staff.csv" || l.ExclusionLists[1].Cards != 2 || len(l.ExclusionLists[0].SHA256) != 64 {
		t.Fatalf("lists-loaded: %+v", st.Lists)
	}
	if fr := st.Seg("cash").Frozen; len(fr.Excluded) != 3 || fr.Participants != 4 {
		t.Fatalf("frozen: excluded %v, %d participants; want 3 out and 4 in", fr.Excluded, fr.Participants)
	}
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpClose)
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	report := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, "report.pdf")), "\n"))
	for _, want := range []string{"3 card(s) on the exclusions lists self-excluded.csv and staff.csv", "staff.csv (2 card(s))"} {
		if !strings.Contains(report, want) {
			t.Errorf("report.pdf lacks %q:\n%s", want, report)
		}
	}
	// the statement names the list the card is on, read again from disk
	for card, want := range map[string]string{
		"0060010005": "excluded (the card is on the show's exclusions list staff.csv)",
		"60010003":   "excluded (the card is on the show's exclusions lists self-excluded.csv and staff.csv)",
	} {
		if got := rig.StatementText(t, db, card); !strings.Contains(got, want) {
			t.Errorf("statement of %s:\n%s\nwant %q", card, got, want)
		}
	}
	// a list changed since the show read it is not looked in, and said so
	rig.Write(t, filepath.Join(dir, "staff.csv"), "Card Number,Name\n0060010005,Eve\n0060010009,Sam\n")
	if got, want := rig.StatementText(t, db, "0060010005"), "excluded (the card is on one of the show's exclusions lists: self-excluded.csv, staff.csv (staff.csv not looked in"; !strings.Contains(got, want) {
		t.Errorf("statement after staff.csv changed:\n%s\nwant %q", got, want)
	}
}
