package show

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Regressions found by the engine's test suite.

func TestVoidBeforeAnnounceDrawsAgain(t *testing.T) {
	for _, att := range []Attendance{NotRequired, Required} {
		r := oneSeg(t, Segment{ID: "a", Attendance: att}, 3)
		r.do(Command{Op: OpFreeze})
		r.do(Command{Op: OpPick})
		r.do(Command{Op: OpVoid, Text: "wrong button"})
		r.refused(Command{Op: OpAnnounce}, "no pick is waiting")
		r.do(Command{Op: OpDraw})
		if p := r.cur().Picks[0]; p.Outcome != Void || p.Announced() {
			t.Fatalf("%s: voided pick became %+v", att, p.PickRef)
		}
		if n := len(r.cur().Picks); n != 2 {
			t.Fatalf("%s: %d picks after the redraw, want 2", att, n)
		}
	}
}

func TestWaitBounded(t *testing.T) {
	for _, s := range []string{"wait 9300000000", "wait 25h", "wait -1s", "wait 86401"} {
		c, _, err := ParseAction(s)
		if want := fmt.Sprintf("wait needs a duration from 0s to 24h such as 90s or 2m (got %q)", strings.TrimPrefix(s, "wait ")); err == nil || err.Error() != want {
			t.Errorf("%q: %v, %v; want the refusal %q", s, c.Wait, err, want)
		}
	}
	if c, _, err := ParseAction("wait 86400"); err != nil || c.Wait.Hours() != 24 {
		t.Errorf("wait 86400: %v, %v", c.Wait, err)
	}
}

