package main

import (
	"fmt"
	"io"

	"drawshow/data/session"
	"drawshow/data/witness"
)

// stageFeed is the show's witness feed on the stage: at /feed on the
// console's listener, and on --feed ADDR for a follower off the laptop.
type stageFeed struct {
	feed  *witness.Feed
	token string
	srv   *witness.Server // --feed's; nil without it
}

// serveFeed makes the show's feed and, given an address, serves it there
// and prints its link.
func serveFeed(ss *session.Session, addr string, stderr io.Writer) (*stageFeed, error) {
	tok, err := ss.DB.LinkToken("feed", ss.ID)
	if err != nil {
		return nil, err
	}
	f := &stageFeed{feed: witness.NewFeed(ss.DB, ss.ID, tok), token: tok}
	if addr != "" {
		if f.srv, err = witness.Listen(addr, f.feed); err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "witness feed: %s\n", f.srv.Link())
	}
	return f, nil
}

// followers is the feed's followers in the operator's words, or "" when
// none is connected and none is expected.
func (f *stageFeed) followers() string {
	if f == nil {
		return "" // a desk made without a feed (a test's)
	}
	n, at := f.feed.Followers()
	switch {
	case n == 0 && f.srv == nil:
		return ""
	case n == 0:
		return "Witness feed: no follower connected"
	case at == n:
		return fmt.Sprintf("Witness feed: %d follower(s), holding the record's head", n)
	}
	return fmt.Sprintf("Witness feed: %d of %d follower(s) hold the record's head; the others are catching up", at, n)
}
