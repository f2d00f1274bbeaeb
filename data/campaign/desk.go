package campaign

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// The prize desk's campaign: every prize the desk owes (a winner not
// present, of an official show, who won a prize and not a finalist spot),
// and what the desk recorded of it in the journal: collected and signed
// for, expired after show.CollectDays, the winner contacted.

// DeskPrize is one prize the desk owes and what became of it.
type DeskPrize struct {
	Show, Segment, Title string
	K                    int // the algorithm's; the pick is K+1
	Ticket, Card, Name   string
	Prize                string
	Currency             string
	Amount               int64
	PaidAs               string
	Outcome              show.Outcome
	Proxy, ProxyID       string // the nominee who stood for the winner, if one did
	Decided              time.Time
	DrawDate, CollectBy  string // in the show's timezone
	// Deadline is the end of CollectBy in the show's timezone: a
	// collection must be before it
	Deadline time.Time
	Week     string // the ISO week of the draw date: 2024-W48
	loc      *time.Location

	Collected *show.Event  // prize-collected, once recorded
	Expired   *show.Event  // prize-expired, once recorded
	Contacts  []show.Event // winner-contacted, in order
}

// Pick is the pick's number in its draw, from 1.
func (p *DeskPrize) Pick() int { return p.K + 1 }

// What names the prize as the desk's messages do: show, draw and pick.
func (p *DeskPrize) What() string {
	return fmt.Sprintf("show %s, draw %s, pick %d (card %s, %s)", p.Show, p.Segment, p.Pick(), p.Card, p.Prize)
}

// Location is the timezone of the prize's show.
func (p *DeskPrize) Location() *time.Location { return p.loc }

// Local is t in the prize's show's timezone, to the minute.
func (p *DeskPrize) Local(t time.Time) string { return t.In(p.loc).Format("2006-01-02 15:04") }

// The states of a prize at the desk.
const (
	DeskCollected = "collected"
	DeskDue       = "due"
	DeskExpired   = "expired"
	// DeskLapsed: past its last day with no expiry recorded yet (drawshow
	// desk expire records it)
	DeskLapsed = "expired, not recorded"
)

// Status is the prize's state at the desk at time at: collected, due
// (still within its days), expired (recorded), or lapsed (past its last
// day, the expiry not recorded yet).
func (p *DeskPrize) Status(at time.Time) string {
	switch {
	case p.Collected != nil:
		return DeskCollected
	case p.Expired != nil:
		return DeskExpired
	case !at.Before(p.Deadline):
		return DeskLapsed
	}
	return DeskDue
}

// DeskShow is one show as the desk reads it: its set, and why its record
// does not fold when it does not (Set is then nil).
type DeskShow struct {
	ID        string
	Rehearsal bool
	Set       *record.Set
	Problem   string
}

// Desk is the prize desk's book of a campaign database: every prize owed,
// and the desk's records applied in journal order.
type Desk struct {
	shows  map[string]DeskShow
	prizes []*DeskPrize
	by     map[string]*DeskPrize // show/segment/k
}

func deskKey(showID, seg string, k int) string { return fmt.Sprintf("%s\x00%s\x00%d", showID, seg, k) }

// NewDesk makes the book of the shows: every prize their official shows
// owe, none recorded yet.
func NewDesk(shows []DeskShow) *Desk {
	d := &Desk{shows: map[string]DeskShow{}, by: map[string]*DeskPrize{}}
	for _, s := range shows {
		d.shows[s.ID] = s
		if s.Set == nil || s.Rehearsal || !s.Set.State().Closed {
			continue // a show still open may yet void a decided pick: the desk owes nothing of it yet
		}
		for _, p := range deskPrizes(s.Set) {
			d.prizes = append(d.prizes, p)
			d.by[deskKey(p.Show, p.Segment, p.K)] = p
		}
	}
	return d
}

// deskPrizes are the prizes of the set's show the desk owes: the winners
// not present who won a prize (a finalist spot is none).
func deskPrizes(x *record.Set) []*DeskPrize {
	var out []*DeskPrize
	sh, st := x.Show(), x.State()
	loc := sh.Location
	for _, s := range st.Segs {
		if s.Seg.Finalists() {
			continue
		}
		for i := range s.Picks {
			p := &s.Picks[i]
			if !record.NotPresent(p.Outcome) {
				continue
			}
			pr := record.PrizeOf(sh.Currency, p)
			collect := x.CollectBy(p)
			last, err := time.ParseInLocation(time.DateOnly, collect, loc)
			if err != nil {
				last = p.DrawnAt.In(loc).AddDate(0, 0, show.CollectDays)
			}
			drawn := p.DrawnAt.In(loc)
			y, w := drawn.ISOWeek()
			out = append(out, &DeskPrize{
				Show: st.ID, Segment: s.Seg.ID, Title: s.Seg.Title, K: p.K, Ticket: p.Ticket, Card: p.Participant,
				Name: x.People()[s.Seg.ID][p.Participant].Name, Prize: p.Won(), Currency: sh.Currency, Amount: pr.Amount, PaidAs: record.PaidAs(pr),
				Outcome: p.Outcome, Proxy: p.Proxy, ProxyID: p.ProxyID, Decided: p.DecidedAt,
				DrawDate: drawn.Format(time.DateOnly), CollectBy: collect,
				Deadline: time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc),
				Week:     fmt.Sprintf("%d-W%02d", y, w), loc: loc,
			})
		}
	}
	return out
}

