package show

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// issueExample is the show file of issue 2, as written there.
const issueExample = `promotion: Royal Flush          # required
property: Gold Reef City        # required
currency: ZAR                   # default ZAR
timezone: Africa/Johannesburg   # default
claim_seconds: 90               # default 90
mask: {names: true, cards: true}
exclusions: exclusions.csv      # card numbers barred: self-excluded, refusal of entry, staff and family
segments:
  - id: sat-cash                # unique, [a-z0-9-]+
    kind: draw
    title: Saturday Cash Draw
    at: "2024-11-30T21:30"
    entries: entries/saturday.csv   # relative to the show file; .csv or .xlsx
    columns: {ticket: Ticket No, card: Card, name: Name, tier: Tier, points: Points}  # optional header names
    tickets: per-row            # per-row: one row = one ticket (weight 1); points: one row = one participant
    points_per_ticket: 300      # with tickets: points
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}   # optional per-tier cap
    fixed: {ace: 1000, king: 500}                       # optional fixed tickets per tier
    tiers: [ace, king, queen, jack, ten]                # allowed tiers, default all
    winners: 5
    prizes: ["R5 000", "R5 000", "R5 000", "R5 000", "R5 000"]
    win_once: day               # draw (always) | day | show: a winner in scope is barred when a later bin freezes
    attendance: required        # required | not-required (no countdown; winner is contacted, 15 days to collect)
`

// lineOf is the 1-based line of the first occurrence of needle in src.
func lineOf(t *testing.T, src, needle string) int {
	t.Helper()
	i := strings.Index(src, needle)
	if i < 0 {
		t.Fatalf("%q is not in the file", needle)
	}
	return strings.Count(src[:i], "\n") + 1
}

// parseErrs parses src, which must fail with a *ShowError, and returns its problems.
func parseErrs(t *testing.T, src string) []string {
	t.Helper()
	sh, err := Parse("shows/sat.yaml", []byte(src))
	var se *ShowError
	if !errors.As(err, &se) {
		t.Fatalf("Parse: %v (show %v), want a *ShowError", err, sh != nil)
	}
	if sh != nil {
		t.Fatal("a show came back with the error")
	}
	if se.File != "shows/sat.yaml" || len(se.Errs) == 0 {
		t.Fatalf("%+v", se)
	}
	return se.Errs
}

// hasProblem reports whether errs holds a problem on line with msg in it.
func hasProblem(errs []string, line int, msg string) bool {
	for _, e := range errs {
		if strings.HasPrefix(e, fmt.Sprintf("%d: ", line)) && strings.Contains(e, msg) {
			return true
		}
	}
	return false
}

