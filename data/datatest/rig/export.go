package rig

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// ExportShow is the export fixture: a per-row cash draw, then a points
// draw whose winners need not be present and whose tiers leave out "ten".
// The entry files have contact columns (Phone, Email) and one that is not
// (ID Number).
const ExportShow = `promotion: Royal Flush
property: Gold Reef City
exclusions: exclusions.csv
segments:
  - id: sat-cash
    title: Saturday Cash Draw
    at: "2024-11-30T21:30"
    entries: entries.csv
    winners: 3
    prizes: ["R5 000", "R2 000", "R1 000"]
    win_once: day
  - id: members
    title: Members' Draw
    at: "2024-11-30T22:30"
    entries: points.csv
    tickets: points
    points_per_ticket: 100
    tiers: [ace, king, queen, jack]
    winners: 2
    prizes: ["Weekend away"]
    win_once: day
    attendance: not-required
`

// Person is one card of the export fixture's entry files.
type Person struct {
	Card, Name, Tier, Phone, Email string
	Tickets, Points                int
}

// People are the export fixture's cards, in the entry files' order.
var People = []Person{
	{"C01", "Thabo Mokoena", "ace", "082 555 0101", "thabo@example.co.za", 3, 900},
	{"C02", "Zoë Botha", "king", "082 555 0102", "zoe@example.co.za", 2, 450},
	{"C03", "Sipho Nkosi", "queen", "", "sipho@example.co.za", 1, 120},
	{"C04", "Lerato Dlamini", "jack", "082 555 0104", "", 2, 300},
	{"C05", "Émile Naidoo", "ten", "082 555 0105", "emile@example.co.za", 1, 800},     // out of tier in members
	{"C06", "Anél van der Merwe", "ace", "082 555 0106", "anel@example.co.za", 3, 50}, // zero tickets in members
	{"C07", "Precious Ndlovu", "king", "082 555 0107", "precious@example.co.za", 2, 700},
	{"C08", "Johan O'Reilly", "queen", "082 555 0108", "johan@example.co.za", 1, 1000},
	{"C09", "Naledi Khumalo", "jack", "082 555 0109", "naledi@example.co.za", 2, 600},
	{"C10", "Karabo Mahlangu", "ace", "082 555 0110", "karabo@example.co.za", 1, 250},
	{"C11", "Fatima Govender", "king", "082 555 0111", "fatima@example.co.za", 2, 500},
	{"C12", "Ruan Steyn", "queen", "082 555 0112", "ruan@example.co.za", 1, 350},
	{"C13", "Excluded Person", "ace", "082 555 0113", "x@example.co.za", 2, 900}, // on the exclusions list
	{"C14", "Mpho Sithole", "king", "082 555 0114", "mpho@example.co.za", 0, 30}, // members only, zero tickets
}

// PersonOf is the export fixture's person of card, or the zero Person.
func PersonOf(card string) Person {
	for _, p := range People {
		if p.Card == card {
			return p
		}
	}
	return Person{}
}

// ExportFixture writes ExportShow and its files into a new folder, at
// 19:30 on the show's night.
func ExportFixture(t testing.TB) *Fixture {
	t.Helper()
	dir := t.TempDir()
	f := &Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(ExportShow)}
	Write(t, f.ShowPath, ExportShow)
	var rows, points strings.Builder
	rows.WriteString("Ticket,Card,Name,Tier,Phone,Email,ID Number\n")
	points.WriteString("Card;Name;Tier;Points;Phone;Email;ID Number\n")
	n := 100
	for i, p := range People {
		for range p.Tickets {
			n++
			fmt.Fprintf(&rows, "T%d,%s,%s,%s,%s,%s,80010150%05d\n", n, p.Card, p.Name, p.Tier, p.Phone, p.Email, i)
		}
		fmt.Fprintf(&points, "%s;%s;%s;%d;%s;%s;80010150%05d\n", p.Card, p.Name, p.Tier, p.Points, p.Phone, p.Email, i)
	}
	Write(t, filepath.Join(dir, "entries.csv"), rows.String())
	Write(t, filepath.Join(dir, "points.csv"), points.String())
	Write(t, filepath.Join(dir, "exclusions.csv"), "Card\nC13\n")
	f.Clock = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)
	return f
}

// PlayExportShow runs the export fixture's show to its close: in the cash
// draw a claim, a void, a no-show, a forfeit, a proxy and a decline; in
// the members' draw two winners to be contacted. An official show draws
// its own seed.
func PlayExportShow(t testing.TB, f *Fixture, rehearsal bool) (*store.DB, *session.Session) {
	t.Helper()
	opt := session.Options{Rehearsal: rehearsal, NoWitness: true}
	if rehearsal {
		opt.Seed = Seed
	}
	db, ss := f.OpenWith(t, opt)
	step := func(c show.Command) {
		t.Helper()
		f.Clock = OnTime(ss, c, f.Clock.Add(7*time.Second))
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s %s: %v", c.Op, c.Text, err)
		}
	}
	op := func(o show.Op) show.Command {
		return show.Command{Op: o, Text: map[show.Op]string{show.OpDecline: PaperNote}[o]}
	}
	step(op(show.OpDraw))
	step(op(show.OpClaim))
	step(op(show.OpDraw))
	step(show.Command{Op: show.OpVoid, Text: "the host pressed draw twice"})
	step(op(show.OpDraw))
	f.Clock = ss.Eng.State().CurSeg().Last().Deadline.Add(-7 * time.Second)
	step(op(show.OpTick)) // the no-show
	step(op(show.OpDraw))
	step(op(show.OpForfeit))
	step(op(show.OpDraw))
	step(show.Command{Op: show.OpProxy, Text: "Lindiwe Dube", ID: "8001015009087"})
	step(op(show.OpDraw))
	step(op(show.OpDecline))
	step(op(show.OpNext))
	step(op(show.OpDraw))
	step(op(show.OpDraw))
	step(op(show.OpClose))
	return db, ss
}
