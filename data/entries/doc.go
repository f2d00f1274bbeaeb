// Package entries reads the files a show names, as the casino's systems
// write them: entry files (CSV or XLSX), the exclusions list, the decline
// register, proxy nominations, a RAPS selection and leaderboard standings.
//
// It owns what a row must be (Read, Need, NeedOf), which column is which
// and how cards and tickets are normalised before any match (NormCard,
// NormTicket). The files are read as rows under a header by
// data/internal/sheet, which owns the limits that keep a hostile file from
// costing more than its first bad line and the errors that name the file,
// row, column and value; FileError, CellError and the limits are its, under
// the names callers know.
// Check reads a segment's entry file once, as an import would, and builds
// the bin it would freeze as it goes. It knows no SQL: the store imports what it reads.
package entries
