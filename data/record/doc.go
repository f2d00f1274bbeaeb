// Package record is the record format that leaves the laptop and its
// writers, with no SQLite: record.json (the show as the engine folded it),
// journal.jsonl with its hash chain, the bins, people.json, the winners'
// CSV and workbook, the collection list, the report PDF and the
// campaign's files. A Set is one show's record, made
// from an engine's state and the journal's rows, and writes them all.
//
// A new export column goes in the writer of its file here; its meaning is
// documented in docs/record.md.
package record
