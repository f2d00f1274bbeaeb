// Package e2e holds the flows that cross data's packages: a show played on
// a real SQLite database through data/session, then exported, archived,
// verified, tampered with and verified again (data/export, data/paper,
// data/verify, data/verifydb, data/store). Each package's own tests live
// beside its code; the rigs these share are in data/datatest.
package e2e
