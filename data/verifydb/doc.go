// Package verifydb is verify --db: the auditor's check of a campaign
// database itself. It holds the journal's hash chain, SQLite's own
// integrity check, each show's fold over its stored rows (each closed show
// re-derived from its revealed seed), what the database keeps beside the
// journal, and the prize desk's records to what the journal says (Check);
// the journal to what the auditor read off paper (Against); and what a
// show carries from earlier shows to the auditor's list of official shows
// (AgainstShowAnchors); and what it cannot vouch for, the picks of a show
// not closed (Unverified).
//
// It sits above data/store, which returns rows and facts and judges none
// of them, and beside data/verify, the check of an export, which links no
// SQLite.
package verifydb
