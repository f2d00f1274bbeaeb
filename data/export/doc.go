// Package export writes what leaves the laptop after a show: the export
// folder (record.json, the journal, the bins, the winners' CSV and
// workbook, the report PDF, the collection list) made from the store as
// one step, the auditor's archive (a consistent copy of the database and
// the export, with SHA256SUMS) and its check, and the campaign's shows as
// the campaign report lists them. The files' formats and writers are in
// data/record; the auditor's check of them, with no SQLite, in data/verify.
package export
