package show

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// broken is a show file that check refuses, and what the schema can say
// of it.
type broken struct {
	name string
	text string
	// cannot says why a JSON Schema cannot refuse the file: a rule across
	// several values (ids unique across segments, a count against
	// another key) that draft 2020-12 does not state. "" when it must.
	cannot string
	// disk: only the files on disk tell (an entries file not there);
	// the show file itself is good, and both pass it.
	disk bool
}

const corpusHead = "promotion: Royal Flush\nproperty: Gold Reef City\n"

// aShow is a good show with top added to its top level and seg to its
// one draw segment's keys (each line indented as a segment key).
func aShow(top, seg string) string {
	var b strings.Builder
	b.WriteString(corpusHead + top)
	b.WriteString("segments:\n  - id: sat\n    entries: e.csv\n")
	for l := range strings.Lines(seg) {
		b.WriteString("    " + l)
	}
	if seg != "" && !strings.HasSuffix(seg, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}

// aSegment is a good show of one segment, given whole (its keys indented
// as a segment's, the first line without its "- ").
func aSegment(seg string) string {
	var b strings.Builder
	b.WriteString(corpusHead + "segments:\n")
	for i, l := range slicesOfLines(seg) {
		if i == 0 {
			b.WriteString("  - " + l)
		} else {
			b.WriteString("    " + l)
		}
	}
	return b.String()
}

func slicesOfLines(s string) []string {
	var out []string
	for l := range strings.Lines(strings.TrimSuffix(s, "\n") + "\n") {
		out = append(out, l)
	}
	return out
}

const (
	crossKeys  = "a rule between two keys' values, which the schema does not state"
	crossItems = "a rule across the items of a list (each id once), which uniqueItems cannot say of one key of its items"
	calendar   = "a day the month does not have: the pattern holds each field to its range, not to the calendar"
)

// corpus are the broken shows: every limit, pattern and enumeration the
// parser applies to a show file, and what only the disk tells.
var corpus = []broken{
	// the show
	{name: "no promotion", text: "property: Gold Reef City\nsegments:\n  - id: sat\n    entries: e.csv\n"},
	{name: "blank promotion", text: strings.Replace(aShow("", ""), "Royal Flush", "' '", 1)},
	{name: "blank property", text: strings.Replace(aShow("", ""), "Gold Reef City", "''", 1)},
	{name: "currency not a code", text: aShow("currency: rand\n", "")},
	{name: "currency lower case", text: aShow("currency: zar\n", "")},
	{name: "timezone Africa/Joburg", text: aShow("timezone: Africa/Joburg\n", "")},
	{name: "timezone in lower case", text: aShow("timezone: africa/johannesburg\n", "")},
	{name: "witness not a mode", text: aShow("witness: sometimes\n", "")},
	{name: "claim_seconds -90", text: aShow("claim_seconds: -90\n", "")},
	{name: "claim_seconds 5", text: aShow("claim_seconds: 5\n", "")},
	{name: "claim_seconds 4000", text: aShow("claim_seconds: 4000\n", "")},
	{name: "card_length 3", text: aShow("card_length: 3\n", "")},
	{name: "card_length 25", text: aShow("card_length: 25\n", "")},
	{name: "volume 1.5", text: aShow("sound:\n  volume: 1.5\n", "")},
	{name: "volume -0.1", text: aShow("sound:\n  volume: -0.1\n", "")},
	{name: "colour a word", text: aShow("brand:\n  primary: red\n", "")},
	{name: "colour of five digits", text: aShow("brand:\n  accent: \"#12345\"\n", "")},
	{name: "mask not a yes/no", text: aShow("mask: {names: maybe}\n", "")},
	{name: "no segments", text: corpusHead + "segments: []\n"},
	{name: "date_format two-digit year", text: aShow("date_format: DD/MM/YY\n", "")},
	{name: "list without its file", text: aShow("exclusions: {header_row: 2}\n", "")},
	{name: "list of a blank file", text: aShow("exclusions: {file: ' '}\n", "")},
	{name: "list header_row 0", text: aShow("exclusions: {file: x.csv, header_row: 0}\n", "")},
	{name: "register header_row 1001", text: aShow("register: {file: r.csv, header_row: 1001}\n", "")},
	{name: "exclusions list named twice", text: aShow("exclusions: [x.csv, ./x.csv]\n", ""), cannot: crossItems},
	{name: "phone_code not a code", text: aShow("desk: {phone_code: 27a}\n", "")},
	{name: "desk where with a tab", text: aShow("desk: {where: \"Rewards\\tDesk\"}\n", "")},
	{name: "postponed without reason", text: aShow("postponed: {from: \"2024-11-23T21:30\"}\n", "at: \"2024-11-30T21:30\"\n")},
	{name: "postponed blank reason", text: aShow("postponed: {from: \"2024-11-23T21:30\", reason: ' '}\n", "at: \"2024-11-30T21:30\"\n")},
	{name: "postponed from in a wrong format", text: aShow("postponed: {from: 23/11/2024, reason: rule 84}\n", "at: \"2024-11-30T21:30\"\n")},
	{name: "postponed to a night later than it", text: aShow("postponed: {from: \"2024-12-23T21:30\", reason: rule 84}\n", "at: \"2024-11-30T21:30\"\n"), cannot: crossKeys},

	// a segment
	{name: "no segment id", text: corpusHead + "segments:\n  - entries: e.csv\n"},
	{name: "segment id in capitals", text: strings.Replace(aShow("", ""), "id: sat", "id: Sat", 1)},
	{name: "segment id with a space", text: strings.Replace(aShow("", ""), "id: sat", "id: sat night", 1)},
	{name: "duplicate segment ids", text: aShow("", "") + "  - id: sat\n    entries: f.csv\n", cannot: crossItems},
	{name: "unknown kind", text: aShow("", "kind: raffle\n")},
	{name: "at 30/11/2024 9:30pm", text: aShow("", "at: \"30/11/2024 9:30pm\"\n")},
	{name: "at month 13", text: aShow("", "at: \"2024-13-01T21:30\"\n")},
	{name: "at 25:00", text: aShow("", "at: \"2024-11-30T25:00\"\n")},
	{name: "at 30 February", text: aShow("", "at: \"2024-02-30T21:30\"\n"), cannot: calendar},
	{name: "tickets not a rule", text: aShow("", "tickets: many\n")},
	{name: "points_per_ticket on per-row", text: aShow("", "points_per_ticket: 300\n"), cannot: crossKeys},
	{name: "points without points_per_ticket", text: aShow("", "tickets: points\n"), cannot: crossKeys},
	{name: "cap of an unknown tier", text: aShow("", "cap: {emperor: 3}\n")},
	{name: "cap of 0", text: aShow("", "cap: {king: 0}\n")},
	{name: "fixed of 0", text: aShow("", "tickets: points\npoints_per_ticket: 300\nfixed: {ace: 0}\n")},
	{name: "tiers an unknown tier", text: aShow("", "tiers: [ace, emperor]\n")},
	{name: "winners -3", text: aShow("", "winners: -3\n")},
	{name: "winners 0", text: aShow("", "winners: 0\n")},
	{name: "winners 1001", text: aShow("", "winners: 1001\n")},
	{name: "1001 prizes", text: aShow("", "prizes: ["+strings.Repeat("R100, ", 1000)+"R100]\n")},
	{name: "3 prizes for 2 winners", text: aShow("", "winners: 2\nprizes: [R1 000, R500, R100]\n"), cannot: crossKeys},
	{name: "an empty prize", text: aShow("", "prizes: [R1 000, ' ']\n")},
	{name: "a prize's sum with a decimal comma", text: aShow("", "prizes: [\"R1 000,50\"]\n"), cannot: "a prize's words are read by ParsePrize in the show's currency, a grammar no pattern mirrors"},
	{name: "win_once not a scope", text: aShow("", "win_once: week\n")},
	{name: "attendance not a rule", text: aShow("", "attendance: maybe\n")},
	{name: "selected and manual", text: aShow("", "selected: chosen.csv\nmanual: true\n")},
	{name: "header_row 0", text: aShow("", "header_row: 0\n")},
	{name: "header_row 1001", text: aShow("", "header_row: 1001\n")},
	{name: "segment date_format", text: aShow("", "date_format: DD/MM\n")},
	{name: "printed_until 9pm", text: aShow("", "printed_until: 9pm\n")},
	{name: "printed_until 25:00", text: aShow("", "printed_until: \"25:00\"\n")},
	{name: "a draw without entries", text: corpusHead + "segments:\n  - id: sat\n    winners: 2\n"},
	{name: "an entries file not there", text: aShow("", ""), disk: true},

	// the campaign's rules
	{name: "bonus_entries without from", text: aShow("", "bonus_entries: {per_win: 2, since: 2024-11-01}\n")},
	{name: "bonus_entries per_win 0", text: aShow("", "bonus_entries: {from: [bj], per_win: 0, since: 2024-11-01}\n")},
	{name: "bonus_entries per_win 1001", text: aShow("", "bonus_entries: {from: [bj], per_win: 1001, since: 2024-11-01}\n")},
	{name: "bonus_entries without since", text: aShow("", "bonus_entries: {from: [bj], per_win: 2}\n")},
	{name: "bonus_entries since 01/11/2024", text: aShow("", "bonus_entries: {from: [bj], per_win: 2, since: 01/11/2024}\n")},
	{name: "exclude_winners without of", text: aShow("", "exclude_winners: {since: 2024-11-01}\n")},
	{name: "exclude_winners since 1 Nov", text: aShow("", "exclude_winners: {of: [sat], since: 1 Nov}\n")},
	{name: "qualify of nothing", text: aShow("", "qualify: {}\n")},
	{name: "qualify spend and any", text: aShow("", "qualify:\n  spend: {column: Spend, min: 5000}\n  any: [{spend: {column: Total, min: 50000}}]\n")},
	{name: "qualify spend without min", text: aShow("", "qualify:\n  spend: {column: Spend}\n")},
	{name: "qualify spend min 0", text: aShow("", "qualify:\n  spend: {column: Spend, min: 0}\n")},
	{name: "qualify spend min of an unknown tier", text: aShow("", "qualify:\n  spend: {column: Spend, min: {emperor: 5}}\n")},
	{name: "qualify spend min of no tier", text: aShow("", "qualify:\n  spend: {column: Spend, min: {}}\n")},
	{name: "qualify any empty", text: aShow("", "qualify:\n  any: []\n")},
	{name: "qualify any of 5 rules", text: aShow("", "qualify:\n  any: [{spend: {column: A, min: 1}}, {spend: {column: B, min: 1}}, {spend: {column: C, min: 1}}, {spend: {column: D, min: 1}}, {spend: {column: E, min: 1}}]\n")},
	{name: "qualify any without spend", text: aShow("", "qualify:\n  any: [{}]\n")},
	{name: "qualify any spend without column", text: aShow("", "qualify:\n  any: [{spend: {min: 5}}]\n")},
	{name: "qualify any column twice", text: aShow("", "qualify:\n  any: [{spend: {column: A, min: 1}}, {spend: {column: a, min: 2}}]\n"), cannot: crossItems},
	{name: "last_visit without a window", text: aShow("", "qualify:\n  last_visit: {column: Visit}\n")},
	{name: "last_visit within_days 0", text: aShow("", "qualify:\n  last_visit: {column: Visit, within_days: 0}\n")},
	{name: "last_visit within_days 3661", text: aShow("", "qualify:\n  last_visit: {column: Visit, within_days: 3661}\n")},
	{name: "last_visit from 1 Jan", text: aShow("", "qualify:\n  last_visit: {column: Visit, from: 1 Jan 2024}\n")},
	{name: "last_visit from and within_days", text: aShow("", "qualify:\n  last_visit: {column: Visit, from: 2024-01-01, within_days: 30}\n")},
	{name: "last_visit from after to", text: aShow("", "qualify:\n  last_visit: {column: Visit, from: 2024-12-01, to: 2024-01-01}\n"), cannot: crossKeys},

	// the kinds
	{name: "slide of nothing", text: aSegment("id: hi\nkind: slide\n")},
	{name: "leaderboard without standings", text: aSegment("id: lb\nkind: leaderboard\n")},
	{name: "leaderboard top 51", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\ntop: 51\n")},
	{name: "leaderboard top -1", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\ntop: -1\n")},
	{name: "leaderboard update_every hourly", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\nupdate_every: hourly\n")},
	{name: "leaderboard update_every 0s", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\nupdate_every: 0s\n"), cannot: "a duration of zero: Go's durations are many ways of writing one, which the pattern follows without summing them"},
	{name: "leaderboard window 20/12", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\nwindows: [\"20/12/2024 17:00-21:00\"]\n")},
	{name: "leaderboard window at 24:30", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\nwindows: [\"2024-12-20 17:00-24:30\"]\n")},
	{name: "leaderboard window ending before it starts", text: aSegment("id: lb\nkind: leaderboard\nstandings: s.csv\nwindows: [\"2024-12-20 21:00-17:00\"]\n"), cannot: crossKeys},
	{name: "month-end without bins", text: aSegment("id: me\nkind: month-end\n")},
	{name: "month-end bin without entries", text: aSegment("id: me\nkind: month-end\nbins: [{at: \"2024-11-24T14:00\"}]\n")},
	{name: "month-end bin at 24/11", text: aSegment("id: me\nkind: month-end\nbins: [{entries: b.csv, at: 24/11/2024 14:00}]\n")},
	{name: "month-end bin header_row 0", text: aSegment("id: me\nkind: month-end\nbins: [{entries: b.csv, header_row: 0}]\n")},
	{name: "manual bin without from", text: aSegment("id: mb\nkind: manual-bin\n")},
	{name: "wild card from two", text: aSegment("id: me\nkind: month-end\nbins: [{entries: b.csv}]\n") + "  - id: me2\n    kind: month-end\n    bins: [{entries: c.csv}]\n  - id: wc\n    kind: wild-card\n    from: [me, me2]\n"},
	{name: "from a segment not earlier", text: aSegment("id: mb\nkind: manual-bin\nfrom: [later]\n"), cannot: crossItems},
	{name: "royal flush of 4 prizes", text: aSegment("id: rf\nkind: royal-flush\nentries: f.csv\nprizes: [R1, R2, R3, R4]\n")},
	{name: "royal flush cards virtual", text: aSegment("id: rf\nkind: royal-flush\nentries: f.csv\nprizes: [R1, R2, R3, R4, R5]\ncards: virtual\n")},
	{name: "chest without jackpot", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\n")},
	{name: "chest jackpot name in capitals", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: Big Chest}\n")},
	{name: "chest jackpot without name", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {base: 5000}\n")},
	{name: "chest jackpot base -5", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: chest, base: -5}\n")},
	{name: "chest jackpot step above 10^12", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: chest, step: 1000000000001}\n")},
	{name: "chest jackpot start 0", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: chest, start: 0}\n")},
	{name: "chest jackpot balls 1", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: chest, balls: 1}\n")},
	{name: "chest jackpot balls 100", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: chest, balls: 100}\n")},
	{name: "chest balls magic", text: aSegment("id: jc\nkind: jackpot-chest\nentries: f.csv\njackpot: {name: chest}\nballs: magic\n")},
	{name: "bonus jackpot of one envelope", text: aSegment("id: bj\nkind: bonus-jackpot\nentries: d.csv\nenvelopes: [R500]\n")},
	{name: "bonus jackpot per_hour -1", text: aSegment("id: bj\nkind: bonus-jackpot\nentries: d.csv\nenvelopes: [R500, R1 000]\nper_hour: -1\n")},
	{name: "bonus jackpot deck shared", text: aSegment("id: bj\nkind: bonus-jackpot\nentries: d.csv\nenvelopes: [R500, R1 000]\ndeck: shared\n")},
}

// TestSchemaAsStrictAsCheck: every show of the corpus that check
// refuses, the schema refuses, but what the corpus says a schema cannot
// state (a rule between keys or across a list's items) and what only the
// files on disk tell, which both pass.
func TestSchemaAsStrictAsCheck(t *testing.T) {
	s := compileSchema(t)
	names := map[string]bool{}
	schemaRefused, cannot := 0, 0
	for _, c := range corpus {
		if names[c.name] {
			t.Fatalf("%s: twice in the corpus", c.name)
		}
		names[c.name] = true
		_, perr := Parse("show.yaml", []byte(c.text))
		serr := s.Validate(asJSON(t, c.text))
		switch {
		case c.disk:
			if perr != nil || serr != nil {
				t.Errorf("%s: the show file is good, only the disk can tell: Parse %v; schema %v", c.name, perr, serr)
			}
			continue
		case perr == nil:
			t.Errorf("%s: check takes it; the corpus is of shows check refuses\n%s", c.name, c.text)
			continue
		}
		if serr != nil {
			schemaRefused++
		}
		switch {
		case c.cannot != "":
			cannot++
			if serr != nil {
				t.Errorf("%s: the schema refuses it now; the corpus says it cannot (%s)", c.name, c.cannot)
			}
		case serr == nil:
			t.Errorf("%s: check refuses it, the schema passes it:\n%s\ncheck: %v", c.name, c.text, perr)
		}
	}
	t.Logf("%d broken shows: check refuses %d, the schema %d; %d the schema cannot; %d only the disk tells", len(corpus), len(corpus)-countDisk(), schemaRefused, cannot, countDisk())
}

func countDisk() int {
	n := 0
	for _, c := range corpus {
		if c.disk {
			n++
		}
	}
	return n
}

// TestSchemaPatternsReadAsTheParser: each pattern the schema makes takes
// a text exactly when the parser's own reading of it does, on texts at
// the edges of each (a one-digit hour, a fraction of a second, another
// case, spaces around), but the calendar's days.
func TestSchemaPatternsReadAsTheParser(t *testing.T) {
	loc := time.UTC
	for _, c := range []struct {
		name    string
		pattern string
		parser  func(string) bool
		texts   []string
	}{
		{"at", atPattern(), func(v string) bool { _, err := ParseLocal(v, loc); return err == nil },
			[]string{"2024-11-30T21:30", "2024-11-30 21:30", "2024-11-30T21:30:05", "2024-11-30 21:30:05.5", "2024-11-30T21:30:05,25", "2024-11-30T9:30", "2024-11-30T09:30",
				"2024-11-30T24:00", "2024-11-30T23:60", "2024-13-01T21:30", "2024-00-01T21:30", "2024-11-00T21:30", "2024-11-32T21:30", "2024-1-30T21:30", "24-11-30T21:30",
				"30/11/2024 9:30pm", "2024-11-30", "2024-11-30T21:30Z", " 2024-11-30T21:30", "2024-11-30T21:30:5", "2024-11-30t21:30", "2024-11-30T21:30:05.", ""}},
		{"date", datePattern(), func(v string) bool { _, err := time.Parse(time.DateOnly, v); return err == nil },
			[]string{"2024-11-25", "2024-1-25", "2024-11-5", "25/11/2024", "2024-11-25T00:00", "2024-12-31", "2024-00-10", ""}},
		{"window", windowPattern(), func(v string) bool {
			var p problems
			return len(windows(&p, nil, "s", []string{v}, loc)) == 1
		}, []string{"2024-12-20 17:00-21:00", "2024-12-20T17:00-21:00", " 2024-12-20 17:00-21:00 ", "2024-12-20 7:00-21:00", "2024-12-20 17:00-24:30", "2024-12-20 17:60-21:00", "20/12/2024 17:00-21:00", "2024-12-20 17:00"}},
		{"printed_until", printedPattern(), func(v string) bool {
			var p problems
			printedUntil(&p, nil, "s", v)
			return len(p.errs) == 0
		}, []string{"", " ", "draw", " draw ", "Draw", "21:25", "21h25", "21H25", "9:05", "09:05", "24:00", "21:60", "9pm", "21:5", "21.25"}},
		{"date_format", dateFormatSchema()["pattern"].(string), func(v string) bool {
			var p problems
			dateFormat(&p, nil, "", v)
			return len(p.errs) == 0
		}, []string{"", " ", "DD/MM/YYYY", "dd/mm/yyyy", " Dd/mM/yyyy ", "DD.MM.YYYY", "DDxMMxYYYY", "DD/MM/YY", "YYYY-MM-DD"}},
		{"tier", tierSchema()["anyOf"].([]any)[0].(obj)["pattern"].(string), func(v string) bool {
			t, err := ParseTier(v)
			return err == nil && t != NoTier
		}, []string{"ace", "ACE", " King ", "10", "ten", "Ten", "emperor", "", "11"}},
		{"update_every", durationPattern, func(v string) bool { d, err := time.ParseDuration(v); return err == nil && d > 0 },
			[]string{"1h", "90m", "1h30m", "1.5h", ".5h", "1.h", "+1h", "500ms", "2µs", "2us", "1000ns", "hourly", "1", "-1h", "1d", "1 h", ""}},
		{"phone_code", phoneCodeSchema()["anyOf"].([]any)[0].(obj)["pattern"].(string), func(v string) bool {
			var p problems
			s := &Show{}
			s.prizeDesk(&p, deskRoot(t), &prizeDeskYAML{PhoneCode: v})
			return len(p.errs) == 0
		}, []string{"", "+27", "27", " +267 ", "0", "+0027", "2700", "27a", "+"}},
		{"desk where", safeText()["pattern"].(string), func(v string) bool {
			var p problems
			s := &Show{}
			s.prizeDesk(&p, deskRoot(t), &prizeDeskYAML{Where: v})
			return len(p.errs) == 0
		}, []string{"Rewards Desk", " Rewards Desk\n", "Rewards\tDesk", "Rewards\u202eDesk", "Rewards\u0085Desk", "Zoë's desk", "a\x7fb", "李小龍"}},
	} {
		re := regexp.MustCompile(c.pattern)
		for _, v := range c.texts {
			if got, want := re.MatchString(v), c.parser(v); got != want {
				t.Errorf("%s %q: the schema's pattern says %v, the parser %v (%s)", c.name, v, got, want, c.pattern)
			}
		}
	}
}

// deskRoot is a show file's root with a desk: key, for prizeDesk.
func deskRoot(t *testing.T) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("desk: {}\n"), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}
