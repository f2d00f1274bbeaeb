package record

import (
	"fmt"
	"slices"
	"strings"

	"drawshow/show"
)

// Source is an earlier show of the campaign database that a show carries
// something from: barred winners (exclude_winners), bonus entries
// (bonus_entries) or a jackpot's ledger, with the show's anchors (its
// commitment and its last chain row: its close, when closed) and what it
// gives, the cards and entries themselves.
type Source struct {
	Show       string `json:"show"`
	Date       string `json:"date"` // its date in its timezone: its first at, else its opening
	Commitment string `json:"commitment"`
	Closed     bool   `json:"closed"`
	HeadSeq    int64  `json:"head_seq"` // the show's last journal row: show-closed when closed
	Head       string `json:"head"`     // that row's hash, hex
	// Barred are the cards its winners bar from the show's draws, by
	// segment: "nov: 6001…".
	Barred []string `json:"barred,omitempty"`
	// Entries are the bonus entries its wins add to the show's draws.
	Entries []show.Earned `json:"entries,omitempty"`
	// Jackpot are the settlements of a jackpot's ledger the show reads.
	Jackpot []show.Settled `json:"jackpot,omitempty"`
}

// Anchor is the source as a line of the auditor's list of official
// shows: SHOW_ID COMMITMENT SEQ:HEX (the head's first 16 hex digits).
func (s Source) Anchor() string {
	return fmt.Sprintf("%s %s %d:%s", s.Show, s.Commitment, s.HeadSeq, s.Head[:min(len(s.Head), 16)])
}

// CarriedSegment names, in a list of sources, the bonus entries a draw
// takes from a segment of an earlier show: "cash (of bonus)".
func CarriedSegment(draw, from string) string { return draw + " (of " + from + ")" }

// Gives says what the source gives, in words.
func (s Source) Gives() string {
	var w []string
	if len(s.Barred) > 0 {
		w = append(w, fmt.Sprintf("%d barred card(s): %s", len(s.Barred), strings.Join(s.Barred, ", ")))
	}
	for _, e := range s.Entries {
		// Wins counts those that earned none too: Entries are the others'
		s := fmt.Sprintf("%d bonus entr(ies) from %d win(s) of %s", e.Entries, e.Wins-e.NoEntry, e.Segment)
		if e.NoEntry > 0 {
			s += fmt.Sprintf("; %d more win(s) earned none, the winner having no entry that day", e.NoEntry)
		}
		w = append(w, s)
	}
	for _, j := range s.Jackpot {
		r := "not won"
		if j.Won {
			r = "won"
		}
		w = append(w, fmt.Sprintf("jackpot %s at %d, %s, next %d", j.Name, j.Value, r, j.Next))
	}
	return strings.Join(w, "; ")
}

// SetCarried sets what the show carries from earlier shows: the
// exporter's from the database, the verifier's from record.json (only a
// database proves which shows they were: verify --db --anchors). A
// record from before rules edition 2 lists none.
func (x *Set) SetCarried(src []Source) {
	if x.st.Opened.Rules >= 2 && len(src) > 0 {
		x.rec.Carried = src
	}
}

// CheckCarried holds the record's list of sources to its own bins: every
// show a frozen bin earned bonus entries from, with what the bin took of
// them, and every card it kept out as an earlier winner, must be in the
// list.
func CheckCarried(st *show.State, src []Source) []string {
	if st.Opened.Rules < 2 {
		return nil
	}
	var out []string
	for _, s := range st.Segs {
		f := s.Frozen
		if f == nil {
			continue
		}
		for _, e := range f.Earned {
			if e.Show == st.ID {
				continue
			}
			i := slices.IndexFunc(src, func(c Source) bool { return c.Show == e.Show && len(c.Entries) > 0 })
			if i < 0 {
				out = append(out, fmt.Sprintf("%s earned %d entr(ies) from show %s, which the list of sources does not name", s.Seg.ID, e.Entries, e.Show))
				continue
			}
			// what the list says the source gave is what the bin took
			name := CarriedSegment(s.Seg.ID, e.Segment)
			j := slices.IndexFunc(src[i].Entries, func(c show.Earned) bool { return c.Segment == name })
			if want := (show.Earned{Show: e.Show, Segment: name, Wins: e.Wins, Entries: e.Entries, NoEntry: e.NoEntry}); j < 0 || src[i].Entries[j] != want {
				says := "nothing"
				if j >= 0 {
					says = Source{Entries: src[i].Entries[j : j+1]}.Gives()
				}
				out = append(out, fmt.Sprintf("the list of sources says show %s gives %s; the freeze of %s took %s", e.Show, says, s.Seg.ID, Source{Entries: []show.Earned{want}}.Gives()))
			}
		}
		for _, card := range f.PastWinners {
			if !slices.ContainsFunc(src, func(c Source) bool { return slices.Contains(c.Barred, s.Seg.ID+": "+card) }) {
				out = append(out, fmt.Sprintf("%s kept out %s as an earlier winner, which the list of sources does not name", s.Seg.ID, card))
			}
		}
	}
	return out
}

// NoEntryWins counts the wins a freeze's bonus entries passed over, their
// winners having no entry that day.
func NoEntryWins(f *show.Frozen) int {
	n := 0
	for _, e := range f.Earned {
		n += e.NoEntry
	}
	return n
}
