package verify

import "fmt"

// Report is what a verification found; the record holds when Problems is
// empty.
type Report struct {
	Show       string
	Draws      int
	Picks      int
	Choices    int    // cards, balls and envelopes turned over (a consolation paid without choosing too)
	SmallDraws int    // draws over small bins derived: cards, the chest's ball, envelopes, a wild card's numbers
	Underived  int    // random outcomes taken as recorded: the seed is not revealed yet
	Files      int    // the files compared (an archive: checked against SHA256SUMS)
	Events     int    // the show's events in the journal
	Head       string // the hash of its last event
	Commitment string // the show's, from its show-opened event
	Problems   []string
	rows       map[int64]string // the journal's rows read: seq → hash
}

func (r *Report) bad(format string, args ...any) {
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}
