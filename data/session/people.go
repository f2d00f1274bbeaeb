package session

import (
	"drawshow/show"
)

// People looks up what the entry files say of these cards for one of the
// session's segments, for the big screen: see DB.People.
func (ss *Session) People(segment string, cards []string) (map[string]show.Person, error) {
	return ss.DB.People(ss.ID, ss.Eng.State().Seg(segment), cards)
}
