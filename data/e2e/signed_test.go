package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/show"
)

// TestRegisterSigningTimes: a decline register that gives its signing
// times counts, for a draw, only the signatures made by the time it was
// read at the draw's freeze: a winner who signed at 21:45 is no winner in
// absence at 21:30; the record keeps the late signature apart, and a
// record that moves it onto the register is refused by the fold.
func TestRegisterSigningTimes(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), "Ticket,Card,Name,Tier\nT-1,C2,Member Two,ace\n")
	rig.Write(t, filepath.Join(c.Dir, "register.csv"), "Card,Signed\nC1,2024-11-30 19:00\nC2,30/11/2024 21:45\n")
	text := "promotion: Royal Flush\nproperty: Gold Reef City\ntimezone: Africa/Johannesburg\nregister: register.csv\nsegments:\n  - {id: cash, entries: cash.csv, winners: 1, at: \"2024-11-30T21:30\"}\n"
	_, ss := c.Open(t, "show.yaml", text, true, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)) // 21:30 in Johannesburg
	if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		t.Fatal(err)
	}
	l := ss.Eng.State().Lists
	if l == nil || strings.Join(l.Register, " ") != "C1" || len(l.RegisterLate) != 1 || l.RegisterLate[0] != (show.Signature{Card: "C2", Signed: "2024-11-30 21:45:00"}) {
		t.Fatalf("the register as read at 21:30: %+v", l)
	}
	_, err := ss.Do(show.Command{Op: show.OpDecline}, nil)
	if err == nil || !strings.Contains(err.Error(), "card C2 signed the decline register at 2024-11-30 21:45:00, after this draw's register was read: it counts from the next draw") {
		t.Fatalf("a decline of C2 at 21:30: %v", err)
	}
	// a record whose register holds a signature made after it was read
	_, err = ss.Eng.Decide(show.Command{Op: show.OpLoad, Segment: "cash", Lists: &show.Lists{Register: []string{"C2"}, RegisterSigned: []string{"2024-11-30 21:45:00"}}})
	if err == nil || !strings.Contains(err.Error(), "signed at 2024-11-30 21:45:00, after the register was read (2024-11-30 21:30:00)") {
		t.Fatalf("a register holding a later signature: %v", err)
	}
}
