package e2e

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// The finale shows of these tests, each played to its close through a
// Session on a real SQLite database, exported, and verified; then each
// record is tampered with, and verify must name what was changed.

const grandFinaleText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: me
    kind: month-end
    title: Month-end draw
    winners: 2
    tickets: points
    points_per_ticket: 100
    bins:
      - {at: "2024-11-30T14:00", entries: b1.csv}
      - {at: "2024-11-30T15:00", entries: b2.csv}
      - {at: "2024-11-30T16:00", entries: b3.csv}
  - {id: finalists, kind: manual-bin, title: Manual bin, from: [me], winners: 2, manual: true}
  - {id: wild, kind: wild-card, title: Wild card, from: [me], winners: 2}
  - id: finale
    kind: royal-flush
    title: Grand Finale
    entries: finalists.csv
    from: [finalists, wild]
    winners: 5
    prizes: ["R250 000", "R100 000", "R50 000", "R25 000", "R10 000"]
`

const bonusText = `promotion: Bonus Jackpot
property: Gold Reef City
segments:
  - id: raps
    kind: bonus-jackpot
    title: Bonus Jackpot
    entries: active.csv
    winners: 3
    envelopes: ["R1 000", "R2 500", "R5 000", "R10 000"]
`

// tamper copies an export, changes its record.json and verifies the copy:
// verify must find a problem that says want.
func tamper(t *testing.T, out, name string, edit func(rec *record.Record)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Helper()
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(out)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, record.RecordFile))
		if err != nil {
			t.Fatal(err)
		}
		var rec record.Record
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatal(err)
		}
		orig := json.RawMessage(b)
		edit(&rec)
		if b, err = json.MarshalIndent(&rec, "", " "); err != nil {
			t.Fatal(err)
		}
		rig.Write(t, filepath.Join(dir, record.RecordFile), string(b))
		v, err := verify.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		// verify names exactly the fields the edit changed, against the
		// record the journal folds to
		var want []string
		for _, d := range verify.DiffJSON(json.RawMessage(b), orig, "the export", "the record") {
			want = append(want, record.RecordFile+": "+d)
		}
		if len(want) == 0 {
			t.Fatal("the edit changed nothing")
		}
		if !slices.Equal(v.Problems, want) {
			t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(v.Problems, "\n"), strings.Join(want, "\n"))
		}
	})
}

// drawOf is the record's draw of a segment.
func drawOf(t *testing.T, rec *record.Record, id string) *record.RecordDraw {
	t.Helper()
	for i := range rec.Draws {
		if rec.Draws[i].ID == id {
			return &rec.Draws[i]
		}
	}
	t.Fatalf("the record has no draw %s", id)
	return nil
}

func grandFinaleFiles() map[string]string {
	every := "EVERY;Everywhere Mokoena;ace;900;082 555 9999" // in each bin
	return map[string]string{
		"b1.csv":        rig.PointsFile("A", 10, every),
		"b2.csv":        rig.PointsFile("B", 10, every),
		"b3.csv":        rig.PointsFile("C", 10, every),
		"finalists.csv": "Card,Name,Property\nF1,Finalist One,Montecasino\nF2,Finalist Two,Carnival City\nF3,Finalist Three,Gold Reef City\n",
	}
}

// playGrandFinale plays the month-end bins, the manual bin, the wild card
// (its numbers typed, or drawn when typed is nil) and the Royal Flush,
// whose winners choose the cards in the order given, and closes.
func playGrandFinale(t *testing.T, typed []int) *rig.Finale {
	t.Helper()
	r := rig.NewFinale(t, grandFinaleText, grandFinaleFiles())
	for range 3 {
		r.ClaimAll()
		r.Op(show.OpNext)
	}
	r.ClaimAll() // the manual bin: receipts typed by hand
	r.Op(show.OpNext)
	if typed == nil {
		r.Op(show.OpDraw)
	} else {
		r.Do(show.Command{Op: show.OpNumbers, Numbers: typed, Text: "Thandi Nkosi"})
	}
	r.Op(show.OpNext)
	for range 2 {
		r.ClaimAll()
		r.Op(show.OpNext)
	}
	r.ClaimAll()
	for _, c := range []string{"Q", "A", "10", "K", "J"} {
		r.Choose(c)
	}
	r.Op(show.OpClose)
	return r
}

func TestGrandFinaleExportVerifies(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		typed []int
	}{{"numbers typed", nil}, {"numbers drawn", nil}} {
		if tc.name == "numbers typed" {
			tc.typed = []int{3, 1}
		}
		t.Run(tc.name, func(t *testing.T) {
			r := playGrandFinale(t, tc.typed)
			st := r.SS.Eng.State()
			out, rec := r.Export()
			small := 1 // the cards
			if tc.typed == nil {
				small++ // the numbers
			}
			r.Verified(out, 3+1+2+1, 5, small)

			// the record lists the cards, the wild card, the manual picks
			if len(rec.WildCards) != 1 {
				t.Fatalf("wild cards %+v", rec.WildCards)
			}
			w := rec.WildCards[0]
			if !slices.Equal(w.Bins, []string{"me-1", "me-2", "me-3"}) || !slices.Equal(w.Draws, []string{"wild-1", "wild-2"}) {
				t.Errorf("wild card %+v", w)
			}
			if tc.typed != nil && (w.By != "host" || w.Name != "Thandi Nkosi" || !slices.Equal(w.Numbers, tc.typed)) {
				t.Errorf("typed numbers recorded as %+v", w)
			}
			if tc.typed == nil && w.By != "engine" {
				t.Errorf("drawn numbers recorded as %+v", w)
			}
			for i, id := range w.Draws {
				if d := drawOf(t, rec, id); d.From != w.Bins[w.Numbers[i]-1] || d.Kind != string(show.KindWildDraw) {
					t.Errorf("draw %s from %s, want %s", id, d.From, w.Bins[w.Numbers[i]-1])
				}
			}
			fin := drawOf(t, rec, "finalists")
			if !fin.Manual || fin.Picks[0].By != "manual" || !slices.Equal(fin.Sources, []string{"me-1", "me-2", "me-3"}) || fin.Entries != 6 {
				t.Errorf("manual bin %+v", fin)
			}
			rf := drawOf(t, rec, "finale")
			if rf.Choice != "cards" || len(rf.Prizes) != 5 || !slices.Equal(rf.Sources, []string{"finalists", "wild-1", "wild-2"}) {
				t.Errorf("royal flush %+v", rf)
			}
			var cards *record.RecordSmallDraw
			for i := range rec.SmallDraws {
				if rec.SmallDraws[i].ID == "finale/cards" {
					cards = &rec.SmallDraws[i]
				}
			}
			if cards == nil || len(cards.Picks) != 5 || len(cards.Result) != 5 {
				t.Fatalf("small draws %+v", rec.SmallDraws)
			}
			for i, p := range rf.Picks {
				if p.Choice == nil || p.Prize != p.Choice.Prize || p.Choice.Prize != cards.Result[slices.Index(show.Cards, p.Choice.Item)] {
					t.Errorf("pick %d: %+v", i, p)
				}
			}
			// a wild card draws finalists not drawn before
			if tc.typed != nil {
				seen := map[string]bool{}
				for _, id := range []string{"finalists", "wild-1", "wild-2"} {
					for _, p := range drawOf(t, rec, id).Picks {
						if show.Outcome(p.Outcome).Wins() && seen[p.Participant] {
							t.Errorf("%s drew %s, a finalist already", id, p.Participant)
						}
						seen[p.Participant] = true
					}
				}
			}

			// winners.csv: the prize is the card's
			n := 0
			for _, row := range rig.CSVRows(t, filepath.Join(out, record.WinnersCSV)) {
				if row["segment"] != "finale" {
					continue
				}
				k, _ := strconv.Atoi(row["pick"])
				p := st.Seg("finale").Picks[k-1]
				if row["prize"] != p.Choice.Prize || row["chosen"] != "card "+p.Choice.Item {
					t.Errorf("winners.csv row %q: want prize %q, chosen card %s", row, p.Choice.Prize, p.Choice.Item)
				}
				if row["name"] == "" {
					t.Errorf("winners.csv row %q has no name", row)
				}
				n++
			}
			if n != 5 {
				t.Errorf("winners.csv lists %d Royal Flush winners", n)
			}

			if tc.typed == nil {
				tamper(t, out, "numbers drawn", func(rec *record.Record) {
					rec.WildCards[0].Numbers[0], rec.WildCards[0].Numbers[1] = rec.WildCards[0].Numbers[1], rec.WildCards[0].Numbers[0]
				})
				return
			}
			tamper(t, out, "card prize", func(rec *record.Record) {
				p := &drawOf(t, rec, "finale").Picks[0]
				p.Choice.Prize, p.Prize = "R1 000 000", "R1 000 000"
			})
			tamper(t, out, "card swapped", func(rec *record.Record) {
				d := drawOf(t, rec, "finale")
				d.Picks[0].Choice.Item, d.Picks[1].Choice.Item = d.Picks[1].Choice.Item, d.Picks[0].Choice.Item
			})
			tamper(t, out, "prize apart from the choice", func(rec *record.Record) {
				drawOf(t, rec, "finale").Picks[2].Prize = "R250 000 cash"
			})
			tamper(t, out, "cards result", func(rec *record.Record) {
				for i := range rec.SmallDraws {
					if rec.SmallDraws[i].ID == "finale/cards" {
						res := rec.SmallDraws[i].Result
						res[0], res[1] = res[1], res[0]
					}
				}
			})
			tamper(t, out, "cards left out", func(rec *record.Record) { rec.SmallDraws = nil })
			tamper(t, out, "typed numbers", func(rec *record.Record) {
				rec.WildCards[0].Numbers = []int{2, 1}
			})
			tamper(t, out, "typer's name", func(rec *record.Record) { rec.WildCards[0].Name = "" })
			tamper(t, out, "manual ticket", func(rec *record.Record) {
				drawOf(t, rec, "finalists").Picks[0].Ticket = "me-1/NOBODY"
			})
			tamper(t, out, "manual flag", func(rec *record.Record) {
				drawOf(t, rec, "finalists").Manual = false
			})
			tamper(t, out, "wild draw's bin", func(rec *record.Record) {
				drawOf(t, rec, "wild-1").From = "me-2"
			})
			tamper(t, out, "manual bin's receipt", func(rec *record.Record) {
				drawOf(t, rec, "me-1").Picks[0].Outcome = "no-show"
			})
		})
	}
}

// TestGrandFinaleWildBarsFinalists: a finalist's bin chosen by the wild
// card: the finalist is barred, and the record lists the card as barred.
func TestGrandFinaleWildBarsFinalists(t *testing.T) {
	t.Parallel()
	r := rig.NewFinale(t, grandFinaleText, grandFinaleFiles())
	for range 3 {
		r.ClaimAll()
		r.Op(show.OpNext)
	}
	r.ClaimAll()
	fin := r.Cur().Picks[len(r.Cur().Picks)-1]
	bin, _ := strconv.Atoi(strings.TrimPrefix(strings.Split(fin.Ticket, "/")[0], "me-"))
	other := 1 + bin%3
	r.Op(show.OpNext)
	r.Do(show.Command{Op: show.OpNumbers, Numbers: []int{bin, other}, Text: "Thandi Nkosi"})
	r.Op(show.OpNext)
	r.ClaimAll()
	if r.Cur().Frozen.From != fmt.Sprintf("me-%d", bin) || !slices.Contains(r.Cur().Frozen.Barred, fin.Participant) {
		t.Fatalf("wild-1 frozen %+v: want bin me-%d without finalist %s", r.Cur().Frozen, bin, fin.Participant)
	}
	// before the close: no seed, no small draw
	_, rec := r.Export()
	if rec.Seed != "" || len(rec.SmallDraws) != 0 || len(rec.WildCards) != 1 {
		t.Fatalf("an open show's record: seed %q, small draws %+v, wild cards %+v", rec.Seed, rec.SmallDraws, rec.WildCards)
	}
	r.Op(show.OpNext)
	r.ClaimAll()
	r.Op(show.OpNext)
	r.ClaimAll()
	for _, c := range []string{"A", "K", "Q", "J", "10"} {
		r.Choose(c)
	}
	r.Op(show.OpClose)
	out, rec := r.Export()
	if d := drawOf(t, rec, "wild-1"); !slices.Contains(d.BarredCards, fin.Participant) {
		t.Fatalf("wild-1 barred %v", d.BarredCards)
	}
	r.Verified(out, 7, 5, 1)
	tamper(t, out, "finalist not barred", func(rec *record.Record) {
		drawOf(t, rec, "wild-1").BarredCards = nil
	})
}

// playChest plays a chest: five winners, who choose the balls given in
// turn (JACKPOT for the jackpot ball, "" when they choose nothing).
func playChest(t *testing.T, guaranteed bool, balls []string) *rig.Finale {
	return playChestText(t, fmt.Sprintf(rig.ChestText, map[bool]string{true: ", guaranteed: true"}[guaranteed]), guaranteed, balls)
}

func playChestText(t *testing.T, text string, guaranteed bool, balls []string) *rig.Finale {
	t.Helper()
	r := rig.NewFinale(t, text, map[string]string{"chest.csv": rig.PointsFile("K", 25)})
	r.ClaimAll()
	n := 20
	if guaranteed {
		n = 5
	}
	jb := show.JackpotBall(r.Key, "chest", n)
	for _, b := range balls {
		switch b {
		case "":
			continue
		case "JACKPOT":
			b = jb
		}
		r.Choose(b)
	}
	r.Op(show.OpClose)
	return r
}

// nonJackpot are balls of 20 other than the jackpot ball.
func nonJackpot(key [32]byte, n int) []string {
	jb := show.JackpotBall(key, "chest", 20)
	var out []string
	for i := 1; len(out) < n; i++ {
		if b := fmt.Sprintf("%02d", i); b != jb {
			out = append(out, b)
		}
	}
	return out
}

func TestChestExportVerifies(t *testing.T) {
	t.Parallel()
	key := show.Key(rig.Seed, "")
	nj := nonJackpot(key, 5)
	for _, tc := range []struct {
		name       string
		guaranteed bool
		balls      []string
		won        bool
		next       int64
		choices    int
	}{
		{"won", false, []string{nj[0], "JACKPOT", "", "", ""}, true, 20000, 5},
		{"not won", false, nj, false, 40000, 5},
		{"guaranteed", true, nil, true, 20000, 5},
		{"manual", false, nj, false, 40000, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			balls := tc.balls
			if tc.guaranteed {
				// a guaranteed week: the five winners choose among five balls
				// in order until the jackpot comes out
				jb := show.JackpotBall(key, "chest", 5)
				for i := 1; i <= 5; i++ {
					b := fmt.Sprintf("%02d", i)
					balls = append(balls, b)
					if b == jb {
						break
					}
				}
			}
			text := fmt.Sprintf(rig.ChestText, map[bool]string{true: ", guaranteed: true"}[tc.guaranteed])
			if tc.name == "manual" {
				// the tickets drawn from the physical bin, typed by the host
				text = strings.Replace(text, "    winners: 5\n", "    winners: 5\n    manual: true\n", 1)
			}
			r := playChestText(t, text, tc.guaranteed, balls)
			out, rec := r.Export()
			r.Verified(out, 1, tc.choices, 1)
			d := drawOf(t, rec, "chest")
			j := d.Jackpot
			if j == nil || !j.Settled || j.Won != tc.won || j.Next != tc.next || j.Value != 20000 || j.Name != "grc-chest" {
				t.Fatalf("jackpot %+v", j)
			}
			jackpots := 0
			for _, p := range d.Picks {
				if p.Choice.Jackpot {
					jackpots++
					if p.Choice.Amount != 20000 || p.Prize != "R20\u202f000" {
						t.Errorf("jackpot pick %+v", p)
					}
				} else if p.Choice.Amount != 2000 || p.Prize != "R2\u202f000" {
					t.Errorf("consolation pick %+v", p.Choice)
				}
			}
			if jackpots != map[bool]int{true: 1, false: 0}[tc.won] {
				t.Errorf("%d jackpots paid", jackpots)
			}

			// the prize desk: every winner is to be contacted, with the
			// ball's prize and amount
			b, _ := os.ReadFile(filepath.Join(out, record.CollectionFile))
			rows, err := csv.NewReader(strings.NewReader(strings.SplitN(string(b), "\n", 2)[1])).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			head := rows[0]
			col := func(name string) int { return slices.Index(head, name) }
			if len(rows) != 6 || col("chosen") < 0 || col("amount") < 0 {
				t.Fatalf("collection.csv:\n%s", b)
			}
			for _, row := range rows[1:] {
				k, _ := strconv.Atoi(row[col("pick")])
				p := d.Picks[k-1]
				if row[col("prize")] != p.Choice.Prize || row[col("amount")] != strconv.FormatInt(p.Choice.Amount, 10) {
					t.Errorf("collection row %q, want prize %q amount %d", row, p.Choice.Prize, p.Choice.Amount)
				}
				if p.Choice.Jackpot != strings.HasSuffix(row[col("chosen")], "JACKPOT") {
					t.Errorf("collection row %q: chosen %q", row, row[col("chosen")])
				}
			}

			if tc.name == "won" {
				tamper(t, out, "jackpot paid as consolation", func(rec *record.Record) {
					c := drawOf(t, rec, "chest").Picks[1].Choice
					c.Jackpot, c.Amount, c.Prize = false, 2000, "R2\u202f000"
				})
				tamper(t, out, "settled as not won", func(rec *record.Record) {
					j := drawOf(t, rec, "chest").Jackpot
					j.Won, j.Next = false, 40000
				})
				tamper(t, out, "chose after the jackpot", func(rec *record.Record) {
					c := drawOf(t, rec, "chest").Picks[2].Choice
					c.Item, c.By = "19", "host"
				})
				tamper(t, out, "jackpot amount", func(rec *record.Record) {
					c := drawOf(t, rec, "chest").Picks[1].Choice
					c.Amount, c.Prize = 200000, "R200\u202f000"
				})
				tamper(t, out, "ball result", func(rec *record.Record) {
					rec.SmallDraws[0].Result = []string{"20"}
					rec.SmallDraws[0].Picks = []string{"20"}
				})
			}
			if tc.name == "manual" {
				if !d.Manual || d.Picks[0].By != "manual" {
					t.Fatalf("manual chest %+v", d)
				}
				tamper(t, out, "a ticket drawn twice", func(rec *record.Record) {
					d := drawOf(t, rec, "chest")
					d.Picks[1].Ticket, d.Picks[1].Participant = d.Picks[0].Ticket, d.Picks[0].Participant
				})
			}
			if tc.name == "not won" {
				tamper(t, out, "consolation paid as jackpot", func(rec *record.Record) {
					c := drawOf(t, rec, "chest").Picks[0].Choice
					c.Jackpot, c.Amount, c.Prize = true, 20000, "R20\u202f000"
				})
				tamper(t, out, "next week", func(rec *record.Record) {
					drawOf(t, rec, "chest").Jackpot.Next = 20000
				})
				tamper(t, out, "never settled", func(rec *record.Record) {
					j := drawOf(t, rec, "chest").Jackpot
					j.Settled, j.Won, j.Next = false, false, 0
				})
				tamper(t, out, "ball twice", func(rec *record.Record) {
					d := drawOf(t, rec, "chest")
					d.Picks[1].Choice.Item = d.Picks[0].Choice.Item
				})
			}
		})
	}
}

func TestBonusExportVerifies(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("Ticket,Card,Name,Tier,Area,Spend\n")
	for i := range 30 {
		fmt.Fprintf(&b, "SL%03d,P%02d,Player %02d,%s,%s,%d\n", i, i, i, []string{"ace", "king", "queen"}[i%3], []string{"Main floor", "Prive"}[i%2], 500+i*50)
	}
	r := rig.NewFinale(t, bonusText, map[string]string{"active.csv": b.String()})
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Choose("2")
	r.Op(show.OpDraw)
	r.Op(show.OpForfeit) // a card not played by its holder: reselect
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Choose("4")
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Choose("2")
	r.Op(show.OpClose)
	out, rec := r.Export()
	r.Verified(out, 1, 3, 3)
	d := drawOf(t, rec, "raps")
	if d.Choice != "envelopes" || len(d.Prizes) != 4 || d.Picks[1].Choice != nil || d.Picks[1].Outcome != "forfeit" {
		t.Fatalf("bonus draw %+v", d)
	}
	for _, p := range d.Picks {
		if p.Choice == nil {
			continue
		}
		want := d.Prizes[show.EnvelopePrize(r.Key, "raps", p.K, 4, func() int { n, _ := strconv.Atoi(p.Choice.Item); return n - 1 }())]
		if p.Prize != want {
			t.Errorf("pick %d: prize %q, want %q", p.K, p.Prize, want)
		}
	}
	tamper(t, out, "envelope prize", func(rec *record.Record) {
		p := &drawOf(t, rec, "raps").Picks[2]
		p.Choice.Prize, p.Prize = "R50 000", "R50 000"
	})
	tamper(t, out, "forfeit chose", func(rec *record.Record) {
		p := &drawOf(t, rec, "raps").Picks[1]
		p.Choice = &record.RecordChoice{Item: "1", Prize: "R1 000", By: "host"}
		p.Prize = "R1 000"
	})
	tamper(t, out, "envelope order", func(rec *record.Record) {
		for i := range rec.SmallDraws {
			if rec.SmallDraws[i].ID == "raps/prizes/3" {
				rec.SmallDraws[i].Result = slices.Clone(d.Prizes)
				slices.Reverse(rec.SmallDraws[i].Result)
			}
		}
	})
	tamper(t, out, "choice in a plain draw", func(rec *record.Record) {
		rec.Draws[0].Choice, rec.Draws[0].Kind = "", ""
	})
}

// TestFinaleArchiveVerifies: the archive of a finale show verifies, its
// database copy folding to the same record.
func TestFinaleArchiveVerifies(t *testing.T) {
	t.Parallel()
	r := playGrandFinale(t, []int{2, 3})
	zipPath := filepath.Join(t.TempDir(), "finale.zip")
	if _, err := export.Archive(r.DB, r.SS.ID, zipPath, nil); err != nil {
		t.Fatal(err)
	}
	v, err := export.VerifyArchive(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Problems) > 0 || v.Choices != 5 || v.SmallDraws != 1 {
		t.Fatalf("verify archive: %+v", v)
	}
}

// TestFinaleStatement: a card's statement has a line for every finale bin
// it was in, with the tickets the bin gave it: the month-end bins, the
// wild-card draws over their rows (with the numbers and who typed them),
// the manual bin's receipts and the Royal Flush; and a chest's line says
// the jackpot and its settlement.
func TestFinaleStatement(t *testing.T) {
	t.Parallel()
	r := playGrandFinale(t, []int{3, 1})
	st := r.SS.Eng.State()
	cards := map[string]bool{}
	for _, s := range st.Segs {
		if s.Bin != nil {
			for _, e := range s.Bin.Entries {
				cards[e.Participant] = true
			}
		}
	}
	sawWild, sawReceipt := false, false
	for card := range cards {
		stm, err := paper.StatementOf(r.DB, card)
		if err != nil {
			t.Fatal(err)
		}
		lines := map[string]paper.StatementDraw{}
		for _, d := range stm.Rehearsals {
			lines[d.Segment] = d
		}
		for _, s := range st.Segs {
			if s.Bin == nil {
				continue
			}
			var weight uint64
			for _, e := range s.Bin.Entries {
				if e.Participant == card {
					weight += e.Weight
				}
			}
			d, ok := lines[s.Seg.ID]
			if weight > 0 && !ok {
				t.Errorf("%s: no statement line for %s, where the bin gave it %d ticket(s)", card, s.Seg.ID, weight)
				continue
			}
			if ok && d.Tickets != weight {
				t.Errorf("%s in %s: the statement says %d ticket(s), the bin gave %d", card, s.Seg.ID, d.Tickets, weight)
			}
			if ok && s.Seg.Kind == show.KindWildDraw {
				sawWild = true
				if d.Numbers == nil || d.Numbers.Name != "Thandi Nkosi" || d.From != "the entry file of "+s.Frozen.From {
					t.Errorf("%s in %s: %+v", card, s.Seg.ID, d)
				}
			}
			if ok && s.Seg.Kind == show.KindManualBin && weight > 0 {
				sawReceipt = true
			}
		}
	}
	if !sawWild || !sawReceipt {
		t.Fatalf("no card in a wild-card draw (%v) or with a receipt in the manual bin (%v)", sawWild, sawReceipt)
	}
	stm, err := paper.StatementOf(r.DB, "EVERY")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := stm.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Wild card · finalist 1 (wild-1)", "From:        the entry file of me-3",
		"Wild card:   this bin chosen by number 3 of the numbers 3, 1, typed by Thandi Nkosi from a physical draw"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("statement of EVERY lacks %q:\n%s", want, b.String())
		}
	}

	c := playChest(t, false, append(nonJackpot(c0key(), 1), "JACKPOT"))
	winner := c.SS.Eng.State().Seg("chest").Picks[1]
	stm, err = paper.StatementOf(c.DB, winner.Participant)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := stm.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"prize R20\u202f000 (ball " + winner.Choice.Item + ": JACKPOT)", "Jackpot:     R20\u202f000 this week (jackpot grc-chest); won, back to R20\u202f000 next week"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("statement of the jackpot winner lacks %q:\n%s", want, b.String())
		}
	}
}

func c0key() [32]byte { return show.Key(rig.Seed, "") }

// TestWildCardFromSkippedBin: a month-end bin skipped on the night is not
// a draw of the record, yet a wild-card number may choose it: the session
// imports its rows then, and the record verifies from its folder (which
// has no bin of those rows to rebuild the wild-card draw from) and from
// the database, which rebuilds it from the recorded rows.
func TestWildCardFromSkippedBin(t *testing.T) {
	t.Parallel()
	r := rig.NewFinale(t, grandFinaleText, grandFinaleFiles())
	for range 2 {
		r.ClaimAll()
		r.Op(show.OpNext)
	}
	r.Do(show.Command{Op: show.OpSkip, Text: "bin 3 delivered late"})
	r.Op(show.OpNext)
	r.ClaimAll()
	r.Op(show.OpNext)
	r.Do(show.Command{Op: show.OpNumbers, Numbers: []int{3, 2}, Text: "Thandi Nkosi"})
	r.Op(show.OpNext)
	for range 2 {
		r.ClaimAll()
		r.Op(show.OpNext)
	}
	r.ClaimAll()
	for _, c := range []string{"10", "J", "Q", "K", "A"} {
		r.Choose(c)
	}
	r.Op(show.OpClose)
	out, rec := r.Export()
	if d := drawOf(t, rec, "wild-1"); d.From != "me-3" || len(d.Picks) == 0 {
		t.Fatalf("wild-1 %+v", d)
	}
	for _, d := range rec.Draws {
		if d.ID == "me-3" {
			t.Fatalf("the skipped bin is a draw of the record: %+v", d)
		}
	}
	r.Verified(out, 2+1+2+1, 5, 1)
}

// TestJackpotLedgerAcrossWeeks: four Sundays of one chest in one campaign
// database, the third a rehearsal. verify --db accepts the weeks as the
// presenter ran them, each official chest starting where the official
// weeks before left the jackpot, the rehearsal at the base (no rehearsal
// settled one before it); a week whose chest started from another value is
// named, and so is the archive of that week.
func TestJackpotLedgerAcrossWeeks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rig.Write(t, filepath.Join(dir, "chest.csv"), rig.PointsFile("K", 25))
	clock := time.Date(2024, 12, 8, 10, 0, 0, 0, time.UTC) // each week on its own Sunday
	week := func(day int, rehearsal bool, start int64) *session.Session {
		t.Helper()
		text := strings.Replace(fmt.Sprintf(rig.ChestText, ""), "2024-12-08", fmt.Sprintf("2024-12-%02d", day), 1)
		path := filepath.Join(dir, fmt.Sprintf("chest-%02d.yaml", day))
		rig.Write(t, path, text)
		sh, err := show.Parse(path, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		opt := session.Options{Rehearsal: rehearsal, NoWitness: true, Clock: func() time.Time { return clock }, Wall: func() time.Time { return clock }}
		if rehearsal {
			opt.Seed = rig.Seed
		}
		ss, err := session.Open(db, sh, []byte(text), opt)
		if err != nil {
			t.Fatal(err)
		}
		if start > 0 {
			ss.Eng.SetJackpot("grc-chest", start) // a presenter that read the ledger wrong
		}
		do := func(c show.Command) {
			t.Helper()
			clock = rig.OnTime(ss, c, clock.Add(5*time.Second))
			if _, err := ss.Do(c, nil); err != nil {
				t.Fatalf("%s %s: %v", c.Op, c.Text, err)
			}
		}
		if s := ss.Eng.State().CurSeg(); s.Loaded == nil {
			if _, err := ss.Load(); err != nil {
				t.Fatal(err)
			}
		}
		for !ss.Eng.State().CurSeg().Drawn() {
			do(show.Command{Op: show.OpDraw})
		}
		for ball := 1; ss.Eng.State().CurSeg().Chooser() != nil; ball++ {
			do(show.Command{Op: show.OpChoose, Text: fmt.Sprintf("%02d", ball)})
		}
		do(show.Command{Op: show.OpClose})
		clock = clock.Add(7 * 24 * time.Hour)
		return ss
	}
	settled := func(ss *session.Session) *show.Settled { return ss.Eng.State().Seg("chest").Settled }
	frozen := func(ss *session.Session) int64 { return ss.Eng.State().Seg("chest").Frozen.Jackpot }

	w1 := week(8, false, 0)
	w2 := week(15, false, 0)
	w3 := week(22, true, 0)
	w4 := week(29, false, 0)
	if frozen(w1) != 20000 || frozen(w2) != settled(w1).Next || frozen(w3) != 20000 || frozen(w4) != settled(w2).Next {
		t.Fatalf("the weeks froze %d, %d, %d (rehearsal), %d; settled %+v, %+v, %+v", frozen(w1), frozen(w2), frozen(w3), frozen(w4), settled(w1), settled(w2), settled(w3))
	}
	r, err := verifydb.Check(db)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) > 0 {
		t.Fatalf("verify --db:\n%s", strings.Join(r.Problems, "\n"))
	}

	clock = time.Date(2024, 12, 30, 10, 0, 0, 0, time.UTC) // the next day's show, on its night
	w5 := week(30, false, 990000)
	r, err = verifydb.Check(db)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("bin-frozen: chest froze the jackpot grc-chest at 990000, but the campaign's ledger held %d before this show", settled(w4).Next)
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], want) || !strings.HasPrefix(r.Problems[0], "show "+w5.ID+": seq ") {
		t.Fatalf("verify --db:\n%s\nwant one problem: %s", strings.Join(r.Problems, "\n"), want)
	}
	// a record that breaks the rules is not exported as if it held
	zipPath := filepath.Join(t.TempDir(), "w5.zip")
	if _, err := export.Archive(db, w5.ID, zipPath, nil); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("archive of a show that does not fold: %v, want %s", err, want)
	}
	if _, err := os.Stat(zipPath); !os.IsNotExist(err) {
		t.Fatalf("the refused archive left %s: %v", zipPath, err)
	}
}

// TestPlainRecordUnchanged: a show without finale segments writes
// record.json as before the finale: none of the finale's fields, so a
// record made before them and one made now read the same, and the
// archive of an old show still folds to the record it carries.
func TestPlainRecordUnchanged(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, record.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"kind"`, `"manual"`, `"from"`, `"sources"`, `"barred_cards"`, `"filtered"`, `"choice"`, `"prizes"`, `"jackpot"`, `"by"`, `"wild_cards"`, `"small_draws"`} {
		if strings.Contains(string(b), key) {
			t.Errorf("record.json of a plain show has %s", key)
		}
	}
}

