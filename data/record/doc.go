// Package record is the record format that leaves the laptop and its
// writers, with no SQLite: record.json (the show as the engine folded it),
// journal.jsonl with its hash chain, the bins, people.json, the winners'
// CSV and workbook, the collection list, the standings and the report
// PDF. A Set is one show's record, made from an engine's state and the
// journal's rows, and writes them all. The campaign's files, made from
// the sets of its shows, are data/campaign's.
//
// A new export column is one entry in its list's table in columns.go (the
// tables' machinery is data/internal/table); its meaning is documented
// in docs/record.md.
package record
