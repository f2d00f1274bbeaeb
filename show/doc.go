// Package show is the domain: the rules of a prize-draw show, and nothing
// of ours besides. It reads a show file (Parse), builds a segment's bin
// from its entries (Bin, Tally, the bin's fingerprint), and runs the show
// as an engine of commands and events: Decide turns an operator's or the
// program's Command into the Events the rules allow, or a Refusal that
// says what the host can do next; Apply folds them into the State; Replay
// holds a recorded journal to the same rules, event by event. The draw
// itself (the commitment, the keys, the picks) is drawshow-v1, written
// out in docs/algorithm.md.
//
// Every kind of segment (a draw, a bin drawn by hand, the month end, the
// wild card, the Royal Flush, the chest, the bonus jackpot, the
// leaderboard, a slide) is a kind_*.go file of its own with its traits; every enum is a typed
// constant here, and no other package names one by its string. Storage,
// entry files, exports and the verifier live under data/ and depend on
// this package, never the other way.
package show
