// Package store keeps the show record in SQLite, and is the only package
// that speaks SQL: the schema and its migrations, the hash-chained event
// journal (appended in one transaction, synchronous=FULL, WAL), the
// writer's lock beside the database, the imported entry files and the
// hashes of their rows (taken in data/internal/rowhash's canonical form,
// as the rows are stored and as verify --db scans them), the seeds, the jackpot ledger and what a campaign
// carries from show to show (Earlier), the consistent copy an archive
// takes (Backup), and verify --db's check of the database itself
// (VerifyDB).
//
// Fold and Replay set up an engine from a show's record: its seed, its
// exclusions and the campaign's earlier shows, then every event of its
// journal held to the rules.
package store