// Prizes are every prize owed, in the order of the shows and their picks.
func (d *Desk) Prizes() []*DeskPrize { return d.prizes }

// Prize finds the prize of pick k of segment seg of show showID, or says
// in words why the desk owes nothing there.
func (d *Desk) Prize(showID, seg string, k int) (*DeskPrize, error) {
	if p := d.by[deskKey(showID, seg, k)]; p != nil {
		return p, nil
	}
	s, ok := d.shows[showID]
	where := fmt.Sprintf("show %s, draw %s, pick %d", showID, seg, k+1)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s: no show %s in the campaign database", where, showID)
	case s.Set == nil:
		return nil, fmt.Errorf("%s: the show's record does not fold (%s): drawshow verify --db names why", where, s.Problem)
	case s.Rehearsal:
		return nil, fmt.Errorf("%s: show %s is a rehearsal: nothing of it is paid", where, showID)
	case !s.Set.State().Closed:
		return nil, fmt.Errorf("%s: show %s is not closed: its winners are final, and owed, once it is", where, showID)
	}
	ss := s.Set.State().Seg(seg)
	if ss == nil {
		return nil, fmt.Errorf("%s: show %s has no draw %s", where, showID, seg)
	}
	if k < 0 || k >= len(ss.Picks) {
		return nil, fmt.Errorf("%s: draw %s has %d pick(s)", where, seg, len(ss.Picks))
	}
	p := &ss.Picks[k]
	where += fmt.Sprintf(" (card %s)", p.Participant)
	switch {
	case !p.Outcome.Wins():
		what := string(p.Outcome)
		if p.Outcome == show.Pending {
			what = "not decided"
		}
		return nil, fmt.Errorf("%s is not a winner (%s): the desk owes nothing", where, what)
	case ss.Seg.Finalists():
		return nil, fmt.Errorf("%s won a finalist spot, not a prize: the desk owes nothing", where)
	case p.Outcome == show.Claimed:
		return nil, fmt.Errorf("%s was claimed in person on the night: the desk owes only the winners not present", where)
	}
	return nil, fmt.Errorf("%s: the desk owes nothing", where)
}

// Check says whether the desk may record e, at the journal time now: a
// record of a prize owed, which names its pick as the show did, and which
// the prize's state allows. The error names the show, the draw and the
// pick.
func (d *Desk) Check(e show.Event, now time.Time) (*DeskPrize, error) {
	if !show.DeskKind(e.Kind) {
		return nil, fmt.Errorf("%s is not a record of the prize desk", e.Kind)
	}
	r := e.Desk
	if r == nil {
		return nil, fmt.Errorf("%s: no desk payload", e.Kind)
	}
	if e.Show != show.DeskShow || e.Segment != "" {
		return nil, fmt.Errorf("%s: recorded under show %q, segment %q, not the desk's", e.Kind, e.Show, e.Segment)
	}
	p, err := d.Prize(r.Show, r.Segment, r.K)
	if err != nil {
		return nil, err
	}
	what := p.What()
	if r.Ticket != p.Ticket || r.Card != p.Card {
		return p, fmt.Errorf("%s: the record names ticket %s, card %s; the show drew ticket %s, card %s", what, r.Ticket, r.Card, p.Ticket, p.Card)
	}
	for _, v := range []string{r.By, r.ID, r.How, r.Note} {
		if c, bad := show.UnsafeRune(v); bad {
			return p, fmt.Errorf("%s: %q holds U+%04X, a control or bidirectional character", what, v, c)
		}
		if len([]rune(v)) > show.MaxName {
			return p, fmt.Errorf("%s: %q is longer than the %d characters a name may have", what, v, show.MaxName)
		}
	}
	if r.At.After(now) {
		return p, fmt.Errorf("%s: the time %s is after the time it is recorded (%s)", what, p.Local(r.At), p.Local(now))
	}
	if r.At.Before(p.Decided) {
		return p, fmt.Errorf("%s: the time %s is before the prize was won (%s)", what, p.Local(r.At), p.Local(p.Decided))
	}
	if c := p.Collected; c != nil {
		return p, fmt.Errorf("%s was already collected, on %s by %s (seq %d)", what, p.Local(c.Desk.At), c.Desk.By, c.Seq)
	}
	if x := p.Expired; x != nil {
		return p, fmt.Errorf("%s expired: its last day was %s (recorded at seq %d); it can no longer be collected", what, p.CollectBy, x.Seq)
	}
	switch e.Kind {
	case show.PrizeCollected:
		switch {
		case strings.TrimSpace(r.By) == "" || strings.TrimSpace(r.ID) == "":
			return p, fmt.Errorf("%s: a collection needs who signed for it and the ID document seen", what)
		case !r.At.Before(p.Deadline):
			return p, fmt.Errorf("%s was to be collected by %s: at %s it had expired", what, p.CollectBy, p.Local(r.At))
		case p.Proxy != "" && (sameName(r.By, p.Proxy) || p.ProxyID != "" && sameID(r.ID, p.ProxyID)):
			return p, fmt.Errorf("%s: %s stood for the winner as proxy; a representative may not take receipt of the prize: the winner signs for it", what, p.Proxy)
		}
	case show.PrizeExpired:
		switch {
		case r.CollectBy != p.CollectBy:
			return p, fmt.Errorf("%s: the record says its last day was %s; the show says %s", what, r.CollectBy, p.CollectBy)
		case r.At.Before(p.Deadline):
			return p, fmt.Errorf("%s may be collected until %s: at %s it has not expired", what, p.CollectBy, p.Local(r.At))
		}
	case show.WinnerContacted:
		switch {
		case strings.TrimSpace(r.By) == "" || strings.TrimSpace(r.How) == "":
			return p, fmt.Errorf("%s: a contact needs who made it and how (a call, an SMS, an e-mail…)", what)
		case !r.At.Before(p.Deadline):
			return p, fmt.Errorf("%s was to be collected by %s: at %s it had expired; record its expiry", what, p.CollectBy, p.Local(r.At))
		}
	}
	return p, nil
}

