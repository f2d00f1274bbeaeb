// Package verify is the auditor's check of an export: it reads the
// show's journal from journal.jsonl, checks its hash chain, folds it with
// the engine's own rules over the export's bin files, re-deriving every
// pick from the revealed seed, and then writes every file of the export
// again from that fold and compares. It needs no database.
//
// Dir checks an export folder, Archive a zip of one with the database
// copy an archive carries (checked through a function the caller gives,
// so this package links no SQLite; a test holds it to that).
package verify