func TestParseIssueExample(t *testing.T) {
	// as written, the example mixes per-row with points-only keys: both are named
	errs := parseErrs(t, issueExample)
	if len(errs) != 2 ||
		!hasProblem(errs, 16, "points_per_ticket needs tickets: points") ||
		!hasProblem(errs, 18, "fixed tickets per tier need tickets: points") {
		t.Fatalf("problems %q", errs)
	}

	src := strings.Replace(issueExample, "tickets: per-row ", "tickets: points  ", 1)
	sh, err := Parse("/srv/shows/royal/show.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 11, 30, 21, 30, 0, 0, johannesburg)
	want := &Show{
		Path: "/srv/shows/royal/show.yaml", Promotion: "Royal Flush", Property: "Gold Reef City", Currency: "ZAR",
		Timezone: "Africa/Johannesburg", ClaimSeconds: 90, Witness: WitnessOpen, Mask: Mask{Names: true, Cards: true},
		Exclusions: []string{"/srv/shows/royal/exclusions.csv"},
		Brand:      Brand{Name: "Gold Reef City"}, // the property, when the file names no brand
		Sound:      Sound{Enabled: true, Volume: 0.8},
		Desk:       PrizeDesk{PhoneCode: "27"}, // the currency's country's
		Segments: []Segment{{
			ID: "sat-cash", Kind: KindDraw, Title: "Saturday Cash Draw", At: at,
			Entries: "/srv/shows/royal/entries/saturday.csv",
			Columns: Columns{Ticket: "Ticket No", Card: "Card", Name: "Name", Tier: "Tier", Points: "Points"},
			Tickets: Points, PointsPerTicket: 300,
			Cap:     map[Tier]uint64{Ace: 4, King: 4, Queen: 3, Jack: 1, Ten: 1},
			Fixed:   map[Tier]uint64{Ace: 1000, King: 500},
			Tiers:   []Tier{Ace, King, Queen, Jack, Ten},
			Winners: 5, Prizes: []string{"R5 000", "R5 000", "R5 000", "R5 000", "R5 000"},
			WinOnce: OncePerDay, Attendance: Required,
		}},
	}
	if sh.Location.String() != "Africa/Johannesburg" || !sh.Segments[0].At.Equal(at) {
		t.Fatalf("location %v, at %v", sh.Location, sh.Segments[0].At)
	}
	sh.Location, sh.Segments[0].At = nil, at
	if !reflect.DeepEqual(sh, want) {
		t.Fatalf("got  %+v\nwant %+v", sh, want)
	}
}

func TestParseDefaults(t *testing.T) {
	src := `promotion: " Summer Festivo "
property: Montecasino
segments:
  - id: a
    entries: a.csv
  - id: b-2
    entries: b.csv
    title: "  "
    winners: 3
    prizes: [R100]
  - id: c
    entries: c.csv
    prizes: [x, y]
  - id: d
    entries: d.csv
    tickets: points
    fixed: {ace: 2, king: 2, queen: 1, jack: 1, ten: 1}
    at: "2024-12-01 09:05:30"
`
	sh, err := Parse("show.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if sh.Promotion != "Summer Festivo" || sh.Currency != "ZAR" || sh.Timezone != "Africa/Johannesburg" ||
		sh.Location.String() != "Africa/Johannesburg" || sh.ClaimSeconds != 90 || sh.Mask != (Mask{true, true}) ||
		len(sh.Exclusions) != 0 || sh.Register != "" || sh.Proxies != "" {
		t.Fatalf("show defaults %+v", sh)
	}
	a := sh.Segments[0]
	if a.Kind != KindDraw || a.Title != "a" || a.Tickets != PerRow || a.WinOnce != OncePerDraw || a.Attendance != Required ||
		a.Winners != 1 || a.Prizes != nil || !a.At.IsZero() || a.Tiers != nil || a.Cap != nil || a.Fixed != nil || a.Entries != "a.csv" {
		t.Fatalf("segment defaults %+v", a)
	}
	if b := sh.Segments[1]; b.Title != "b-2" || b.Winners != 3 || !slices.Equal(b.Prizes, []string{"R100", "R100", "R100"}) {
		t.Fatalf("single prize repeated: %+v", b)
	}
	if c := sh.Segments[2]; c.Winners != 2 || !slices.Equal(c.Prizes, []string{"x", "y"}) {
		t.Fatalf("winners from prizes: %+v", c)
	}
	if d := sh.Segments[3]; !d.At.Equal(time.Date(2024, 12, 1, 9, 5, 30, 0, johannesburg)) || d.PointsPerTicket != 0 {
		t.Fatalf("at with a space and seconds; fixed for every tier needs no points_per_ticket: %+v", d)
	}
	for _, s := range sh.Segments {
		if s.Prize(0) != "" && s.Prize(s.Winners) != "" {
			t.Errorf("%s: prize past the last winner", s.ID)
		}
	}
	if sh.Segments[2].Prize(1) != "y" {
		t.Error("Prize(1)")
	}

	// explicit values win over defaults
	sh, err = Parse("show.yaml", []byte(`promotion: P
property: Q
currency: USD
timezone: Europe/London
claim_seconds: 3600
mask: {names: false, cards: false}
segments: [{id: a, entries: a.csv, kind: draw, tickets: per-row, win_once: show, attendance: not-required, tiers: [ACE, "10"]}]
`))
	if err != nil {
		t.Fatal(err)
	}
	s := sh.Segments[0]
	if sh.Currency != "USD" || sh.Location.String() != "Europe/London" || sh.ClaimSeconds != 3600 || sh.Mask != (Mask{}) ||
		s.WinOnce != OncePerShow || s.Attendance != NotRequired || !slices.Equal(s.Tiers, []Tier{Ace, Ten}) {
		t.Fatalf("%+v %+v", sh, s)
	}
	if !s.Allows(Ace) || !s.Allows(Ten) || s.Allows(King) || s.Allows(NoTier) || !sh.Segments[0].Allows(Ten) {
		t.Fatal("Allows")
	}
}

func TestParsePaths(t *testing.T) {
	src := `promotion: P
property: Q
exclusions: lists/exclusions.csv
register: ../shared/register.csv
proxies: /abs/proxies.csv
segments:
  - id: a
    entries: entries/a.xlsx
    sheet: Entries
    register: a-register.csv
    proxies: ./a-proxies.csv
`
	dir := filepath.Join(t.TempDir(), "shows", "sat")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "show.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	sh, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sh.Segments[0]
	for _, c := range [][2]string{
		{sh.Path, path},
		{sh.Exclusions[0], filepath.Join(dir, "lists", "exclusions.csv")},
		{sh.Register, filepath.Join(filepath.Dir(dir), "shared", "register.csv")},
		{sh.Proxies, "/abs/proxies.csv"},
		{s.Entries, filepath.Join(dir, "entries", "a.xlsx")},
		{s.Sheet, "Entries"},
		{s.Register, filepath.Join(dir, "a-register.csv")},
		{s.Proxies, filepath.Join(dir, "a-proxies.csv")},
	} {
		if c[0] != c[1] {
			t.Errorf("got %q, want %q", c[0], c[1])
		}
	}
	// a bare file name: its folder is "."
	sh, err = Parse("show.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if sh.Segments[0].Entries != filepath.Join("entries", "a.xlsx") || sh.Register != filepath.Join("..", "shared", "register.csv") {
		t.Fatalf("%q %q", sh.Segments[0].Entries, sh.Register)
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load of a missing file: %v, want the file not found", err)
	}
}

func TestParseErrors(t *testing.T) {
	const head = "promotion: P\nproperty: Q\n"
	seg := func(extra string) string {
		return head + "segments:\n  - id: a\n    entries: a.csv\n" + extra
	}
	showKeyList := "(valid: promotion, property, currency, timezone, claim_seconds, witness, mask, date_format, card_length, auditor_key, exclusions, register, proxies, brand, sound, segments, postponed, desk)"
	for _, c := range []struct {
		name   string
		src    string
		marker string // the line the problem is on
		msg    string
	}{
		{"unknown show key", head + "promo: x\nsegments: [{id: a, entries: a.csv}]\n", "promo:", `unknown show key "promo" ` + showKeyList},
		{"unknown segment key", seg("    winner: 3\n"), "winner:", `unknown draw segment key "winner" (valid: id, kind, title, at, entries, sheet, columns, tickets, points_per_ticket, cap, fixed, tiers, winners, prizes, win_once, attendance, register, proxies, manual, selected, bonus_entries, exclude_winners, qualify, header_row, date_format, printed_until)`},
		{"unknown mask key", head + "mask: {names: true, card: true}\nsegments: [{id: a, entries: a.csv}]\n", "mask:", `unknown mask key "card" (valid: names, cards)`},
		{"unknown columns key", seg("    columns: {ticket: No, member: Card}\n"), "columns:", `unknown columns key "member" (valid: ticket, card, name, tier, points, area, spend, property, device, visit, printed)`},
		{"unknown kind", seg("    kind: lottery\n"), "kind:", `segment a: unknown kind "lottery" (valid: draw, slide, leaderboard, month-end, manual-bin, wild-card, royal-flush, jackpot-chest, bonus-jackpot)`},
		{"bad id", head + "segments:\n  - id: Sat_Cash\n    entries: a.csv\n", "id:", `segment id "Sat_Cash" may hold only lower-case letters, digits and dashes`},
		{"missing id", head + "segments:\n  - entries: a.csv\n", "- entries", "segment 1: id is required"},
		{"duplicate id", seg("  - id: b\n    entries: b.csv\n  - id: a\n    entries: c.csv\n"), "  - id: a\n    entries: c.csv", `segment id "a" is used twice (first on line 4)`},
		{"missing promotion", "property: Q\nsegments: [{id: a, entries: a.csv}]\n", "property:", "promotion is required"},
		{"empty promotion", "promotion: '  '\nproperty: Q\nsegments: [{id: a, entries: a.csv}]\n", "promotion:", "promotion is required"},
		{"missing property", "# a comment first\npromotion: P\nsegments: [{id: a, entries: a.csv}]\n", "promotion:", "property is required"},
		{"missing segments", head, "promotion:", "a show needs at least one segment"},
		{"missing entries", head + "segments:\n  - id: a\n", "- id: a", "segment a: entries is required"},
		{"bad currency", head + "currency: Rand\nsegments: [{id: a, entries: a.csv}]\n", "currency:", `currency "Rand" is not an ISO 4217 code`},
		{"bad timezone", head + "timezone: Africa/Joburg\nsegments: [{id: a, entries: a.csv}]\n", "timezone:", `timezone "Africa/Joburg" is unknown`},
		{"bad at", seg(`    at: "30/11/2024 21:30"` + "\n"), "at:", `segment a: at "30/11/2024 21:30" is not a local time`},
		{"impossible at", seg(`    at: "2024-02-30T21:30"` + "\n"), "at:", "is not a local time"},
		{"bad tickets", seg("    tickets: perrow\n"), "tickets:", `tickets "perrow" is unknown (valid: per-row, points, one)`},
		{"points without points_per_ticket", seg("    tickets: points\n"), "- id: a", "tickets: points needs points_per_ticket"},
		{"points with partial fixed", seg("    tickets: points\n    fixed: {ace: 3}\n"), "- id: a", "tickets: points needs points_per_ticket"},
		{"points_per_ticket with per-row", seg("    points_per_ticket: 300\n"), "points_per_ticket:", "points_per_ticket needs tickets: points"},
		{"fixed with per-row", seg("    fixed: {ace: 3}\n"), "fixed:", "fixed tickets per tier need tickets: points"},
		{"prizes count", seg("    winners: 3\n    prizes: [a, b]\n"), "prizes:", "segment a: 2 prizes for 3 winners"},
		{"negative winners", seg("    winners: -2\n"), "winners:", "winners -2 is out of range 1..1000"},
		{"no winners", seg("    winners: 0\n"), "winners:", "winners 0 is out of range 1..1000"}, // not one, as it was taken for (issue 40)
		{"unknown tier in cap", seg("    cap: {ace: 1, joker: 2}\n"), "cap:", `segment a: cap: unknown tier "joker" (valid: ace, king, queen, jack, ten)`},
		{"zero cap", seg("    cap: {ace: 0}\n"), "cap:", "cap: ace must be at least 1"},
		{"unknown tier in fixed", seg("    tickets: points\n    points_per_ticket: 3\n    fixed: {gold: 2}\n"), "fixed:", `fixed: unknown tier "gold"`},
		{"unknown tier in tiers", seg("    tiers: [ace, joker]\n"), "tiers:", `segment a: tiers: unknown tier "joker" (valid: ace, king, queen, jack, ten)`},
		{"empty tier in tiers", seg(`    tiers: [ace, ""]` + "\n"), "tiers:", `tiers: unknown tier ""`},
		{"unknown win_once", seg("    win_once: week\n"), "win_once:", `win_once "week" is unknown (valid: draw, day, show)`},
		{"unknown attendance", seg("    attendance: optional\n"), "attendance:", `attendance "optional" is unknown (valid: required, not-required)`},
		{"claim_seconds too small", head + "claim_seconds: 9\nsegments: [{id: a, entries: a.csv}]\n", "claim_seconds:", "claim_seconds 9 is out of range 10..3600"},
		{"claim_seconds too large", head + "claim_seconds: 3601\nsegments: [{id: a, entries: a.csv}]\n", "claim_seconds:", "claim_seconds 3601 is out of range"},
		{"claim_seconds zero", head + "claim_seconds: 0\nsegments: [{id: a, entries: a.csv}]\n", "claim_seconds:", "out of range"},
		{"type error", seg("    winners: five\n"), "winners:", "cannot unmarshal !!str `five` into int"},
		{"not a mapping", "- a\n- b\n", "- a", "a show file is a mapping of keys (promotion, property"},
		{"empty file", "", "", "the file is empty"},
		{"only comments", "# nothing yet\n\n", "# nothing", "the file is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := parseErrs(t, c.src)
			line := 1
			if c.marker != "" {
				line = lineOf(t, c.src, c.marker)
			}
			if len(errs) != 1 || !hasProblem(errs, line, c.msg) {
				t.Fatalf("problems %q\nwant one on line %d: %q", errs, line, c.msg)
			}
		})
	}
}

func TestParseSyntaxError(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
	}{
		{"promotion: P\nproperty: Q\n  segments: x\n", 3},
		{"promotion: P\n\tproperty: Q\n", 2},
		{"promotion: P\npromotion: Q\n", 2},
	} {
		sh, err := Parse("s.yaml", []byte(c.src))
		var se *ShowError
		if sh != nil || !errors.As(err, &se) || len(se.Errs) != 1 {
			t.Fatalf("%q: %v", c.src, err)
		}
		if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("s.yaml:%d: ", c.line)) {
			t.Errorf("%q: %v, want the problem on line %d", c.src, err, c.line)
		}
	}
}

