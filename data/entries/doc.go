// Package entries reads the files a show names, as the casino's systems
// write them: entry files (CSV or XLSX), the exclusions list, the decline
// register, proxy nominations, a RAPS selection and leaderboard standings.
//
// It owns what a row must be (Read, Need, NeedOf), how cards and tickets
// are normalised before any match (NormCard, NormTicket), the limits that
// keep a hostile file from costing more than its first bad line, and the
// errors that name the file, row, column and value (FileError, CellError).
// Check reads a segment's entry file once, as an import would, and builds
// the bin it would freeze as it goes. It knows no SQL: the store imports what it reads.
package entries
