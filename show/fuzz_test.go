package show

import (
	"bytes"
	"errors"
	"image/png"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// uncommented strips the trailing comments of the issue's example: smaller
// seeds let the fuzzer's minimizer finish quickly.
var uncommented = regexp.MustCompile(`[ \t]+#.*`).ReplaceAllString

var fuzzShows = []string{
	uncommented(issueExample, ""),
	uncommented(strings.Replace(issueExample, "tickets: per-row ", "tickets: points  ", 1), ""),
	`# A Saturday night at Gold Reef City
promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
exclusions: exclusions.csv
register: register.csv
proxies: proxies.csv
segments:
  - id: sat-cash
    kind: draw
    title: Saturday Cash Draw
    at: "2024-11-30T21:30"
    entries: entries/saturday.csv
    columns: {ticket: Ticket No}
    winners: 5
    prizes: ["R5 000"]
    win_once: day
  - id: points-draw
    at: "2024-11-30 22:00"
    entries: entries/points.xlsx
    sheet: Points
    tickets: points
    points_per_ticket: 300
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 3
    prizes: ["R10 000", "R5 000", "R2 000"]
    win_once: show
  - id: not-present
    entries: entries/points.csv
    tickets: points
    fixed: {ace: 1, king: 1, queen: 1, jack: 1, ten: 1}
    tiers: [ace, king, queen, jack, "10"]
    winners: 2
    attendance: not-required
`,
	"promotion: P\nproperty: Q\nsegments: [{id: a, entries: a.csv}]\n",
	`promotion: Royal Flush
property: Gold Reef City
segments:
  - {id: rules, kind: slide, title: Tonight, body: "Five bins, then the wild card"}
  - id: me
    kind: month-end
    winners: 3
    tickets: points
    points_per_ticket: 100
    bins: [{at: "2024-11-24T14:00", entries: b1.csv}, {at: "2024-11-24T15:00", entries: b2.csv}]
  - {id: finalist, kind: manual-bin, from: [me], manual: true}
  - {id: wild, kind: wild-card, from: [me], winners: 1}
  - {id: finale, kind: royal-flush, entries: f.csv, from: [finalist, wild], prizes: [a, b, c, d, e]}
  - id: chest
    kind: jackpot-chest
    entries: c.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    jackpot: {name: summer-chest, base: 20000, step: 20000, consolation: 2000, guaranteed: true}
  - id: wed
    kind: bonus-jackpot
    entries: raps.xlsx
    tiers: [ace, king, queen]
    min_spend: {queen: 200}
    exclude_devices: [SL-1]
    exclude_areas: [Barneys]
    windows: ["2024-09-11 18:00-19:00"]
    per_hour: 15
    envelopes: [R1 000, R2 000]
`,
	"promotion: P\nproperty: Q\nmask: {names: false}\nsegments:\n  - id: a\n    entries: a.csv\n    winners: 0\n    prizes: [x, y, z]\n",
	"property: Q\ntimezone: Mars/Olympus\nclaim_seconds: 5\ncolour: red\nsegments:\n  - id: Sat\n    kind: raffle\n    at: tomorrow\n    tickets: points\n    cap: {joker: 0}\n    prizes: [a, b]\n    winners: 3\n",
	"promotion: P\nproperty: Q\nsegments:\n  - id: a\n    entries: a.csv\n    winners: five\n",
	"promotion: P\nproperty: Q\nsegments:\n  - id: fri\n    entries: f.csv\n    qualify:\n      any:\n        - spend: {column: Average Spend (12m), min: 5000, name: average spend}\n        - spend: {column: Total Spend (12m), min: {king: 50000}}\n      last_visit: {within_days: 365}\n",
	"promotion: P\nproperty: Q\nsegments:\n  - {id: a, entries: a.csv, qualify: {any: [{spend: {column: A, min: R5}}, {spend: {column: a, min: 0}}, {visit: 1}, x]}}\n  - {id: b, entries: b.csv, qualify: {any: [], spend: {min: {duke: 1}}}}\n",
	"",
	"---\n",
	"[1, 2]",
	"promotion: [unclosed\n",
	"promotion: P\n\tproperty: Q\n",
}

var problemLine = regexp.MustCompile(`^\d+: `)

func FuzzParseShow(f *testing.F) {
	for _, s := range fuzzShows {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sh, err := Parse("fuzz/show.yaml", b)
		if err != nil {
			var se *ShowError
			if !errors.As(err, &se) || sh != nil || len(se.Errs) == 0 || se.File != "fuzz/show.yaml" {
				t.Fatalf("Parse: %v (show %v)", err, sh != nil)
			}
			for _, m := range se.Errs {
				// every problem carries its line, the YAML library's too
				if !problemLine.MatchString(m) {
					t.Fatalf("problem without a line: %q", m)
				}
			}
			return
		}
		if sh.Promotion == "" || sh.Property == "" || sh.Location == nil || len(sh.Currency) != 3 ||
			sh.ClaimSeconds < 10 || sh.ClaimSeconds > 3600 || len(sh.Segments) == 0 {
			t.Fatalf("accepted show %+v", sh)
		}
		ids := map[string]bool{}
		for _, s := range sh.Segments {
			if !idPattern.MatchString(s.ID) || ids[s.ID] {
				t.Fatalf("segment id %q", s.ID)
			}
			ids[s.ID] = true
			if (s.Kind == KindSlide) != (s.Page != nil) || (s.Kind == KindLeaderboard) != (s.Board != nil) ||
				(s.Kind == KindBonus) != (s.Bonus != nil) || (s.Kind == KindChest) != (s.Jackpot != nil) {
				t.Fatalf("%s: a %s with another kind's data: %+v", s.ID, s.Kind, s)
			}
			if s.Kind == KindSlide || s.Kind == KindLeaderboard {
				var body, image, standings string
				if s.Page != nil {
					body, image = s.Page.Body, s.Page.Image
				}
				if s.Board != nil {
					standings = s.Board.Standings
				}
				if s.Title == "" && body == "" && image == "" && standings == "" {
					t.Fatalf("empty %s %+v", s.Kind, s)
				}
				continue
			}
			if s.Winners < 1 || (len(s.Prizes) != 0 && len(s.Prizes) != s.Winners) {
				t.Fatalf("%s: %d winners, %d prizes", s.ID, s.Winners, len(s.Prizes))
			}
			for _, f := range s.From {
				if !ids[f] && !slices.ContainsFunc(sh.Segments, func(g Segment) bool { return g.Group == f }) {
					t.Fatalf("%s: from %q is not a segment", s.ID, f)
				}
			}
			switch s.Kind {
			case KindChest:
				if s.Jackpot == nil || s.Jackpot.Balls < 2 || s.Jackpot.Balls > 99 || s.Jackpot.Name == "" {
					t.Fatalf("%s: jackpot %+v", s.ID, s.Jackpot)
				}
			case KindRoyalFlush:
				if len(s.Prizes) != 5 || s.Winners != 5 {
					t.Fatalf("%s: royal flush of %d prizes", s.ID, len(s.Prizes))
				}
			case KindBonus:
				if len(s.Bonus.Envelopes) < 2 {
					t.Fatalf("%s: %d envelopes", s.ID, len(s.Bonus.Envelopes))
				}
			}
			needs := s.Kind == KindDraw || s.Kind == KindMonthEnd || s.Kind == KindChest || s.Kind == KindBonus || s.Kind == KindRoyalFlush && len(s.From) == 0
			if s.Title == "" || (needs && s.Entries == "") ||
				!slices.Contains([]TicketRule{PerRow, Points, One}, s.Tickets) ||
				!slices.Contains([]WinOnce{OncePerDraw, OncePerDay, OncePerShow}, s.WinOnce) ||
				!slices.Contains([]Attendance{Required, NotRequired}, s.Attendance) {
				t.Fatalf("segment %+v", s)
			}
			if s.Tickets == Points && s.PointsPerTicket == 0 && !s.fixedCoversAll() {
				t.Fatalf("%s: points with no way to count tickets", s.ID)
			}
			if s.Tickets == PerRow && (s.PointsPerTicket != 0 || len(s.Fixed) != 0) {
				t.Fatalf("%s: per-row with points keys", s.ID)
			}
			for _, m := range []map[Tier]uint64{s.Cap, s.Fixed} {
				for tier, v := range m {
					if v == 0 || !slices.Contains(Tiers, tier) && tier != NoTier {
						t.Fatalf("%s: tier map %v", s.ID, m)
					}
				}
			}
			for _, tier := range s.Tiers {
				if !slices.Contains(Tiers, tier) {
					t.Fatalf("%s: tiers %v", s.ID, s.Tiers)
				}
			}
		}
	})
}

