package record

import (
	"fmt"

	"drawshow/show"
)

// RecordWeek is one earlier week of a progressive jackpot's ledger: the
// chest of an official show before this one, its value when its bin froze
// and how it was settled.
type RecordWeek struct {
	Show    string `json:"show"`
	Date    string `json:"date"` // the show's date, in its timezone
	Segment string `json:"segment"`
	Value   int64  `json:"value"`
	Won     bool   `json:"won"`
	Next    int64  `json:"next"`
}

// SetLedger gives the set each chest's ledger history, by jackpot name:
// the weeks of the campaign's official shows before this show, oldest
// first, as the campaign database holds them. record.json carries them
// (jackpot.history) and the report prints how this week's value built up.
func (x *Set) SetLedger(history map[string][]RecordWeek) {
	for i := range x.rec.Draws {
		if j := x.rec.Draws[i].Jackpot; j != nil {
			j.History = history[j.Name]
		}
	}
	x.ledger = history
}

// Ledger is the history SetLedger gave, read back from record.json by
// verify: the draws' jackpots' histories by name.
func Ledger(rec *Record) map[string][]RecordWeek {
	out := map[string][]RecordWeek{}
	for _, d := range rec.Draws {
		if j := d.Jackpot; j != nil && len(j.History) > 0 {
			out[j.Name] = j.History
		}
	}
	return out
}

// CheckHistory holds a chest's ledger history to the jackpot's rules and
// to this week's value: each week's next is the base when it was won and
// its value plus the step when not, the following week starts from it,
// and the last week's next is this week's value. An export alone cannot
// prove which shows the weeks were (verify of an archive, or --db, holds
// them to the journal); it can prove that they add up.
func CheckHistory(j *show.Jackpot, value int64, hist []RecordWeek) []string {
	var out []string
	for i, w := range hist {
		want := w.Value + j.Step
		if w.Won {
			want = j.Base
		}
		if w.Next != want {
			out = append(out, fmt.Sprintf("week %d (%s, show %s): next %d, but the jackpot's rules give %d from %d (won %v)", i+1, w.Date, w.Show, w.Next, want, w.Value, w.Won))
		}
		if i > 0 && hist[i-1].Next != w.Value {
			out = append(out, fmt.Sprintf("week %d (%s, show %s): value %d, but the week before left %d", i+1, w.Date, w.Show, w.Value, hist[i-1].Next))
		}
	}
	if n := len(hist); n > 0 && hist[n-1].Next != value {
		out = append(out, fmt.Sprintf("the last week (%s, show %s) left %d, but this week's jackpot froze at %d", hist[n-1].Date, hist[n-1].Show, hist[n-1].Next, value))
	}
	return out
}