// Every problem of a file is reported at once, each on its line.
func TestParseReportsEveryProblem(t *testing.T) {
	src := `property: Gold Reef City
timezone: Mars/Olympus
claim_seconds: 5
colour: red
mask: {names: true, logo: false}
segments:
  - id: Sat
    kind: raffle
    at: "tomorrow"
    entries: a.csv
    tickets: points
    cap: {joker: 1}
    winners: 2
    prizes: [a, b, c]
    win_once: month
    attendance: maybe
    sponsor: acme
  - id: ok-1
    entries: b.csv
    tiers: [ace, emperor]
  - id: ok-1
    title: no entries
`
	errs := parseErrs(t, src)
	want := []struct {
		marker, msg string
	}{
		{"property:", "promotion is required"},
		{"timezone:", `timezone "Mars/Olympus" is unknown`},
		{"claim_seconds:", "claim_seconds 5 is out of range"},
		{"colour:", `unknown show key "colour"`},
		{"mask:", `unknown mask key "logo"`},
		{"id: Sat", `segment id "Sat" may hold only`},
		{"kind:", `unknown kind "raffle"`},
		{"at:", `at "tomorrow" is not a local time`},
		{"- id: Sat", "tickets: points needs points_per_ticket"},
		{"cap:", `cap: unknown tier "joker"`},
		{"prizes:", "3 prizes for 2 winners"},
		{"win_once:", `win_once "month" is unknown`},
		{"attendance:", `attendance "maybe" is unknown`},
		{"sponsor:", `unknown segment key "sponsor"`},
		{"tiers:", `tiers: unknown tier "emperor"`},
		{"  - id: ok-1\n    title", `segment id "ok-1" is used twice (first on line 18)`},
		{"  - id: ok-1\n    title", "segment ok-1: entries is required"},
	}
	for _, w := range want {
		if line := lineOf(t, src, w.marker); !hasProblem(errs, line, w.msg) {
			t.Errorf("missing on line %d: %q", line, w.msg)
		}
	}
	if len(errs) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(errs), len(want), strings.Join(errs, "\n"))
	}
	// the message lists them all, one a line, as file:line: message
	_, err := Parse("shows/sat.yaml", []byte(src))
	msg := err.Error()
	if !strings.HasPrefix(msg, fmt.Sprintf("shows/sat.yaml: %d problem(s):\n", len(want))) || strings.Count(msg, "\n  shows/sat.yaml:") != len(want) ||
		!strings.Contains(msg, "\n  shows/sat.yaml:3: claim_seconds 5") {
		t.Errorf("message:\n%s", msg)
	}
}

