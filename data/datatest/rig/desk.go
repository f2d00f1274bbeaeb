package rig

import (
	"testing"
	"time"

	"drawshow/data/desk"
	"drawshow/show"
)

// SAST is a time ("2006-01-02T15:04") in the fixtures' timezone.
func SAST(t testing.TB, s string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation("Africa/Johannesburg")
	if err != nil {
		t.Fatal(err)
	}
	at, err := time.ParseInLocation("2006-01-02T15:04", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// DeskRecord is one record of the desk of pick k of seg of show id.
func DeskRecord(b *desk.Book, kind show.EventKind, id, seg string, k int, at time.Time, by, idSeen, how string) show.Event {
	r := &show.Desk{Show: id, Segment: seg, K: k, At: at, By: by, ID: idSeen, How: how}
	if p, err := b.Prize(id, seg, k); err == nil {
		r.Ticket, r.Card, r.CollectBy = p.Ticket, p.Card, p.CollectBy
	}
	return show.Event{Kind: kind, Desk: r}
}