// TestTwoChestsOfOneJackpot: the second chest of a jackpot in one show
// starts from the first's settlement, and verify agrees.
func TestTwoChestsOfOneJackpot(t *testing.T) {
	t.Parallel()
	text := strings.Replace(fmt.Sprintf(rig.ChestText, ""), "    winners: 5\n", "    winners: 2\n", 1)
	text += strings.ReplaceAll(text[strings.Index(text, "  - id: chest"):], "id: chest", "id: chest-late")
	r := rig.NewFinale(t, text, map[string]string{"chest.csv": rig.PointsFile("K", 25)})
	r.ClaimAll()
	for _, b := range nonJackpot(r.Key, 2) {
		r.Choose(b)
	}
	if s := r.Cur().Settled; s == nil || s.Won || s.Next != 40000 {
		t.Fatalf("first chest settled %+v", s)
	}
	r.Op(show.OpNext)
	r.ClaimAll()
	if v := r.Cur().Frozen.Jackpot; v != 40000 {
		t.Fatalf("second chest froze %d, want 40000", v)
	}
	jb := show.JackpotBall(r.Key, "chest-late", 20)
	r.Choose(jb)
	r.Op(show.OpClose)
	out, _ := r.Export()
	r.Verified(out, 2, 4, 2)
}

// TestManualBinRunOutVerifies: a manual bin whose every receipt is drawn
// without a winner ends short by itself; its export verifies.
func TestManualBinRunOutVerifies(t *testing.T) {
	t.Parallel()
	text := `promotion: Royal Flush
property: Gold Reef City
segments:
  - {id: me, kind: month-end, tickets: points, points_per_ticket: 100, winners: 2, bins: [{entries: b1.csv}]}
  - {id: finalist, kind: manual-bin, from: [me], manual: true}
`
	r := rig.NewFinale(t, text, map[string]string{"b1.csv": rig.PointsFile("A", 6)})
	r.ClaimAll()
	r.Op(show.OpNext)
	r.Op(show.OpFreeze)
	for _, e := range r.Cur().Bin.Entries {
		r.Do(show.Command{Op: show.OpTicket, Text: e.Ticket})
		r.Op(show.OpForfeit)
	}
	if e := r.Cur().Ended; e == nil || !r.Cur().Done() {
		t.Fatalf("the manual bin did not end: %+v", e)
	}
	r.Op(show.OpClose)
	out, rec := r.Export()
	if d := drawOf(t, rec, "finalist"); d.EndedShort == "" {
		t.Fatalf("record: %+v", d)
	}
	r.Verified(out, 2, 0, 0)
}
