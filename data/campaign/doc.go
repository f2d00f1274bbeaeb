// Package campaign is the campaign's report: every show of a campaign
// database side by side (ShowOf makes a show's line from its record.Set),
// the campaign's workbook and PDF (WriteCampaign), its finalists
// (finalists.csv) and the prize desk's book (Desk: every prize owed, and
// what the desk recorded of it), and what a show carries from the
// campaign's earlier shows (CarryOver, read from the database's rows).
// data/record stays the record of one show; data/desk reads the desk's
// book from the database.
//
// A new column of the campaign's workbook is one entry in its table in
// xlsx.go; its meaning is documented in docs/record.md.
package campaign
