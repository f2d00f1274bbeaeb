package main

import (
	"bufio"
	"fmt"
	"maps"

	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/show"
)

// campaignRun is a campaign example run into one database: its shows in
// order, each a rehearsal, and the journal they made.
type campaignRun struct {
	dir     string
	db      string
	shows   []string // the show ids, in run order
	journal []*journalRow
	report  string // the folder report --campaign wrote
}

// events decodes the journal's events of kind k of the i-th show run.
func (c *campaignRun) events(t *testing.T, i int, k show.EventKind) []show.Event {
	t.Helper()
	var out []show.Event
	for _, r := range c.journal {
		if r.show == c.shows[i] && r.kind == string(k) {
			e, err := show.DecodeEvent(r.seq, time.Time{}, r.kind, []byte(r.payload))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, e)
		}
	}
	return out
}

// checkSays runs check --db on the campaign's show in folder name, after
// the campaign, and looks for line in what it prints.
func (c *campaignRun) checkSays(t *testing.T, name, line string) {
	t.Helper()
	stdout, stderr, err := drawshow(t, "", "check", "--db", c.db, "--rehearsal", filepath.Join(c.dir, name, "show.yaml"))
	if err != nil || !strings.Contains(stdout, line) {
		t.Errorf("check --db %s: %v\n%s%s\nwant %q", name, err, stdout, stderr, line)
	}
}

// runCampaign runs each show campaign.txt lists, in turn, into one
// database, as a rehearsal campaign (a fresh seed each, as at the casino;
// each on its own night by --clock, which an official show does not
// take), with no action refused; then export, verify DIR and verify --db
// accept the record, and report --campaign writes the rehearsals' report.
func runCampaign(t *testing.T, dir string) *campaignRun {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "campaign.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := &campaignRun{dir: dir, db: filepath.Join(t.TempDir(), "campaign.db")}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, clock, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("campaign.txt: %q is not FOLDER CLOCK", line)
		}
		showFile := filepath.Join(dir, name, "show.yaml")
		if _, stderr, err := drawshow(t, "", "check", showFile); err != nil {
			t.Fatalf("check %s: %v\n%s", showFile, err, stderr)
		}
		args := []string{"run", showFile, "--db", c.db, "--headless", "--actions", filepath.Join(dir, name, "actions.txt"), "--rehearsal", "--clock", clock}
		if _, stderr, err := drawshow(t, "", args...); err != nil || strings.Contains(stderr, "refused") {
			t.Fatalf("run %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		c.journal = readJournal(t, c.db)
		last := c.journal[len(c.journal)-1]
		if last.kind != string(show.ShowClosed) {
			t.Fatalf("%s: the last event is %s, want show-closed", name, last.kind)
		}
		c.shows = append(c.shows, last.show)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	exportRecord(t, c.db) // the latest show; verify --db holds every show of the campaign
	out := filepath.Join(t.TempDir(), "report")
	c.report = out
	stdout, stderr, err := drawshow(t, "", "report", "--db", c.db, "--campaign", "--out", out)
	if err != nil || !strings.Contains(stdout, fmt.Sprintf("campaign report of %d REHEARSAL(S), not a result", len(c.shows))) {
		t.Fatalf("report --campaign of the rehearsal campaign: %v\n%s%s", err, stdout, stderr)
	}
	return c
}

// TestExampleCampaigns runs each campaign example: several shows in one
// campaign database, each drawing on what the ones before recorded.
func TestExampleCampaigns(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join(examplesDir, "*", "campaign.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(campaignChecks)) {
		if !slices.Contains(dirs, filepath.Join(examplesDir, name, "campaign.txt")) {
			t.Errorf("no examples/%s/campaign.txt", name)
		}
	}
	for _, d := range dirs {
		name := filepath.Base(filepath.Dir(d))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := runCampaign(t, filepath.Dir(d))
			check := campaignChecks[name]
			if check == nil {
				t.Fatalf("examples/%s has no checks of its own", name)
			}
			check(t, c)
		})
	}
}

