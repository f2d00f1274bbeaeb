package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"drawshow/cmd/internal/cli"
	"drawshow/data/campaign"
	"drawshow/data/desk"
	"drawshow/data/store"
	"drawshow/show"
)

// deskCommands are drawshow desk's subcommands.
var deskCommands = []string{"collect", "contact", "expire", "list"}

// cmdDesk is the prize desk's book: drawshow desk collect, contact,
// expire and list. The first three record in the campaign database's
// journal, so they take the writer's lock as a show's run does; list only
// reads.
func cmdDesk(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || isHelp(args[0]) {
		// drawshow desk --help: every subcommand's flags
		for _, sub := range deskCommands {
			fs := deskFlags(sub, &deskArgs{})
			fs.SetOutput(stderr)
			fmt.Fprintf(stderr, "desk %s:\n", sub)
			fs.PrintDefaults()
		}
		if len(args) == 0 {
			return fmt.Errorf("desk needs a subcommand: %s", strings.Join(deskCommands, ", "))
		}
		return nil
	}
	sub := args[0]
	var a deskArgs
	fs := deskFlags(sub, &a)
	if fs == nil {
		return fmt.Errorf("desk: unknown subcommand %q (valid: %s)", sub, strings.Join(deskCommands, ", "))
	}
	pos, err := cli.Parse(fs, args[1:], stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("desk "+sub, pos, 0, "no arguments besides flags"); err != nil {
		return err
	}
	if a.db == "" {
		return fmt.Errorf("desk %s needs --db FILE", sub)
	}
	if sub == "list" {
		return deskList(a, stdout)
	}
	db, err := store.Open(a.db)
	if err != nil {
		return err
	}
	defer db.Close()
	b, err := desk.Read(db)
	if err != nil {
		return err
	}
	now := time.Now()
	switch sub {
	case "collect", "contact":
		return deskPick(db, b, sub, a, now, stdout)
	}
	return deskExpire(db, b, a, now, stdout)
}

// deskArgs are the flags of the desk's subcommands.
type deskArgs struct {
	db, show, draw, by, id, how, note, at string
	pick                                  int
	week, dryRun                          bool
}

// deskFlags are subcommand sub's flags, nil for no such subcommand.
func deskFlags(sub string, a *deskArgs) *flag.FlagSet {
	fs := flag.NewFlagSet(sub, flag.ContinueOnError)
	fs.StringVar(&a.db, "db", "", "the campaign database `FILE`")
	pick := func() {
		fs.StringVar(&a.show, "show", "", "the show `ID` the prize was won in (drawshow shows lists them)")
		fs.StringVar(&a.draw, "draw", "", "the draw's segment `ID`, as in winners.csv and collection.csv")
		fs.IntVar(&a.pick, "pick", 0, "the pick's number `N` in its draw, from 1, as in the lists")
		fs.StringVar(&a.note, "note", "", "a `TEXT` to keep with the record")
	}
	at := "when it happened, `TIME` as 2006-01-02T15:04 in the show's timezone (default now)"
	switch sub {
	case "collect":
		pick()
		fs.StringVar(&a.by, "by", "", "the `NAME` of the winner who signed for the prize (a proxy may not take receipt)")
		fs.StringVar(&a.id, "id", "", "the `NUMBER` of the ID document the winner showed")
	case "contact":
		pick()
		fs.StringVar(&a.by, "by", "", "the `NAME` of who at the desk reached the winner")
		fs.StringVar(&a.how, "how", "", "`HOW` the winner was reached: a call, an SMS, an e-mail, a letter…")
	case "expire":
		pick()
		at = "the time the prizes are judged at, `TIME` as 2006-01-02T15:04 in each show's timezone (default now)"
		fs.BoolVar(&a.dryRun, "dry-run", false, "name the prizes past their last day, and record nothing")
	case "list":
		at = "what stood at `TIME`, 2006-01-02T15:04 in each show's timezone (default now)"
		fs.BoolVar(&a.week, "week", false, "week by week of the draws: owed, collected, due and expired")
	default:
		return nil
	}
	fs.StringVar(&a.at, "at", "", at)
	return fs
}

// deskAt is --at in the show's timezone, or now.
func deskAt(s string, loc *time.Location, now time.Time) (time.Time, error) {
	if s == "" {
		return now, nil
	}
	t, err := show.ParseLocal(s, loc)
	if err != nil {
		return t, fmt.Errorf("--at %q: use 2006-01-02T15:04 in the show's timezone", s)
	}
	return t, nil
}

// deskPrize is the prize --show, --draw and --pick name.
func deskPrize(b *desk.Book, a deskArgs) (*campaign.DeskPrize, error) {
	if a.show == "" || a.draw == "" || a.pick < 1 {
		return nil, errors.New("name the prize: --show ID --draw SEGMENT --pick N (as in collection.csv)")
	}
	return b.Prize(a.show, a.draw, a.pick-1)
}

// deskPick records a collection or a contact.
func deskPick(db *store.DB, b *desk.Book, sub string, a deskArgs, now time.Time, stdout io.Writer) error {
	p, err := deskPrize(b, a)
	if err != nil {
		return err
	}
	at, err := deskAt(a.at, p.Location(), now)
	if err != nil {
		return err
	}
	r := &show.Desk{Show: p.Show, Segment: p.Segment, K: p.K, Ticket: p.Ticket, Card: p.Card, At: at,
		By: strings.TrimSpace(a.by), ID: strings.TrimSpace(a.id), How: strings.TrimSpace(a.how), Note: strings.TrimSpace(a.note)}
	kind := show.PrizeCollected
	if sub == "contact" {
		kind = show.WinnerContacted
	}
	if err := desk.Record(db, b, now, []show.Event{{Kind: kind, Desk: r}}); err != nil {
		return err
	}
	if sub == "contact" {
		fmt.Fprintf(stdout, "recorded: the winner of %s was reached at %s by %s (%s); to collect by %s\n", p.What(), p.Local(at), r.By, r.How, p.CollectBy)
		return nil
	}
	fmt.Fprintf(stdout, "recorded: %s collected and signed for at %s by %s (ID %s)\n", p.What(), p.Local(at), r.By, r.ID)
	return nil
}

// deskExpire records the expiry of every prize past its last day (or of
// the one named), or names them.
func deskExpire(db *store.DB, b *desk.Book, a deskArgs, now time.Time, stdout io.Writer) error {
	var prizes []*campaign.DeskPrize
	if a.show != "" || a.draw != "" || a.pick != 0 {
		p, err := deskPrize(b, a)
		if err != nil {
			return err
		}
		prizes = append(prizes, p)
	} else {
		for _, p := range b.Prizes() {
			at, err := deskAt(a.at, p.Location(), now)
			if err != nil {
				return err
			}
			if p.Status(at) == campaign.DeskLapsed {
				prizes = append(prizes, p)
			}
		}
	}
	var evs []show.Event
	for _, p := range prizes {
		at, err := deskAt(a.at, p.Location(), now)
		if err != nil {
			return err
		}
		evs = append(evs, show.Event{Kind: show.PrizeExpired, Desk: &show.Desk{Show: p.Show, Segment: p.Segment, K: p.K,
			Ticket: p.Ticket, Card: p.Card, At: at, CollectBy: p.CollectBy, Note: strings.TrimSpace(a.note)}})
	}
	if len(evs) == 0 {
		fmt.Fprintln(stdout, "no prize is past its last day uncollected: nothing to expire")
		return nil
	}
	if a.dryRun {
		for _, p := range prizes {
			fmt.Fprintf(stdout, "past its last day (%s): %s, won by %s\n", p.CollectBy, p.What(), p.Name)
		}
		fmt.Fprintf(stdout, "%d prize(s) past their last day; nothing recorded (--dry-run)\n", len(prizes))
		return nil
	}
	if err := desk.Record(db, b, now, evs); err != nil {
		return err
	}
	for _, p := range prizes {
		fmt.Fprintf(stdout, "expired (last day %s): %s, won by %s\n", p.CollectBy, p.What(), p.Name)
	}
	fmt.Fprintf(stdout, "recorded: %d prize(s) expired\n", len(prizes))
	return nil
}

// deskList prints what the desk owes: each prize and where it stands, or
// week by week.
func deskList(a deskArgs, stdout io.Writer) error {
	db, err := store.OpenExisting(a.db)
	if err != nil {
		return err
	}
	defer db.Close()
	b, err := desk.Read(db)
	if err != nil {
		return err
	}
	prizes := b.Prizes()
	if len(prizes) == 0 {
		fmt.Fprintln(stdout, "the desk owes no prize: no winner of a closed official show was absent")
		return nil
	}
	at, err := deskAt(a.at, prizes[0].Location(), time.Now())
	if err != nil {
		return err
	}
	cur := prizes[0].Currency
	money := func(v int64) string { return show.Money(cur, v) }
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	if a.week {
		fmt.Fprintln(tw, "WEEK\tFROM\tTO\tOWED\tCASH\tCOLLECTED\tDUE\tDUE CASH\tEXPIRED\tEXPIRED CASH\tCONTACTED")
		for _, w := range b.Weeks(at) {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%d\t%s\t%d\t%s\t%d\n", w.Week, w.From, w.To, w.Owed, money(w.OwedCash),
				w.Collected, w.Due, money(w.DueCash), w.Expired, money(w.ExpiredCash), w.Contacted)
		}
	} else {
		fmt.Fprintln(tw, "SHOW\tDRAW\tPICK\tCARD\tNAME\tPRIZE\tCOLLECT BY\tSTATUS\tCONTACTED")
		for _, p := range prizes {
			status := p.Status(at)
			if c := p.Collected; c != nil {
				status += " " + p.Local(c.Desk.At) + " by " + c.Desk.By
			}
			contacted := ""
			if n := len(p.Contacts); n > 0 {
				contacted = strconv.Itoa(n) + ", last " + p.Local(p.Contacts[n-1].Desk.At)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Show, p.Segment, p.Pick(), p.Card, p.Name, p.Prize, p.CollectBy, status, contacted)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	n := map[string]int{}
	for _, p := range prizes {
		n[p.Status(at)]++
	}
	line := fmt.Sprintf("as of %s: %d prize(s) owed: %d collected, %d due, %d expired", prizes[0].Local(at), len(prizes), n[campaign.DeskCollected], n[campaign.DeskDue],
		n[campaign.DeskExpired]+n[campaign.DeskLapsed])
	if l := n[campaign.DeskLapsed]; l > 0 {
		line += fmt.Sprintf(" (%d past their last day, not yet recorded: drawshow desk expire --db %s records them)", l, a.db)
	}
	_, err = fmt.Fprintln(stdout, line)
	return err
}
