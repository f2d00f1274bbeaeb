// Package paper makes the documents people hold in their hands: the
// pre-show sheet (what the auditor signs before the first draw: the show
// file, every file's SHA-256, the commitment) and a player's statement
// (every bin a card was in, with its entries and the odds), both read
// from the store. Their PDF layout is in data/record.
package paper