func TestParseSegmentsAlias(t *testing.T) {
	sh, err := Parse("s.yaml", []byte("promotion: P\nproperty: Q\nx: &b\n  - id: a\n    entries: e.csv\nsegments: *b\n"))
	if err == nil {
		t.Fatalf("unknown key x accepted: %+v", sh)
	}
	if !strings.Contains(err.Error(), `unknown show key "x"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestMaskKeysAreIndependent(t *testing.T) {
	sh, err := Parse("s.yaml", []byte("promotion: P\nproperty: Q\nmask: {names: false}\nsegments: [{id: a, entries: a.csv}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if sh.Mask.Names || !sh.Mask.Cards {
		t.Fatalf("mask %+v, want names off and cards still masked", sh.Mask)
	}
}

func TestVoidKeepsOtherNominations(t *testing.T) {
	r := newRig(t, mkShow(Segment{ID: "a"}, Segment{ID: "b"}, Segment{ID: "c"}), memRows{"a": oneEach("P"), "b": oneEach("P"), "c": oneEach("Q")}, seedOf(1))
	r.draw()
	r.do(Command{Op: OpProxy, Text: "Jane Doe"})
	r.do(Command{Op: OpNext})
	r.draw()
	r.do(Command{Op: OpProxy, Text: "Jane Doe"})
	r.do(Command{Op: OpVoid, Text: "wrong button"})
	r.do(Command{Op: OpDraw}) // the pool is empty: the segment ends short
	r.do(Command{Op: OpNext})
	r.draw()
	r.refused(Command{Op: OpProxy, Text: "Jane Doe"}, "one participant only")
}

func TestTypeErrorReportsTheRest(t *testing.T) {
	_, err := Parse("s.yaml", []byte("property: Q\nsegments:\n  - id: a\n    entries: a.csv\n    kind: lottery\n    winners: five\n"))
	msg := err.Error()
	for _, want := range []string{"promotion is required", `unknown kind "lottery"`, "cannot unmarshal"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q missing from\n%s", want, msg)
		}
	}
}

func TestWinnersBounded(t *testing.T) {
	_, err := Parse("s.yaml", []byte("promotion: P\nproperty: Q\nsegments: [{id: a, entries: a.csv, winners: 20000000, prizes: [x]}]\n"))
	if err == nil || !strings.Contains(err.Error(), "out of range 1..1000") {
		t.Fatalf("err = %v", err)
	}
}

// The witness typed on stage after the commitment is shown keys the picks
// exactly as a witness given at open does, and only before any freeze.
func TestWitnessAfterOpen(t *testing.T) {
	var picks [2]string
	for i, late := range []bool{false, true} {
		sh := mkShow(Segment{ID: "a"})
		src := memRows{"a": oneEach(cardsN(1000)...)}
		r := &rig{tb: t, sh: sh, src: src, now: t0, seed: seedOf(1)}
		r.eng = NewEngine(sh, src, func() time.Time { return r.now })
		r.eng.SetSeed(r.seed)
		o := &Opened{Commitment: Commitment(r.seed), Witness: "Zoë 7741"}
		if late {
			o.Witness = ""
		}
		r.do(Command{Op: OpOpen, ShowID: "s", Opening: o})
		if late {
			r.do(Command{Op: OpWitness, Text: "Zoë 7741"})
			r.refused(Command{Op: OpWitness, Text: "again"}, "already given")
		}
		r.do(Command{Op: OpLoad, Segment: "a", Loaded: &Loaded{Rows: 1000}})
		picks[i] = r.draw().Participant
	}
	if picks[0] != picks[1] {
		t.Fatalf("witness at open picked %s, typed after open %s", picks[0], picks[1])
	}
	r := oneSeg(t, Segment{ID: "a"}, 3)
	r.draw()
	r.refused(Command{Op: OpWitness, Text: "late"}, "a bin is frozen already")
}

// A slide is a page of the run sheet: nothing to draw, next goes past it.
func TestSlideSegment(t *testing.T) {
	sh, err := Parse("s.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n"+
		"  - {id: welcome, kind: slide, title: Welcome, body: Tonight's draws}\n"+
		"  - {id: a, entries: a.csv}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s := sh.Segments[0]; s.Winners != 0 || s.Page.Body != "Tonight's draws" {
		t.Fatalf("slide %+v", s)
	}
	r := newRig(t, sh, memRows{"a": oneEach(cardsN(3)...)}, seedOf(1))
	r.refused(Command{Op: OpDraw}, "is a slide")
	r.do(Command{Op: OpNext})
	r.draw()
	if _, err := Parse("s.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n  - {id: w, kind: slide, title: W, entries: a.csv}\n  - {id: a, entries: a.csv, body: x}\n")); err == nil ||
		!strings.Contains(err.Error(), `unknown slide segment key "entries"`) || !strings.Contains(err.Error(), "body is for slides") {
		t.Fatalf("err = %v", err)
	}
}

func TestLeaderboardSegment(t *testing.T) {
	sh, err := Parse("/shows/s.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n"+
		"  - id: prive\n    kind: leaderboard\n    title: Prive Slots Challenge\n    standings: standings.csv\n"+
		"    areas: [Mike, Kilo]\n    windows: [\"2024-12-20 17:00-21:00\", \"2024-12-21 18:00-22:00\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := sh.Segments[0]
	if b := g.Board; b.Standings != "/shows/standings.csv" || b.Top != 10 || b.Every.Hours() != 1 || len(b.Windows) != 2 ||
		b.Windows[1].To.Sub(b.Windows[1].From).Hours() != 4 || g.Winners != 0 {
		t.Fatalf("leaderboard %+v, %+v", g, g.Board)
	}
	_, err = Parse("s.yaml", []byte("promotion: P\nproperty: Q\nsegments:\n"+
		"  - {id: b, kind: leaderboard, windows: [\"Friday 17h00\"], winners: 3}\n"))
	for _, want := range []string{"needs standings", `window "Friday 17h00"`, `unknown leaderboard segment key "winners"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
}

// A nominee is the same person with or without the ID number typed: one
// participant only (Summer Festivo 5.14).
func TestNomineeWithAndWithoutID(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 3}, 10)
	r.draw()
	r.do(Command{Op: OpProxy, Text: "Jane Doe", ID: "123"})
	r.draw()
	r.refused(Command{Op: OpProxy, Text: "Jane  doe"}, "one participant only")
	r.refused(Command{Op: OpProxy, Text: "Someone Else", ID: "123"}, "one participant only")
	r.do(Command{Op: OpProxy, Text: "Jane Doe", ID: "999"}) // another Jane Doe: her own ID
}

// skip ends a draw short on the host's word, with a reason, so the show
// can go on; a pending pick must be decided first.
func TestSkip(t *testing.T) {
	r := oneSeg(t, Segment{ID: "a", Winners: 3}, 10)
	r.refused(Command{Op: OpSkip}, "needs a reason")
	r.draw()
	r.refused(Command{Op: OpSkip, Text: "file late"}, "still undecided")
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpNext}, "1 of 3 winners")
	r.do(Command{Op: OpSkip, Text: "entry file not delivered"})
	if e := r.cur().Ended; e == nil || e.Winners != 1 || !strings.Contains(e.Reason, "entry file not delivered") || !r.cur().Done() {
		t.Fatalf("ended %+v", e)
	}
	r.refused(Command{Op: OpSkip, Text: "again"}, "is done")
}
