// Package table is the table machinery the exports share: a list's
// columns (header, width, alignment and value in one table), the CSV
// writer no spreadsheet reads a formula from, and the workbook's sheet
// writer with its styles. The record of a show (data/record) and the
// campaign's report (data/campaign) lay out their lists with it.
package table
