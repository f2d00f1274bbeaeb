// Package data holds no code of its own, only the end-to-end tests of its
// packages together: a show played on a real SQLite database through
// data/session, then exported, archived, verified, tampered with and
// verified again (data/export, data/paper, data/verify, data/store).
// session, export and paper are tested here, through the same rigs (a
// fixture show, a campaign, the finales), not beside their code; entries,
// store, record and verify also have tests of their own.
package data
