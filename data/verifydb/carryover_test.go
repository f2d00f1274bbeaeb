package verifydb_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/campaign"
	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// anchorOf is show id's line of the auditor's list, read off the
// database as the auditor's papers have it: the commitment of its
// opening and the hash of its last row (its close).
func anchorOf(t *testing.T, db *store.DB, id string) verify.ShowAnchor {
	t.Helper()
	var payload string
	if err := rig.RawSQL(t, db).QueryRow(`SELECT payload FROM journal WHERE show = ? AND kind = 'show-opened'`, id).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	var e struct {
		Opened struct{ Commitment string } `json:"opened"`
	}
	if err := json.Unmarshal([]byte(payload), &e); err != nil {
		t.Fatal(err)
	}
	var seq int64
	var h []byte
	if err := rig.RawSQL(t, db).QueryRow(`SELECT seq, hash FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1`, id).Scan(&seq, &h); err != nil {
		t.Fatal(err)
	}
	return verify.ShowAnchor{Show: id, Commitment: e.Opened.Commitment, Head: verify.Anchor{Seq: seq, Prefix: hex.EncodeToString(h)[:16]}}
}

// showIDs are the database's shows by their show file's name.
func showIDs(t *testing.T, db *store.DB) map[string]string {
	t.Helper()
	rows, err := db.Shows()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rows {
		out[filepath.Base(r.File)] = r.ID
	}
	return out
}

func wantCarried(t *testing.T, db *store.DB, list []verify.ShowAnchor, want ...string) {
	t.Helper()
	got, err := verifydb.AgainstShowAnchors(db, list)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("verify --anchors said %d problem(s), want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("problem %d %q, want %q", i, got[i], w)
		}
	}
}

// The forged bonus nights (issue 25): three made-up bonus-jackpot nights
// (run on a laptop whose clock was set back: the only way left) raise a
// friend's Saturday weight. Everything folds; the auditor's list of
// official shows does not hold them, and verify --anchors names each.
func TestAnchorsRefuseForgedBonusNights(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var raps, cash strings.Builder
	raps.WriteString("Machine No,Area,Card,Name,Tier,Spend\n")
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 12 {
		fmt.Fprintf(&raps, "M-%02d,Main,R%02d,Member %d,ace,900\n", i, i, i)
		fmt.Fprintf(&cash, "T-%02d,R%02d,Member %d,ace\n", i, i, i) // every bonus winner printed a ticket on Saturday (RF 39-41)
	}
	rig.Write(t, filepath.Join(c.Dir, "raps.csv"), raps.String())
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), cash.String())
	rig.PlayBonus(t, c, "wednesday.yaml", "2024-11-27", false)
	for i, day := range []string{"2024-11-25", "2024-11-26", "2024-11-28"} {
		rig.PlayBonus(t, c, fmt.Sprintf("forged-%d.yaml", i), day, false)
	}
	db, ss := c.Open(t, "saturday.yaml", rig.SaturdayText, false, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	for ss.Eng.State().CurSeg().Winners() < 2 {
		if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ss.Do(show.Command{Op: show.OpClose}, nil); err != nil {
		t.Fatal(err)
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("the forged campaign folds: %v %q", err, r.Problems)
	}
	ids := showIDs(t, db)
	list := []verify.ShowAnchor{anchorOf(t, db, ids["wednesday.yaml"]), anchorOf(t, db, ss.ID)}
	wantCarried(t, db, list,
		"official show "+ids["forged-0.yaml"]+" is not on the auditor's list of official shows",
		"official show "+ids["forged-1.yaml"]+" is not on the auditor's list",
		"official show "+ids["forged-2.yaml"]+" is not on the auditor's list",
		"show "+ss.ID+" carries from show "+ids["forged-0.yaml"]+" (9 bonus entr(ies) from 3 win(s) of cash (of bonus)), which is not on the auditor's list",
		"from show "+ids["forged-1.yaml"], "from show "+ids["forged-2.yaml"])

	// the carry-over names its sources, with what each gives
	srcs, err := campaign.CarryOver(db, ss.ID)
	if err != nil || len(srcs) != 4 {
		t.Fatalf("carry-over %+v, %v", srcs, err)
	}
	for _, s := range srcs {
		if a := anchorOf(t, db, s.Show); s.Commitment != a.Commitment || s.HeadSeq != a.Head.Seq || !strings.HasPrefix(s.Head, a.Head.Prefix) || !s.Closed || len(s.Entries) != 1 || s.Date == "" {
			t.Errorf("source %+v, anchor %+v", s, a)
		}
	}

	// on the list, the forged nights pass: the list is the auditor's word
	// of which shows were official; a wrong commitment or head does not
	all := list
	for _, f := range []string{"forged-0.yaml", "forged-1.yaml", "forged-2.yaml"} {
		all = append(all, anchorOf(t, db, ids[f]))
	}
	wantCarried(t, db, all)
	wrong := append([]verify.ShowAnchor(nil), all...)
	wrong[0].Commitment = strings.Repeat("ab", 32)
	wrong[2].Head.Seq--
	// in the order the sources opened: forged-0 (25 November) first
	// each named as the show it is, then as the source it is
	wantCarried(t, db, wrong, " closes at ", " has commitment ", "whose closing chain head is ", "whose commitment is "+all[0].Commitment)

	// record.json and the report name the sources, and verify holds
	// record.json's list to the bins: a source taken out is named
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Carried) != 4 || rec.Carried[0].Anchor() != srcs[0].Anchor() || len(rec.Carried[0].Entries) != 1 {
		t.Errorf("record.json carried %+v", rec.Carried)
	}
	report := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, "report.pdf")), "\n"))
	if !strings.Contains(report, "Carried over from earlier shows") || !strings.Contains(report, rig.Squeeze(srcs[0].Anchor())) {
		t.Errorf("report.pdf does not list the sources:\n%s", report)
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
	b, _ := os.ReadFile(filepath.Join(out, "record.json"))
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	raw["carried"] = raw["carried"].([]any)[1:]
	b, _ = json.MarshalIndent(raw, "", "  ")
	rig.Write(t, filepath.Join(out, "record.json"), string(b))
	if r, err := verify.Dir(out); err != nil || !slices.ContainsFunc(r.Problems, func(p string) bool {
		return strings.Contains(p, "cash earned 9 entr(ies) from show "+srcs[0].Show+", which the list of sources does not name")
	}) {
		t.Errorf("verify of a record.json without a source: %v %q", err, r.Problems)
	}
}