// formatAction writes c back as an action line.
func formatAction(c Command) string {
	switch c.Op {
	case OpProxy:
		s := "proxy"
		if c.Text != "" {
			s += " " + c.Text
		}
		if c.ID != "" || strings.HasPrefix(c.Text, "id=") || strings.Contains(c.Text, " id=") {
			s += " id=" + c.ID
		}
		return s
	case OpVoid, OpSkip, OpTicket, OpChoose:
		return string(c.Op) + " " + c.Text
	case OpNumbers:
		s := "numbers"
		for _, n := range c.Numbers {
			s += " " + strconv.Itoa(n)
		}
		return s + " by=" + c.Text
	case OpWait:
		return "wait " + c.Wait.String()
	}
	return string(c.Op)
}

var actionOps = []Op{OpDraw, OpClaim, OpProxy, OpDecline, OpForfeit, OpWait, OpNext, OpVoid, OpSkip, OpClose, OpTicket, OpChoose, OpNumbers, OpArrived}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		"draw", "claim", "proxy Jane Doe", "proxy Jane Doe id=8001015009087", "proxy id=77", "proxy", "decline",
		"forfeit", "wait 90s", "wait 90", "wait 2m30s", "next", "void wrong button pressed", "close", "# a comment",
		"", "   ", "  DRAW  ", "Claim", "bogus", "draw now", "void", "wait", "wait -5s", "wait soon",
		"proxy Thandiwe Mokoena-Ndlovu id= 7705", "proxy a id=b id=c", "proxy id=a id=", "void  ☃ snowman  ",
		"arrived", "arrived now", "ticket 004512", "ticket", "ticket 1 2", "choose Q", "choose 07", "choose", "numbers 2 4 by=Thandi", "numbers 2 by=", "numbers by=x", "numbers 0 by=x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, ok, err := ParseAction(line)
		if err != nil {
			if ok {
				t.Fatalf("%q: ok with error %v", line, err)
			}
			return
		}
		if !ok {
			if s := strings.TrimSpace(line); s != "" && !strings.HasPrefix(s, "#") {
				t.Fatalf("%q: skipped", line)
			}
			if !reflect.DeepEqual(c, Command{}) {
				t.Fatalf("%q: skipped line gave %+v", line, c)
			}
			return
		}
		if !slices.Contains(actionOps, c.Op) {
			t.Fatalf("%q: op %q", line, c.Op)
		}
		textOps := []Op{OpProxy, OpVoid, OpSkip, OpTicket, OpChoose, OpNumbers}
		if (c.Text != "" && !slices.Contains(textOps, c.Op)) || (len(c.Numbers) > 0) != (c.Op == OpNumbers) || (c.ID != "" && c.Op != OpProxy) ||
			(c.Wait != 0 && c.Op != OpWait) || ((c.Op == OpVoid || c.Op == OpSkip) && c.Text == "") ||
			c.Text != strings.TrimSpace(c.Text) || c.ID != strings.TrimSpace(c.ID) {
			t.Fatalf("%q: %+v", line, c)
		}
		if c.Wait < 0 || c.Wait > 24*time.Hour {
			t.Fatalf("%q: wait %v outside 0..24h", line, c.Wait)
		}
		back := formatAction(c)
		c2, ok2, err2 := ParseAction(back)
		if err2 != nil || !ok2 || !reflect.DeepEqual(c2, c) {
			t.Fatalf("%q → %+v → %q → %+v, %v, %v", line, c, back, c2, ok2, err2)
		}
	})
}

