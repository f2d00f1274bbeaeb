package campaign

import (
	"cmp"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// The campaign: every show of a campaign database side by side, for the
// promotions manager's list of shows and the campaign's report.

// CampaignShow is one show of a campaign database.
type CampaignShow struct {
	ID        string
	Promotion string
	Property  string
	Date      string // the show's date in its timezone: its first scheduled draw, else its opening
	Rehearsal bool
	Closed    bool
	Currency  string
	Draws     int           // bins frozen
	Totals    record.Totals // the prizes of its winners, finalist spots apart
	Spots     int           // finalist spots won: the winners of its finalist draws
	Winners   []CampaignWinner
	Ledger    []LedgerLine // its jackpots' settlements
	Redraws   int          // picks sent back and drawn again
	Marked    []string     // its draws with more than show.MaxRedraws redraws, "sat-cash (10)"
	// Carried are the earlier shows it carries anything from, with their
	// anchors (see record.Source).
	Carried []record.Source
	// Problem says why the show's record does not fold by the rules;
	// such a show has nothing else and is in no report.
	Problem string
}

// CampaignWinner is one winner of a show of the campaign.
type CampaignWinner struct {
	Show     string
	Date     string // the draw's date in the show's timezone
	Segment  string
	Title    string
	Kind     string
	Pick     int // counted from 1
	Ticket   string
	Card     string
	Name     string
	Property string // a finalist's casino
	Area     string // a bonus winner's device area
	Tier     show.Tier
	Contact  map[string]string // the entry file's contact columns (show.ContactColumn) of the winner
	Prize    string
	Amount   int64
	PaidAs   string
	Outcome  string
	// Finalist is true for a winner of a manual bin or a wild card's
	// draw: one who goes through to the Grand Finale. What they won is a
	// finalist spot, not a prize: it is in no total of prizes, and the
	// prize desk owes nothing for it.
	Finalist bool
}

// LedgerLine is one week of a progressive jackpot: its value when the
// chest's bin froze, and how it was settled.
type LedgerLine struct {
	Show    string
	Date    string
	Segment string
	Jackpot string // the ledger's name
	Value   int64
	Settled bool
	Won     bool
	Next    int64 // next week's value: the base if won, else value + step
}

// FinalistSpot is what the campaign's lists say a finalist won, where a
// prize says how it is paid.
const FinalistSpot = "finalist spot"

// ShowOf is what the set of a show adds to the campaign's listing.
func ShowOf(x *record.Set) CampaignShow {
	sh, st, who := x.Show(), x.State(), x.People()
	o := st.Opened
	c := CampaignShow{
		ID: st.ID, Promotion: o.Promotion, Property: o.Property, Rehearsal: o.Rehearsal, Closed: st.Closed,
		Currency: sh.Currency, Draws: len(x.Record().Draws), Date: showDate(sh, st),
	}
	c.Redraws, c.Marked = record.Redraws(st)
	for _, s := range st.Segs {
		for i := range s.Picks {
			p := &s.Picks[i]
			if !p.Outcome.Wins() {
				continue
			}
			pp := who[s.Seg.ID][p.Participant]
			pr := record.PrizeOf(sh.Currency, p)
			paid := record.PaidAs(pr)
			if s.Seg.Finalists() {
				c.Spots++
				paid = FinalistSpot
			} else {
				c.Totals.Add(pr)
			}
			property, _, area := record.Where(s.Seg, p, pp)
			property = cmp.Or(property, o.Property) // the entry file's, else the show's
			c.Winners = append(c.Winners, CampaignWinner{
				Show: st.ID, Date: p.DrawnAt.In(sh.Location).Format(time.DateOnly), Segment: s.Seg.ID, Title: s.Seg.Title,
				Kind: string(s.Seg.Kind), Pick: p.K + 1, Ticket: p.Ticket, Card: p.Participant, Name: pp.Name, Property: property, Area: area,
				Prize: p.Won(), Amount: pr.Amount, PaidAs: paid, Outcome: string(p.Outcome),
				Finalist: s.Seg.Finalists(), Tier: pp.Tier, Contact: contactOf(pp),
			})
		}
		if s.Seg.Jackpot != nil && s.Frozen != nil {
			l := LedgerLine{Show: st.ID, Date: s.FrozenAt.In(sh.Location).Format(time.DateOnly), Segment: s.Seg.ID,
				Jackpot: s.Seg.Jackpot.Name, Value: s.Frozen.Jackpot}
			if t := s.Settled; t != nil {
				l.Settled, l.Won, l.Next = true, t.Won, t.Next
			}
			c.Ledger = append(c.Ledger, l)
		}
	}
	return c
}

// contactOf is the contact columns of what an entry file said of a
// person; nil when none.
func contactOf(p record.Person) map[string]string {
	var out map[string]string
	for h, v := range p.Extra {
		if v != "" && show.ContactColumn(h) {
			if out == nil {
				out = map[string]string{}
			}
			out[h] = v
		}
	}
	return out
}

// showDate is the show's date: that of its first scheduled segment, else
// of its opening, in its timezone.
func showDate(sh *show.Show, st *show.State) string {
	for i := range sh.Segments {
		if at := sh.Segments[i].At; !at.IsZero() {
			return at.In(sh.Location).Format(time.DateOnly)
		}
	}
	return st.OpenedAt.In(sh.Location).Format(time.DateOnly)
}