// The inflated jackpot: three made-up chest Sundays raised week 2's
// jackpot; the ledger's sources not on the list are named.
func TestAnchorsRefuseAnInflatedJackpot(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	week := func(name string, day int) string {
		at := time.Date(2024, 12, day, 17, 30, 0, 0, time.UTC)
		db, ss := c.Open(t, name, rig.WeekShow(day, false), false, at)
		rig.DrawFive(t, ss)
		rig.ChooseBalls(t, db, ss, -1)
		rig.Do(t, ss, show.OpClose)
		db.Close()
		return ss.ID
	}
	w1 := week("week1.yaml", 1)
	var made []string
	for _, d := range []int{2, 3, 4} {
		made = append(made, week(fmt.Sprintf("made-%d.yaml", d), d))
	}
	w2 := week("week2.yaml", 8)
	db, err := store.Open(c.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	list := []verify.ShowAnchor{anchorOf(t, db, w1), anchorOf(t, db, w2)}
	got, err := verifydb.AgainstShowAnchors(db, list)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range made {
		w := "show " + w2 + " carries from show " + m + " (jackpot festivo-chest at "
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, w) && strings.HasSuffix(g, "which is not on the auditor's list of official shows")
		}
		if !found {
			t.Errorf("no problem says %q:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// The backdated October show: a made-up October month-end bars a rival
// from November's bin (exclude_winners). November's carry-over names
// the October show and the card, and the list refuses it.
func TestAnchorsRefuseABackdatedOctober(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	night := rig.At("2024-10-27T12:30:00Z")
	// the insider's laptop clock set back to October: the only way left
	_, oct, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, session.Options{NoWitness: true, Clock: night, Wall: night})
	if err != nil {
		t.Fatal(err)
	}
	rig.Do(t, oct, show.OpDraw)
	rig.Do(t, oct, show.OpClose)
	rival := oct.Eng.State().Segs[0].Picks[0].Participant
	november := strings.NewReplacer("2024-10-27T14:00", "2024-11-24T14:00", "id: oct", "id: nov", "October", "November").Replace(rig.OctoberText) +
		"    exclude_winners: {of: [oct], since: 2024-10-01}\n"
	nov := rig.At("2024-11-24T12:30:00Z")
	db, ss, err := rig.OpenOn(t, c, "november.yaml", november, session.Options{NoWitness: true, Clock: nov, Wall: nov})
	if err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClose)
	if f := ss.Eng.State().Segs[0].Frozen; len(f.PastWinners) != 1 || f.PastWinners[0] != rival {
		t.Fatalf("November kept out %v, want the rival %s", f.PastWinners, rival)
	}
	wantCarried(t, db, []verify.ShowAnchor{anchorOf(t, db, ss.ID)},
		"official show "+oct.ID+" is not on the auditor's list of official shows",
		"show "+ss.ID+" carries from show "+oct.ID+" (1 barred card(s): nov: "+rival+"), which is not on the auditor's list")
}

// verify --db --anchors holds every official show of the database to the
// list, not only those another show carries from: an empty list names
// each; a list's show the database lacks, or whose commitment or closing
// head differ, is named (issue 43).
func TestAnchorsListEveryOfficialShow(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	nov := rig.At("2024-11-24T12:30:00Z")
	db, ss, err := rig.OpenOn(t, c, "november.yaml", strings.Replace(rig.OctoberText, "2024-10-27", "2024-11-24", -1), session.Options{NoWitness: true, Clock: nov, Wall: nov})
	if err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClose)
	wantCarried(t, db, nil, "official show "+ss.ID+" is not on the auditor's list of official shows")
	good := anchorOf(t, db, ss.ID)
	wantCarried(t, db, []verify.ShowAnchor{good})
	other := good
	other.Commitment = strings.Repeat("0", 64)
	wantCarried(t, db, []verify.ShowAnchor{other}, "official show "+ss.ID+" has commitment "+good.Commitment+"; the list's (line ")
	other = good
	other.Head.Prefix = strings.Repeat("0", 16)
	wantCarried(t, db, []verify.ShowAnchor{other}, "official show "+ss.ID+" closes at ")
	gone := verify.ShowAnchor{Show: "royal-flush-2024-11-17", Commitment: good.Commitment, Head: good.Head, Line: 2}
	wantCarried(t, db, []verify.ShowAnchor{good, gone}, "the list's official show royal-flush-2024-11-17 (line 2) is not in the database")
}
