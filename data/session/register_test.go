package session_test

import (
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/show"
)

// TestRegisterReadAtEachFreeze: the show's decline register and proxy
// forms are read again at each segment's freeze, so a signature made
// between two draws counts for the next one, and one made after a draw's
// freeze never for that draw.
func TestRegisterReadAtEachFreeze(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	f.Text = []byte(strings.Replace(rig.Show, "exclusions: exclusions.csv\n", "exclusions: exclusions.csv\nregister: register.csv\nproxies: proxies.csv\n", 1))
	rig.Write(t, f.ShowPath, string(f.Text))
	register, proxies := filepath.Join(f.Dir, "register.csv"), filepath.Join(f.Dir, "proxies.csv")
	rig.Write(t, register, "Card\nC9\n")
	rig.Write(t, proxies, "Card,Nominee\nC9,Nobody\n")
	everyone := "Card\nC1\nC2\nC3\nC4\n"
	_, ss := f.Open(t)

	rig.Do(t, ss, show.OpDraw) // sat-cash freezes with the register as it is
	// signatures made after the freeze
	rig.Write(t, register, everyone)
	rig.Write(t, proxies, "Card,Nominee\nC1,Ann\nC2,Ben\nC3,Cy\nC4,Dee\n")
	for range 2 {
		p := ss.Eng.State().CurSeg().Last()
		if p.Outcome != show.Pending {
			t.Fatalf("sat-cash pick %d was decided at its announcement (%s by %s): a signature after the freeze counted", p.K+1, p.Outcome, p.By)
		}
		if _, ok := ss.Eng.State().ProxyFor(ss.Eng.State().CurSeg(), p.Participant); ok {
			t.Fatalf("a proxy form filed after sat-cash's freeze counted for it")
		}
		rig.Do(t, ss, show.OpClaim)
		if ss.Eng.State().CurSeg().Winners() < 2 {
			rig.Do(t, ss, show.OpDraw)
		}
	}
	rig.Do(t, ss, show.OpNext)
	rig.Do(t, ss, show.OpDraw) // late freezes with the register signed since
	p := ss.Eng.State().CurSeg().Last()
	if p.Outcome != show.Declined || p.By != "register" {
		t.Fatalf("late's pick: %s by %s; want declined by the register read at its freeze", p.Outcome, p.By)
	}
	if l := ss.Eng.State().CurSeg().Lists; l == nil || l.RegisterFile != "register.csv" || len(l.Register) != 4 || len(l.Proxies) != 4 {
		t.Errorf("late's lists: %+v", l)
	}
}
