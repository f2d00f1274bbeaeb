// Package rowhash owns the canonical form in which the hashes of stored
// rows are taken: an import's rows as the database holds them, whose
// SHA-256 the journal records at import and verify --db takes again, and
// a list of cards as the store keeps it. A row edited in the database
// after its import no longer matches its hash.
//
// It hashes on a goroutine of its own beside the reading of the rows. It
// knows no SQL: data/store scans the rows and hands each over.
package rowhash
