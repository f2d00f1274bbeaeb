//go:build unix

package main

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/record"
	"drawshow/show/keys"
)

// strictShow is an official night whose every action line holds
// whatever its seed: one draw of two winners over 30 tickets.
const strictShow = `promotion: Strict Night
property: Gold Reef City
timezone: Africa/Johannesburg
segments:
  - id: cash
    title: Cash Draw
    at: "2024-11-30T21:30"
    entries: entries.csv
    columns: {ticket: Ticket No}
    tickets: per-row
    winners: 2
    prizes: ["R5 000"]
`

// officialNight runs the strict night, official, to its action line n
// (all of it, to the close, for n < 0), on a new database, and returns
// the database's path.
func officialNight(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	var e strings.Builder
	e.WriteString("Ticket No,Card,Name\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&e, "%d,60010001%08d,Player %d\n", 100000+i, i%10, i)
	}
	writeFile(t, dir, "entries.csv", e.String())
	// an official show runs on its own night, on the machine's clock:
	// its draw a minute ago
	jhb, err := time.LoadLocation("Africa/Johannesburg")
	if err != nil {
		t.Fatal(err)
	}
	show := writeFile(t, dir, "show.yaml", strings.Replace(strictShow, "2024-11-30T21:30", time.Now().In(jhb).Add(-time.Minute).Format("2006-01-02T15:04"), 1))
	lines := []string{"draw", "claim", "draw", "claim", "close"}
	if n >= 0 {
		lines = lines[:n]
	}
	acts := writeFile(t, dir, "actions.txt", strings.Join(lines, "\n")+"\n")
	db := filepath.Join(dir, "c.db")
	wantRun(t, 0, nil, "run", show, "--db", db, "--headless", "--actions", acts, "--no-witness")
	return db
}

