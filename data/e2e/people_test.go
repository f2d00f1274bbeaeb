package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/show"
)

// TestPeopleOfEveryKind: the stage finds names for every kind's picks,
// from the segment's own file or, for bins made from earlier results,
// from the show's other imports; a finalist's property and a bonus
// winner's area come with them.
func TestPeopleOfEveryKind(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	db, ss := playNight(t, f, false)
	st := ss.Eng.State()
	files := map[string]string{} // card → the name its file gives
	property := map[string]string{"M01": "Montecasino", "M02": "Montecasino", "M03": "Montecasino", "E01": "Emperors Palace", "E02": "Emperors Palace"}
	for _, p := range []string{"A", "B", "C", "K"} {
		for _, line := range strings.Split(rig.PointsCSV(p, 12), "\n")[1:] {
			if fs := strings.Split(line, ","); len(fs) > 1 {
				files[fs[0]] = fs[1]
			}
		}
	}
	for _, line := range []string{"M01,Naledi Mokoena", "M02,Ruan Steyn", "M03,Priya Naidoo", "E01,Kagiso Molefe", "E02,Chloé le Roux",
		"R01,Sipho Nkosi", "R02,Zoë Botha", "R03,Thabo Zulu", "R11,Fatima Govender"} {
		card, name, _ := strings.Cut(line, ",")
		files[card] = name
	}
	area := map[string]string{"M-01": "Main Floor", "M-02": "Main Floor", "M-03": "Salon Prive", "BJ04-3": "Salon Prive", "M-06": "Barneys"}
	for _, id := range []string{"nov-1", "finalist", "wild-1", "wild-2", "finale", "chest", "raps"} {
		seg := st.Seg(id)
		var cards []string
		for _, p := range seg.Picks {
			cards = append(cards, p.Participant)
		}
		ps, err := db.People(ss.ID, seg, append(cards, "NOBODY"))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if _, ok := ps["NOBODY"]; ok {
			t.Errorf("%s: a card no file lists was found", id)
		}
		for _, p := range seg.Picks {
			got := ps[p.Participant]
			if got.Name == "" || got.Name != files[p.Participant] {
				t.Errorf("%s pick %d: %s is %q, want %q", id, p.K, p.Participant, got.Name, files[p.Participant])
			}
			if got.Property != property[p.Participant] {
				t.Errorf("%s pick %d: %s's property %q, want %q", id, p.K, p.Participant, got.Property, property[p.Participant])
			}
			want := ""
			if id == "raps" {
				want = area[p.Ticket]
			}
			if got.Area != want {
				t.Errorf("%s pick %d: %s at device %s has area %q, want %q", id, p.K, p.Participant, p.Ticket, got.Area, want)
			}
		}
	}
}

// TestPeopleAreaOfThePickedDevice: a player at two devices is shown at the
// one they won at, whichever row of the list it is on.
func TestPeopleAreaOfThePickedDevice(t *testing.T) {
	t.Parallel()
	text := `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: raps
    kind: bonus-jackpot
    entries: raps.csv
    winners: 1
    attendance: not-required
    envelopes: [R1 000, R2 000]
`
	rows := []string{"M-01,Main Floor,R01,Sipho Nkosi,ace,900", "M-06,Barneys,R01,Sipho Nkosi,ace,700"}
	for _, order := range [][]string{rows, {rows[1], rows[0]}} {
		f := newNightFixture(t)
		f.Text = []byte(text)
		rig.Write(t, f.ShowPath, text)
		rig.Write(t, filepath.Join(f.Dir, "raps.csv"), "Machine No,Area,Card,Name,Tier,Spend\n"+strings.Join(order, "\n")+"\n")
		_, ss := f.Open(t)
		// the freeze: the reel's names, before any pick
		rig.Do(t, ss, show.OpFreeze)
		ps, err := ss.People("raps", []string{"R01"})
		if err != nil || ps["R01"].Area != strings.Split(order[0], ",")[1] {
			t.Fatalf("before the pick: %+v, %v; want the first row's area", ps, err)
		}
		rig.Do(t, ss, show.OpDraw)
		p := ss.Eng.State().CurSeg().Picks[0]
		want := map[string]string{"M-01": "Main Floor", "M-06": "Barneys"}[p.Ticket]
		ps, err = ss.People("raps", []string{"R01"})
		if err != nil || ps["R01"] != (show.Person{Name: "Sipho Nkosi", Tier: show.Ace, Area: want}) {
			t.Fatalf("won at %s: %+v, %v; want area %s", p.Ticket, ps, err, want)
		}
	}
}