// The seed corpus also runs as plain tests; this pins a few exact readings.
func TestParseAction(t *testing.T) {
	for _, c := range []struct {
		line string
		want Command
		ok   bool
		err  string
	}{
		{"draw", Command{Op: OpDraw}, true, ""},
		{"  CLAIM ", Command{Op: OpClaim}, true, ""},
		{"proxy  Jane Doe ", Command{Op: OpProxy, Text: "Jane Doe"}, true, ""},
		{"proxy Jane Doe id= 800101", Command{Op: OpProxy, Text: "Jane Doe", ID: "800101"}, true, ""},
		{"proxy id=77", Command{Op: OpProxy, ID: "77"}, true, ""},
		{"proxy", Command{Op: OpProxy}, true, ""},
		{"wait 90", Command{Op: OpWait, Wait: 90 * time.Second}, true, ""},
		{"wait 1m30s", Command{Op: OpWait, Wait: 90 * time.Second}, true, ""},
		{"void  wrong button ", Command{Op: OpVoid, Text: "wrong button"}, true, ""},
		{"", Command{}, false, ""},
		{"# note", Command{}, false, ""},
		{"void", Command{}, false, "void needs a reason"},
		{"draw 2", Command{}, false, "takes no argument"},
		{"wait", Command{}, false, "wait needs a duration"},
		{"wait -5s", Command{}, false, "wait needs a duration"},
		{"draw early", Command{Op: OpDraw, Early: true}, true, ""},
		{"wait until 22:00", Command{Op: OpWait, Text: "22:00"}, true, ""},
		{"wait until 2024-11-30T22:00", Command{Op: OpWait, Text: "2024-11-30T22:00"}, true, ""},
		{"wait until tea", Command{}, false, "wait until needs a time of day"},
		{"draw later", Command{}, false, `draw takes no argument but early`},
		{"no-show", Command{Op: OpNoShow}, true, ""},
		{"no-show now", Command{}, false, "no-show takes no argument"},
		{"resume", Command{}, false, `unknown action "resume" (valid: draw, draw early, witness TEXT, no-witness, claim, proxy NAME [id=ID], decline [NOTE], forfeit [REASON], no-show, wait 90s, wait until 22:00, arrived, ticket NUMBER, choose CARD|BALL|ENVELOPE [PRIZE], numbers N N by=NAME, next, void REASON, skip REASON, pass REASON, reselect, unwitnessed REASON, close)`},
	} {
		got, ok, err := ParseAction(c.line)
		if c.err != "" {
			if err == nil || ok || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %+v %v %v, want error %q", c.line, got, ok, err, c.err)
			}
			continue
		}
		if err != nil || ok != c.ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v %v %v, want %+v %v", c.line, got, ok, err, c.want, c.ok)
		}
	}
}

