// Package store keeps the show record in SQLite, and is the only package
// that speaks SQL: the schema and its migrations, the hash-chained event
// journal (appended in one transaction, synchronous=FULL, WAL), the
// writer's lock beside the database, the imported entry files and the
// hashes of their rows (taken in data/internal/rowhash's canonical form,
// as the rows are stored and as verify --db scans them), the seeds, the
// jackpot ledger and the earlier shows a campaign's show reads (PastWins,
// Settlements), and the consistent copy an archive takes (Backup).
//
// It returns rows and facts and judges none of them: verify --db's checks
// of the database live in data/verifydb, what a show carries from earlier
// shows in data/campaign (CarryOver), both above it. A test holds it to
// importing neither those nor data/verify.
//
// Fold and Replay set up an engine from a show's record: its seed, its
// exclusions and the campaign's earlier shows, then every event of its
// journal held to the rules.
package store
