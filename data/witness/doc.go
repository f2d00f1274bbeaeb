// Package witness takes the journal off the laptop as it is written, so
// that a record rolled back or rewritten between two paper anchors is
// caught by a copy the insider cannot reach.
//
// The show's program serves its committed journal rows at /feed (Feed),
// behind a token of the show's own (Token). A follower (Follow), on the
// auditor's machine, appends each row to a witness file, checks the chain
// as it goes, and on every reconnection asks the record to prove it still
// holds the last row the follower has. A rollback or a fork is named at
// once and kept in the file. Check holds a record to a witness file:
// every row the witness holds must be in the record at the same seq with
// the same hash.
//
// The feed speaks lines of JSON (Line), one request at a time: a
// follower asks with the row it holds last, the feed answers with the
// record's head, an alarm if the record no longer holds that row, and
// the rows after it, waiting a while for new ones when there are none.
package witness