// FuzzImageHeader: whatever the bytes, the header check of a show file's
// image neither panics nor passes an image past the limits.
func FuzzImageHeader(f *testing.F) {
	f.Add(pngHeader(256, 256, 8, 6))
	f.Add(pngHeader(20000, 20000, 8, 6))
	f.Add(pngHeader(4096, 4096, 16, 2))
	f.Add(pngHeader(1, 1, 8, 3)) // paletted: DecodeConfig wants the PLTE chunk
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte("GIF89a"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if checkImageHeader(bytes.NewReader(b)) != nil {
			return
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide || int64(cfg.Width)*int64(cfg.Height)*4 > MaxImageBytes {
			t.Fatalf("passed %+v, %v", cfg, err)
		}
	})
}

// FuzzParseCheckpoint: a checkpoint's text is read or refused, never a
// panic, and one read writes back as the same text.
func FuzzParseCheckpoint(f *testing.F) {
	c := Checkpoint{Show: "sat", Seq: 41, Hash: strings.Repeat("ab", 32)}
	text, _ := c.Text()
	f.Add(text)
	f.Add("drawshow/\n0\n\n")
	f.Add("drawshow/x\n-1\nAAAA\n")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCheckpoint(s)
		if err != nil {
			return
		}
		back, err := c.Text()
		if err != nil || back != s {
			t.Fatalf("%q read as %+v writes back as %q (%v)", s, c, back, err)
		}
	})
}
