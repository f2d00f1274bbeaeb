// Package paper makes the documents people hold in their hands: the
// pre-show sheet (what the auditor signs before the first draw: the show
// file, every file's SHA-256, the commitment) and a player's statement
// (every bin a card was in, with its entries and the odds), both read
// from the store, and the sheet's PDF (WriteSheetPDF). The A4 page they
// share with the report is data/internal/pdfpage.
package paper