// wantVerify runs verify and requires its exit status and a line of its
// standard output, where it names each mismatch, holding each of want.
func wantVerify(t *testing.T, code int, want []string, args ...string) {
	t.Helper()
	stdout, stderr, got := runProgram(t, programCmd(t, args...))
	if got != code || !hasLine(stdout, want...) {
		t.Fatalf("%s: exit status %d, want %d and a line saying %q\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), got, code, want, stdout, stderr)
	}
}

// TestVerifyDBRefusesAnOpenShow: verify --db of an official show not
// closed is a failure, its seed being secret; with --open it passes and
// says how the picks were checked.
func TestVerifyDBRefusesAnOpenShow(t *testing.T) {
	db := officialNight(t, 2)
	wantVerify(t, 1, []string{"is not closed: its 1 pick(s) were re-derived from the seed this copy holds", "--open"}, "verify", "--db", db)
	wantVerify(t, 0, []string{"note: show strict-night-" + today(t) + " is not closed: its 1 pick(s)"}, "verify", "--db", db, "--open")
}

// TestVerifyDBRefusesASeedlessForgedPick: the insider deletes the open
// show's secrets row and appends a pick of a friend's ticket, hashed into
// the chain as drawshow would. verify --db refuses the record; with
// --open it says the picks are unchecked.
func TestVerifyDBRefusesASeedlessForgedPick(t *testing.T) {
	db := officialNight(t, 2)
	s, err := sql.Open("sqlite3", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var seq int64
	var at, showID, seg string
	var prev []byte
	if err := s.QueryRow(`SELECT seq, at, show, hash, json_extract(payload, '$.segment') FROM journal WHERE kind = 'pick-drawn' ORDER BY seq DESC LIMIT 1`).Scan(&seq, &at, &showID, &prev, &seg); err != nil {
		t.Fatal(err)
	}
	// on the last row's time: the show ran on the machine's clock
	if err := s.QueryRow(`SELECT seq, at, hash FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&seq, &at, &prev); err != nil {
		t.Fatal(err)
	}
	// a friend's ticket, not the one drawn first
	var ticket, card string
	if err := s.QueryRow(`SELECT ticket, card FROM entries WHERE card <> (SELECT json_extract(payload, '$.pick.participant') FROM journal WHERE kind = 'pick-drawn') LIMIT 1`).Scan(&ticket, &card); err != nil {
		t.Fatal(err)
	}
	payload := fmt.Sprintf(`{"show":%q,"segment":%q,"pick":{"k":1,"ticket":%q,"participant":%q,"prize":"R5 000"}}`, showID, seg, ticket, card)
	h := record.Chain(prev, record.Canonical(seq+1, at, "pick-drawn", []byte(payload)))
	for _, q := range []string{`DELETE FROM secrets`,
		fmt.Sprintf(`INSERT INTO journal(seq, at, kind, payload, prev_hash, hash, show) VALUES (%d, '%s', 'pick-drawn', '%s', x'%s', x'%s', '%s')`,
			seq+1, at, payload, hex.EncodeToString(prev), hex.EncodeToString(h), showID)} {
		if _, err := s.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	s.Close()
	wantVerify(t, 1, []string{"this copy holds no seed of it", "taken as recorded, unchecked"}, "verify", "--db", db)
	wantVerify(t, 0, []string{"note: show strict-night-" + today(t) + " is not closed and this copy holds no seed of it: its 2 pick(s)"}, "verify", "--db", db, "--open")
}

// TestVerifyDBRefusesATruncatedJournal: the last rows of a closed show,
// its close among them, deleted, and the shows table made to agree: the
// show reads as open, and its seed (revealed in the close) is gone.
func TestVerifyDBRefusesATruncatedJournal(t *testing.T) {
	db := officialNight(t, -1)
	if err := editJournal(t, db, `DROP TRIGGER journal_no_delete`, `DELETE FROM journal WHERE seq > (SELECT MAX(seq) - 3 FROM journal)`,
		`DELETE FROM secrets`, `UPDATE shows SET closed_at = NULL`); err != nil {
		t.Fatal(err)
	}
	wantVerify(t, 1, []string{"is not closed and this copy holds no seed of it"}, "verify", "--db", db)
}

// TestVerifyDBCommitmentNamesItsShow: in a database of two shows, a
// commitment binds to the show --show names, and is refused without it.
func TestVerifyDBCommitmentNamesItsShow(t *testing.T) {
	db := officialNight(t, -1)
	dir := filepath.Dir(db)
	other := writeFile(t, dir, "rehearsal-actions.txt", "draw early\n")
	wantRun(t, 0, nil, "run", filepath.Join(dir, "show.yaml"), "--db", db, "--headless", "--actions", other, "--rehearsal", "--clock", testClock)
	s, err := sql.Open("sqlite3", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ids := map[bool]string{}
	commit := map[bool]string{}
	rows, err := s.Query(`SELECT show, json_extract(payload, '$.opened.commitment'), json_extract(payload, '$.opened.rehearsal') FROM journal WHERE kind = 'show-opened'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, c string
		var reh bool
		rows.Scan(&id, &c, &reh)
		ids[reh], commit[reh] = id, c
	}
	rows.Close()
	if len(ids) != 2 {
		t.Fatalf("shows %v", ids)
	}
	wantRun(t, 1, []string{"holds 2 shows", "--show ID"}, "verify", "--db", db, "--open", "--commitment", commit[true])
	// a draw witness noted in the room is of one show too: another
	// show's witness of the same segment must not answer for it
	wantRun(t, 1, []string{"holds 2 shows", "--show ID"}, "verify", "--db", db, "--open", "--draw-witness", "cash:3 5")
	// the rehearsal's commitment is not the official show's
	wantVerify(t, 1, []string{"is not the record's"}, "verify", "--db", db, "--open", "--show", ids[false], "--commitment", commit[true])
	wantVerify(t, 0, []string{"the commitment matches"}, "verify", "--db", db, "--open", "--show", ids[false], "--commitment", commit[false])

	// an archive of one of the two: its database copy's journal is the
	// whole campaign's, as verify says (it said the show's own count)
	var all int
	if err := s.QueryRow(`SELECT COUNT(*) FROM journal`).Scan(&all); err != nil {
		t.Fatal(err)
	}
	zip := filepath.Join(dir, "official.zip")
	wantRun(t, 0, nil, "archive", "--db", db, "--show", ids[false], "--out", zip)
	wantVerify(t, 0, []string{fmt.Sprintf("database copy OK: journal of %d events, head ", all)}, "verify", zip)
}

// TestVerifyDBAnchorsList: verify --db --anchors reads the auditor's list
// of official shows; the show on it with its commitment and closing head
// passes, a list without it or with another commitment is refused
// (issue 43: an empty list passed), and a list that is not SHOW_ID
// COMMITMENT SEQ:HEX is refused with its line.
func TestVerifyDBAnchorsList(t *testing.T) {
	db := officialNight(t, -1)
	dir := filepath.Dir(db)
	s, err := sql.Open("sqlite3", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var commitment string
	var seq int64
	var head []byte
	if err := s.QueryRow(`SELECT json_extract(payload, '$.opened.commitment') FROM journal WHERE kind = 'show-opened'`).Scan(&commitment); err != nil {
		t.Fatal(err)
	}
	if err := s.QueryRow(`SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&seq, &head); err != nil {
		t.Fatal(err)
	}
	s.Close()
	id := "strict-night-" + today(t)
	good := writeFile(t, dir, "anchors.txt", fmt.Sprintf("# the auditor's official shows\n%s %s %d:%s\n", id, commitment, seq, hex.EncodeToString(head)[:16]))
	wantVerify(t, 0, []string{"journal OK"}, "verify", "--db", db, "--anchors", good)
	empty := writeFile(t, dir, "empty.txt", "# no show\n")
	wantVerify(t, 1, []string{"official show " + id + " is not on the auditor's list"}, "verify", "--db", db, "--anchors", empty)
	other := writeFile(t, dir, "other.txt", fmt.Sprintf("%s %s %d:%s\n", id, strings.Repeat("0", 64), seq, hex.EncodeToString(head)[:16]))
	wantVerify(t, 1, []string{"official show " + id + " has commitment " + commitment}, "verify", "--db", db, "--anchors", other)
	bad := writeFile(t, dir, "bad.txt", "strict-night 9:0123456789abcdef\n")
	if _, stderr, code := runProgram(t, programCmd(t, "verify", "--db", db, "--anchors", bad)); code != 1 || !strings.Contains(stderr, "anchors line 1") {
		t.Errorf("a bad list: exit %d, %s", code, stderr)
	}
}

// TestVerifyPinsTheAuditorKey: the auditor who expects a countersigned
// show pins the key they hold; an official show whose file names no
// auditor's key is refused, naming the key pinned. Without the flag,
// verify of such a show says nothing of keys, as before.
func TestVerifyPinsTheAuditorKey(t *testing.T) {
	db := officialNight(t, -1)
	k, err := keys.Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pub := k.Public().String()
	wantVerify(t, 1, []string{"MISMATCH: the show file names no auditor's key; the auditor holds " + pub + " (--auditor-key): the show was not set up to be countersigned by the auditor"},
		"verify", "--db", db, "--auditor-key", pub)
	if said := wantRun(t, 0, []string{"journal OK"}, "verify", "--db", db); strings.Contains(said, "auditor's key") {
		t.Errorf("verify of a show with no auditor's key speaks of one:\n%s", said)
	}
	wantRun(t, 2, []string{"auditor-key"}, "verify", "--db", db, "--auditor-key", pub[:len(pub)-2])
}
