package paper_test

import (
	"slices"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
	"drawshow/show"
)

// TestStatementMatchesTheBins: one official show and one rehearsal of the
// fixture in one database; for every card of the entry files, each line
// of its statement agrees with the frozen bin the engine rebuilds and with
// the picks, and the rehearsal stays apart.
func TestStatementMatchesTheBins(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, official := rig.PlayExportShow(t, f, false)
	_, rehearsal := rig.PlayExportShow(t, f, true)
	if official.ID == rehearsal.ID {
		t.Fatalf("one show for both: %s", official.ID)
	}
	states := map[string]*show.State{}
	for _, id := range []string{official.ID, rehearsal.ID} {
		eng, err := db.Fold(id)
		if err != nil {
			t.Fatal(err)
		}
		states[id] = eng.State()
	}
	reasons := map[string]int{}
	for _, p := range rig.People {
		st, err := paper.StatementOf(db, p.Card)
		if err != nil {
			t.Fatal(err)
		}
		if st.Card != p.Card || st.Name != p.Name || st.Shows != 2 {
			t.Errorf("%s: statement of card %q, name %q, %d shows", p.Card, st.Card, st.Name, st.Shows)
		}
		lines := 2 // both draws, or only the members' draw for a card with no cash ticket
		if p.Tickets == 0 {
			lines = 1
		}
		if len(st.Official) != lines || len(st.Rehearsals) != lines {
			t.Fatalf("%s: %d official and %d rehearsal lines, want %d and %d", p.Card, len(st.Official), len(st.Rehearsals), lines, lines)
		}
		for _, d := range append(slices.Clone(st.Official), st.Rehearsals...) {
			wantShow := official.ID
			if d.Rehearsal {
				wantShow = rehearsal.ID
			}
			if d.ShowID != wantShow {
				t.Errorf("%s: a line of show %s in the %v list", p.Card, d.ShowID, d.Rehearsal)
			}
			seg := states[d.ShowID].Seg(d.Segment)
			var weight uint64
			var tickets []string
			for _, e := range seg.Bin.Entries {
				if e.Participant == p.Card {
					weight += e.Weight
					tickets = append(tickets, e.Ticket)
				}
			}
			if seg.Seg.Tickets == show.Points {
				tickets = nil
			}
			if !d.Frozen || d.Tickets != weight || !slices.Equal(d.TicketNos, tickets) || d.Fingerprint != seg.Frozen.Fingerprint || d.BinTickets != seg.Frozen.TotalWeight {
				t.Errorf("%s in %s/%s: %d tickets %q of %d, fingerprint %s; the bin has %d %q of %d, %s",
					p.Card, d.ShowID, d.Segment, d.Tickets, d.TicketNos, d.BinTickets, d.Fingerprint, weight, tickets, seg.Frozen.TotalWeight, seg.Frozen.Fingerprint)
			}
			if (weight == 0) != (d.NotEligible != "") {
				t.Errorf("%s in %s/%s: weight %d but not eligible %q", p.Card, d.ShowID, d.Segment, weight, d.NotEligible)
			}
			var want string
			switch {
			case slices.Contains(seg.Frozen.Excluded, p.Card):
				want = "excluded"
			case d.Segment == "members" && p.Tier == "ten":
				want = "out of tier"
			case slices.Contains(seg.Frozen.Barred, p.Card):
				want = "barred"
			case d.Segment == "members" && p.Points < 100:
				want = "zero tickets"
			}
			if !strings.HasPrefix(d.NotEligible, want) || (want == "") != (d.NotEligible == "") {
				t.Errorf("%s in %s/%s: not eligible %q, want %q", p.Card, d.ShowID, d.Segment, d.NotEligible, want)
			}
			if want != "" {
				reasons[want]++
			}
			var picked *show.Pick
			for i := range seg.Picks {
				if seg.Picks[i].Participant == p.Card {
					picked = &seg.Picks[i]
				}
			}
			switch {
			case picked == nil && d.Picked:
				t.Errorf("%s in %s/%s: the statement says picked at k=%d, the state has no such pick", p.Card, d.ShowID, d.Segment, d.Pick.K)
			case picked != nil && (!d.Picked || d.Pick.K != picked.K || d.Pick.Outcome != picked.Outcome || d.Pick.Ticket != picked.Ticket):
				t.Errorf("%s in %s/%s: statement %+v, the pick %+v", p.Card, d.ShowID, d.Segment, d.Pick, *picked)
			}
		}
	}
	for _, r := range []string{"excluded", "out of tier", "barred", "zero tickets"} {
		if reasons[r] == 0 {
			t.Errorf("no statement line was %q: the fixture does not cover it", r)
		}
	}

	// the text: official first, the rehearsal under its own heading
	st, err := paper.StatementOf(db, "C0 1")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := st.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	off, reh := strings.Index(text, "OFFICIAL DRAWS"), strings.Index(text, "REHEARSALS - not official results")
	if !strings.HasPrefix(text, "Entry statement for card C01, Thabo Mokoena\n") || off < 0 || reh < off ||
		strings.Index(text, "show "+rehearsal.ID+"\n") < reh || strings.Index(text, "show "+official.ID+"\n") > reh {
		t.Errorf("statement text:\n%s", text)
	}
	for _, want := range []string{"Tickets:     3 of ", "(ticket numbers T101, T102, T103)", "(from 900 points)", "Fingerprint: ", "In all: "} {
		if !strings.Contains(text, want) {
			t.Errorf("statement text does not say %q:\n%s", want, text)
		}
	}

	none, err := paper.StatementOf(db, "C99")
	if err != nil || len(none.Official)+len(none.Rehearsals) != 0 {
		t.Errorf("an unknown card: %+v, %v", none, err)
	}
}

// TestStatementZeroTickets: the reason in words, and a card with spaces.
func TestStatementZeroTickets(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	_, ss := rig.PlayExportShow(t, f, true)
	st, err := paper.StatementOf(ss.DB, " C1 4 ")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Rehearsals) != 1 || st.Rehearsals[0].NotEligible != "zero tickets (30 points, 100 points per ticket)" || st.Rehearsals[0].Tickets != 0 {
		t.Errorf("C14: %+v", st.Rehearsals)
	}
	var b strings.Builder
	st.WriteText(&b, "x.db")
	if want := "Tickets:     not eligible: zero tickets (30 points, 100 points per ticket); 1 row(s) in the entry file"; !strings.Contains(b.String(), want) {
		t.Errorf("statement text does not say %q:\n%s", want, b.String())
	}
}