// sameID and sameName compare an ID or a name as a nominee's are
// compared: IDs ignoring case and spaces, names ignoring case and runs of
// spaces.
func sameID(a, b string) bool {
	norm := func(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), "")) }
	return norm(a) == norm(b)
}

func sameName(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}

// Apply checks e (see Check) at its own journal time and records it in
// the book.
func (d *Desk) Apply(e show.Event) error {
	p, err := d.Check(e, e.At)
	if err != nil {
		return err
	}
	switch e.Kind {
	case show.PrizeCollected:
		p.Collected = &e
	case show.PrizeExpired:
		p.Expired = &e
	case show.WinnerContacted:
		p.Contacts = append(p.Contacts, e)
	}
	return nil
}

// Lapsed are the prizes past their last day at time at with no expiry
// recorded: what drawshow desk expire records.
func (d *Desk) Lapsed(at time.Time) []*DeskPrize {
	var out []*DeskPrize
	for _, p := range d.prizes {
		if p.Status(at) == DeskLapsed {
			out = append(out, p)
		}
	}
	return out
}

// DeskWeek is one week of the desk's campaign: the prizes won in the
// week's draws, and where they stand. Cash is the sums of the cash
// prizes; a prize in kind counts in the number alone.
type DeskWeek struct {
	Week                    string // 2024-W48
	From, To                string // its Monday and Sunday
	Owed                    int    // every prize owed from the week's draws
	OwedCash                int64
	Collected, Due, Expired int // Expired counts the lapsed too
	DueCash, ExpiredCash    int64
	Contacted               int // prizes whose winner was reached at least once
}

// Weeks are the desk's campaign week by week of the draws, as of time at,
// weeks in order.
func (d *Desk) Weeks(at time.Time) []DeskWeek {
	by := map[string]*DeskWeek{}
	var out []*DeskWeek
	for _, p := range d.prizes {
		w := by[p.Week]
		if w == nil {
			drawn, _ := time.ParseInLocation(time.DateOnly, p.DrawDate, p.loc)
			mon := drawn.AddDate(0, 0, -((int(drawn.Weekday()) + 6) % 7))
			w = &DeskWeek{Week: p.Week, From: mon.Format(time.DateOnly), To: mon.AddDate(0, 0, 6).Format(time.DateOnly)}
			by[p.Week] = w
			out = append(out, w)
		}
		cash := int64(0)
		if p.PaidAs == "cash" {
			cash = p.Amount
		}
		w.Owed++
		w.OwedCash += cash
		if len(p.Contacts) > 0 {
			w.Contacted++
		}
		switch p.Status(at) {
		case DeskCollected:
			w.Collected++
		case DeskDue:
			w.Due++
			w.DueCash += cash
		default:
			w.Expired++
			w.ExpiredCash += cash
		}
	}
	slices.SortFunc(out, func(a, b *DeskWeek) int { return cmp.Compare(a.Week, b.Week) })
	weeks := make([]DeskWeek, len(out))
	for i, w := range out {
		weeks[i] = *w
	}
	return weeks
}