func TestParseLocal(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Time
	}{
		{"2024-11-30T21:30", time.Date(2024, 11, 30, 21, 30, 0, 0, johannesburg)},
		{"2024-11-30 21:30", time.Date(2024, 11, 30, 21, 30, 0, 0, johannesburg)},
		{"2024-11-30T21:30:05", time.Date(2024, 11, 30, 21, 30, 5, 0, johannesburg)},
		{"2024-11-30 21:30:05", time.Date(2024, 11, 30, 21, 30, 5, 0, johannesburg)},
	} {
		got, err := ParseLocal(c.in, johannesburg)
		if err != nil || !got.Equal(c.want) || got.Location() != johannesburg {
			t.Errorf("%q: %v %v", c.in, got, err)
		}
	}
	// refused by the last layout tried, 2006-01-02 15:04:05, each at the
	// part of it that does not fit
	for _, c := range []struct{ in, want string }{
		{"", `parsing time "" as "2006-01-02 15:04:05": cannot parse "" as "2006"`},
		{"2024-11-30", `parsing time "2024-11-30" as "2006-01-02 15:04:05": cannot parse "" as "15"`},
		{"21:30", `parsing time "21:30" as "2006-01-02 15:04:05": cannot parse "21:30" as "2006"`},
		{"2024-11-30T21:30Z", `parsing time "2024-11-30T21:30Z" as "2006-01-02 15:04:05": cannot parse "T21:30Z" as " "`},
		{"2024-13-01T10:00", `parsing time "2024-13-01T10:00": month out of range`},
		{"30/11/2024 21:30", `parsing time "30/11/2024 21:30" as "2006-01-02 15:04:05": cannot parse "30/11/2024 21:30" as "2006"`},
	} {
		if _, err := ParseLocal(c.in, johannesburg); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want the refusal %q", c.in, err, c.want)
		}
	}
}

func TestParseTier(t *testing.T) {
	for in, want := range map[string]Tier{"": NoTier, "ace": Ace, " ACE ": Ace, "King": King, "queen": Queen, "JACK": Jack, "ten": Ten, "10": Ten} {
		if got, err := ParseTier(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	for _, in := range []string{"joker", "1", "a", "aces"} {
		if _, err := ParseTier(in); err == nil || !strings.Contains(err.Error(), "valid: ace, king, queen, jack, ten") {
			t.Errorf("%q: %v", in, err)
		}
	}
	for _, tr := range append([]Tier{NoTier}, Tiers...) {
		b, _ := tr.MarshalText()
		var back Tier
		if err := back.UnmarshalText(b); err != nil || back != tr {
			t.Errorf("%v round trip: %v %v", tr, back, err)
		}
	}
	if Tier(9).String() != "tier(9)" {
		t.Error(Tier(9).String())
	}
}