var campaignChecks = map[string]func(t *testing.T, c *campaignRun){
	// 34.1: the Saturday bin holds five entries for each Wednesday win,
	// the winners taken from the record.
	"campaign-bonus-week": func(t *testing.T, c *campaignRun) {
		var won []string
		for _, e := range c.events(t, 0, show.PickDecided) {
			if e.Pick.Outcome.Wins() {
				won = append(won, "")
			}
		}
		var paid []string
		for _, e := range c.events(t, 0, show.PrizeChosen) {
			paid = append(paid, e.Choice.Prize)
		}
		slices.Sort(paid)
		if len(won) != 4 || len(paid) != 4 || len(slices.Compact(slices.Clone(paid))) != 4 {
			t.Errorf("Wednesday: %d winners paid %v: a session deck pays each card once", len(won), paid)
		}
		f := c.events(t, 1, show.BinFrozen)[0].Frozen
		if want := []show.Earned{{Show: c.shows[0], Segment: "bonus-jackpot", Wins: 4, Entries: 20}}; !slices.Equal(f.Earned, want) {
			t.Errorf("Saturday's freeze earned %+v, want %+v", f.Earned, want)
		}
		if len(f.Barred) != 0 {
			t.Errorf("Saturday barred %v: a bonus win never bars an entry", f.Barred)
		}
		c.checkSays(t, "saturday", "sat-cash: 4 bonus win(s) in campaign.db so far add 20 entr(ies)")
	},
	// Clause 66: September's finalist is kept out of November's bin.
	"campaign-november-finalists": func(t *testing.T, c *campaignRun) {
		var finalist string
		for _, e := range c.events(t, 0, show.PickDecided) {
			if e.Segment == "finalist" && e.Pick.Outcome.Wins() {
				for _, d := range c.events(t, 0, show.PickDrawn) {
					if d.Segment == "finalist" && d.Pick.K == e.Pick.K {
						finalist = d.Pick.Participant
					}
				}
			}
		}
		f := c.events(t, 1, show.BinFrozen)[0].Frozen
		if finalist == "" || !slices.Equal(f.PastWinners, []string{finalist}) {
			t.Errorf("November's bin kept out %v, want September's finalist %s", f.PastWinners, finalist)
		}
		for _, d := range c.events(t, 1, show.PickDrawn) {
			if d.Pick.Participant == finalist {
				t.Errorf("November drew September's finalist %s", finalist)
			}
		}
		c.checkSays(t, "november", "month-end-1: 1 card(s) of the entry file won earlier in campaign.db and are barred")
		// Royal Flush 66, 70: the report's finalists.csv is the Grand
		// Finale's entry file, as a show file names it
		b, err := os.ReadFile(filepath.Join(c.report, "finalists.csv"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[1], "Card Number,Member Name,Tier,Property,") || !strings.HasPrefix(lines[2], finalist+",") {
			t.Fatalf("finalists.csv, want the banner, the header and September's finalist %s:\n%s", finalist, b)
		}
		finale := filepath.Join(c.report, "grand-finale.yaml")
		if err := os.WriteFile(finale, []byte("promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n"+
			"  - {id: grand-finale, kind: royal-flush, entries: finalists.csv, winners: 5, prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if stdout, stderr, err := drawshow(t, "", "check", finale); err != nil || !strings.Contains(stdout, "grand-finale: finalists by property: Gold Reef City 1") {
			t.Errorf("check of a Grand Finale reading finalists.csv: %v\n%s%s", err, stdout, stderr)
		}
	},
	// The jackpot opens at the old system's R40 000, then goes on from
	// the ledger.
	"campaign-festivo-jackpot": func(t *testing.T, c *campaignRun) {
		f1 := c.events(t, 0, show.BinFrozen)[0].Frozen
		s1 := c.events(t, 0, show.JackpotPaid)[0].Settled
		f2 := c.events(t, 1, show.BinFrozen)[0].Frozen
		if f1.Jackpot != 40000 || !f1.JackpotStart {
			t.Errorf("week 1 froze the jackpot at %d (start %v), want the old system's 40000", f1.Jackpot, f1.JackpotStart)
		}
		if f2.Jackpot != s1.Next || f2.JackpotStart || s1.Next != map[bool]int64{true: 20000, false: 60000}[s1.Won] {
			t.Errorf("week 2 froze %d (start %v); week 1 settled %+v", f2.Jackpot, f2.JackpotStart, s1)
		}
	},
}
