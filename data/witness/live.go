package witness

import (
	"crypto/subtle"
	"drawshow/show/keys"
	"fmt"
	"io"
)

// Live is a show's feed as its program serves it: on the console's
// listener (the stage's), and on an address of its own for a follower
// off the laptop when one is given.
type Live struct {
	Feed  *Feed
	Token string
	srv   *Server // nil without an address of its own
}

// Store is the record a live feed serves: *store.DB, which keeps each
// show's link tokens so that a restart serves the same link.
type Store interface {
	Journal
	LinkToken(use, show string) (string, error)
}

// Start makes showID's feed and, given an address, serves it there and
// prints its link to w. With the auditor's key (the show file's
// auditor_key), the feed asks the auditor's witness to countersign: it
// signs its checkpoints with the show's own key, derived from a secret
// of the database's that stays the same across restarts.
func Start(db Store, showID string, auditor keys.Public, addr string, w io.Writer) (*Live, error) {
	tok, err := db.LinkToken("feed", showID)
	if err != nil {
		return nil, err
	}
	l := &Live{Feed: NewFeed(db, showID, tok), Token: tok}
	if !auditor.IsZero() {
		secret, err := db.LinkToken("checkpoint", showID)
		if err != nil {
			return nil, err
		}
		key, err := keys.Derive("drawshow", []byte(secret))
		if err != nil {
			return nil, err
		}
		l.Feed.Countersign(key, auditor)
	}
	if addr != "" {
		if l.srv, err = Listen(addr, l.Feed); err != nil {
			return nil, err
		}
		fmt.Fprintf(w, "witness feed: %s\n", l.srv.Link())
	}
	return l, nil
}

// Followers is the feed's followers in the operator's words, or "" when
// none is connected and none is expected.
func (l *Live) Followers() string {
	n, at := l.Feed.Followers()
	switch {
	case n == 0 && l.srv == nil:
		return ""
	case n == 0:
		return "Witness feed: no follower connected"
	case at == n:
		return fmt.Sprintf("Witness feed: %d follower(s), holding the record's head", n)
	}
	return fmt.Sprintf("Witness feed: %d of %d follower(s) hold the record's head; the others are catching up", at, n)
}

// Link is the link of the feed's own address, or "" without one.
func (l *Live) Link() string {
	if l.srv == nil {
		return ""
	}
	return l.srv.Link()
}

// WaitFollowers waits, at most Hold, for every follower to hold what was
// recorded, so that one a moment behind still witnesses the show's last
// event; it tells w when they do not.
func (l *Live) WaitFollowers(w io.Writer) {
	if !l.Feed.WaitHeld(Hold) {
		n, at := l.Feed.Followers()
		fmt.Fprintf(w, "witness feed: %d of %d follower(s) hold the record's head after %v\n", at, n, Hold)
	}
}

// Close stops serving the feed's own address.
func (l *Live) Close() {
	if l.srv != nil {
		l.srv.Close()
	}
}

// equal compares two secrets in constant time (for equal lengths).
func equal(got, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
