package main

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"drawshow/data/record"
)

// TestVerifyAgainstPaper: verify holds a record to the commitment on the
// pre-show sheet and to chain heads printed on paper; a history re-hashed
// after a rewrite that keeps to every rule passes the chain and the fold,
// and only the paper catches it.
func TestVerifyAgainstPaper(t *testing.T) {
	t.Parallel()
	db, out := closedExport(t)
	var rec record.Record
	b, err := os.ReadFile(filepath.Join(out, record.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	rows, err := record.ReadJournalFile(filepath.Join(out, record.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	head := rows[len(rows)-1]
	anchor := strconv.FormatInt(head.Seq, 10) + ":" + head.Hash[:16]
	wrongC := strings.Repeat("ab", 32)
	var print string // the first bin's fingerprint as its intro showed it
	for _, r := range rows {
		var p struct {
			Segment string
			Frozen  struct{ Fingerprint string }
		}
		if r.Kind == "bin-frozen" && json.Unmarshal([]byte(r.Payload), &p) == nil && print == "" {
			print = p.Segment + ":" + p.Frozen.Fingerprint[:16]
		}
	}

	for _, target := range [][]string{{out}, {"--db", db}} {
		if stdout, stderr, err := drawshow(t, "", append([]string{"verify", "--commitment", rec.Commitment, "--anchor", anchor, "--fingerprint", print}, target...)...); err != nil || !strings.Contains(stdout, "paper OK: the commitment matches; 1 anchor(s) and 1 fingerprint(s) hold") {
			t.Errorf("verify %v against the right paper: %v\n%s%s", target, err, stdout, stderr)
		}
		wantMismatches(t, append([]string{"verify", "--commitment", wrongC}, target...), "the commitment on paper, "+wrongC+", is not the record's")
		wantMismatches(t, append([]string{"verify", "--anchor", strconv.FormatInt(head.Seq, 10) + ":0000000000000000"}, target...), "was rewritten since the paper was printed")
		wantMismatches(t, append([]string{"verify", "--anchor", "99999:" + head.Hash[:16]}, target...), "the record has no row 99999")
		seg, _, _ := strings.Cut(print, ":")
		wantMismatches(t, append([]string{"verify", "--fingerprint", seg + ":0123456789abcdef"}, target...), "it is not the bin the room saw frozen")
		wantMismatches(t, append([]string{"verify", "--fingerprint", "no-such-draw:0123456789abcdef"}, target...), "the record froze no bin of no-such-draw")
	}
	// the report prints the chain head at close, as verify takes it
	txt, err := exec.Command("pdftotext", "-layout", filepath.Join(out, record.ReportPDF), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	// and each list's file hash, as the pre-show sheet gives them
	for _, name := range []string{"exclusions.csv", "register.csv", "proxies.csv"} {
		b, err := os.ReadFile(filepath.Join(filepath.Dir(crashShow), name))
		if err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(b); !strings.Contains(string(txt), hex.EncodeToString(sum[:])) {
			t.Errorf("report.pdf does not print the SHA-256 of %s", name)
		}
	}
	printed := record.Anchor(head.Seq, head.Hash)
	if !strings.Contains(string(txt), printed) {
		t.Fatalf("report.pdf does not print the chain head %q:\n%s", printed, txt)
	}
	seqText, hexText, _ := strings.Cut(strings.TrimPrefix(printed, "record "), " · ")
	if stdout, stderr, err := drawshow(t, "", "verify", "--db", db, "--anchor", seqText+":"+hexText); err != nil {
		t.Errorf("verify with the anchor as printed (%s:%s): %v\n%s%s", seqText, hexText, err, stdout, stderr)
	}
	if _, stderr, err := drawshow(t, "", "verify", "--anchor", "12:abc", out); err == nil || !strings.Contains(stderr+err.Error(), "at least 16 hex digits") {
		t.Errorf("a short anchor: %v %s", err, stderr)
	}

	// an insider rewrites the proxy's name and re-hashes the chain from there
	forged := copyDB(t, db)
	raw, err := sql.Open("sqlite3", "file:"+forged)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	mustExec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	mustExec(`DROP TRIGGER journal_no_update`)
	var seq int64
	if err := raw.QueryRow(`SELECT seq FROM journal WHERE kind = 'pick-decided' AND payload LIKE '%Lindiwe Dube%'`).Scan(&seq); err != nil {
		t.Fatal(err)
	}
	mustExec(`UPDATE journal SET payload = REPLACE(payload, 'Lindiwe Dube', 'Lindiwe Dlamini') WHERE seq = ?`, seq)
	var prev []byte
	if err := raw.QueryRow(`SELECT hash FROM journal WHERE seq = ?`, seq-1).Scan(&prev); err != nil {
		t.Fatal(err)
	}
	q, err := raw.Query(`SELECT seq, at, kind, payload FROM journal WHERE seq >= ? ORDER BY seq`, seq)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		seq            int64
		at, kind, body string
	}
	var rest []row
	for q.Next() {
		var r row
		q.Scan(&r.seq, &r.at, &r.kind, &r.body)
		rest = append(rest, r)
	}
	q.Close()
	for _, r := range rest {
		h := record.Chain(prev, record.Canonical(r.seq, r.at, r.kind, []byte(r.body)))
		mustExec(`UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?`, prev, h, r.seq)
		prev = h
	}
	raw.Close()
	if stdout, stderr, err := drawshow(t, "", "verify", "--db", forged); err != nil {
		t.Fatalf("the re-hashed rewrite keeps to the rules, yet verify --db refused it without paper: %v\n%s%s", err, stdout, stderr)
	}
	wantMismatches(t, []string{"verify", "--db", forged, "--anchor", anchor}, "anchor "+strconv.FormatInt(head.Seq, 10)+":"+head.Hash[:16]+": row "+strconv.FormatInt(head.Seq, 10)+" hashes to "+hex.EncodeToString(prev)[:16])
}
