// Package sheet reads a CSV or an XLSX sheet as rows under a header,
// hashed as read. It is the table reader behind every file data/entries
// reads: entry files, the exclusions list, the decline register, proxy
// nominations, a RAPS selection and leaderboard standings.
//
// It owns how a file is opened (a regular file only, read once, its
// SHA-256 of the very bytes parsed), which format its extension names,
// the delimiter a CSV file uses, the header (the first non-blank row, or
// the row header_row names, under title rows), blank rows skipped, rows
// numbered as a spreadsheet shows them, whole numbers Excel wrote in
// scientific notation written out, the limits that keep a hostile file
// from costing more than its first bad line (MaxName, MaxField, MaxLine),
// and the errors that name the file, row, column and value (FileError,
// CellError). What a row must hold, and what its columns mean, is
// data/entries'.
package sheet
