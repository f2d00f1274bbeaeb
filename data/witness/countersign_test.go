package witness_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/sumdb/note"

	"drawshow/data/witness"
	"drawshow/show"
	"drawshow/show/keys"
)

// witnessedNight is a night whose feed asks the auditor's witness to
// countersign, and whose follower holds the auditor's key.
func witnessedNight(t testing.TB) *night {
	t.Helper()
	showKey, err := keys.Derive("show", []byte("the show's secret"))
	if err != nil {
		t.Fatal(err)
	}
	auditor, err := keys.Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return newNightOf(t, &night{showKey: showKey, auditor: auditor})
}

// within is a context for a wait that ends when the witness answers;
// its minute is only a bound on a broken test, never a measure.
func within(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func (n *night) head(t testing.TB) (int64, string) {
	t.Helper()
	seq, hash, err := n.db.Head()
	if err != nil {
		t.Fatal(err)
	}
	return seq, hash
}

// TestWitnessCountersigns: the follower countersigns the show's head
// with the auditor's key and its own clock; the note carries both
// signatures, and the witness file keeps it, the show's key and each
// row's receive time.
func TestWitnessCountersigns(t *testing.T) {
	n := witnessedNight(t)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpDraw, show.OpClaim)
	seq, hash := n.head(t)
	c, err := n.feed.Load().Countersigned(within(t), seq)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if c.Seq != seq || c.Hash != hash {
		t.Fatalf("countersigned row %d %s, want the head %d %s", c.Seq, c.Hash, seq, hash)
	}
	again, err := show.OpenCosigned(c.Note, n.showKey.Public(), n.auditor.Public())
	if err != nil || again.Checkpoint != c.Checkpoint {
		t.Fatalf("the note does not open with both keys: %v", err)
	}
	other, _ := keys.Generate("auditor", rand.Reader)
	if _, err := show.OpenCosigned(c.Note, n.showKey.Public(), other.Public()); err == nil {
		t.Error("the countersignature verified with another auditor's key")
	}
	n.do(t, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err != nil {
		t.Fatalf("follow: %v\n%s", err, log.String())
	}
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var heads, cosigned, stamped, rows int
	var last show.Cosigned
	for _, l := range lines {
		switch {
		case l.Head != nil && l.Head.Key == n.showKey.Public().String():
			heads++
		case l.Cosigned != nil:
			cosigned++
			last = *l.Cosigned
		case l.Row != nil:
			rows++
			if _, err := time.Parse(time.RFC3339Nano, l.At); err == nil {
				stamped++
			}
		}
	}
	end, _ := n.head(t)
	if heads != 1 || cosigned < 2 || stamped != rows || last.Seq != end {
		t.Fatalf("the witness file holds %d head(s) with the show's key, %d countersigned checkpoint(s) (the last at row %d, the close %d), %d of %d rows with a receive time", heads, cosigned, last.Seq, end, stamped, rows)
	}
}

// TestWitnessAnswersEachPickOnce: the auditor's VRF output on a pick's
// row verifies with the auditor's key; asked again, it is the same; the
// same pick asked on another row is refused, as a re-roll, and the
// witness keeps the alarm.
func TestWitnessAnswersEachPickOnce(t *testing.T) {
	n := witnessedNight(t)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpFreeze)
	seq, hash := n.head(t)
	f := n.feed.Load()
	if _, err := f.Countersigned(within(t), seq); err != nil {
		t.Fatal(err)
	}
	ask := witness.Ask{Show: n.ss.ID, Draw: "draw", K: 0, Seq: seq, Hash: hash}
	p, err := f.Prove(within(t), ask)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	h, _ := hex.DecodeString(hash)
	proof, _ := hex.DecodeString(p.Proof)
	beta, err := n.auditor.Public().Verify(show.VRFInput(n.ss.ID, "draw", 0, seq, [32]byte(h)), proof)
	if err != nil || hex.EncodeToString(beta) != p.Beta {
		t.Fatalf("the proof does not verify: %v", err)
	}
	n.stop() // the program restarts: its feed forgets what it asked
	n.start(t)
	f = n.feed.Load()
	if p2, err := f.Prove(within(t), ask); err != nil || p2.Beta != p.Beta {
		t.Fatalf("asked again: %v, %v; want the same output", p2.Beta, err)
	}
	n.do(t, show.OpDraw)
	seq2, hash2 := n.head(t)
	if _, err := f.Countersigned(within(t), seq2); err != nil {
		t.Fatal(err)
	}
	_, err = f.Prove(within(t), witness.Ask{Show: n.ss.ID, Draw: "draw", K: 0, Seq: seq2, Hash: hash2})
	if err == nil || !strings.Contains(err.Error(), "refused") || !strings.Contains(err.Error(), "answered once") {
		t.Fatalf("the same pick on another row: %v", err)
	}
	n.do(t, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err == nil {
		t.Fatal("the follower ended with no error after refusing a re-roll")
	}
	lines, _ := witness.ReadFile(out)
	hashes, _ := recordHash(t, n.db)
	if p := strings.Join(witness.Check(lines, hashes), "\n"); !strings.Contains(p, "refused") {
		t.Errorf("Check does not name the refusal: %s", p)
	}
}

// TestWitnessSignsOneHistory: the follower countersigns the pick's row;
// the insider puts back the database from before the draw and draws
// again. The witness countersigns nothing of the new branch, so the
// show cannot have it countersigned, and it gives no VRF output on it.
func TestWitnessSignsOneHistory(t *testing.T) {
	n := witnessedNight(t)
	n.do(t, show.OpFreeze)
	snap := filepath.Join(n.dir, "frozen.db")
	if err := n.db.Backup(snap); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpDraw)
	seq, _ := n.head(t)
	if _, err := n.feed.Load().Countersigned(within(t), seq); err != nil {
		t.Fatal(err)
	}

	n.stop() // kill -9, and the copy put back
	for _, p := range []string{n.dbPath + "-wal", n.dbPath + "-shm"} {
		os.Remove(p)
	}
	if err := os.Rename(snap, n.dbPath); err != nil {
		t.Fatal(err)
	}
	n.start(t)
	n.clock = n.clock.Add(time.Minute)
	n.do(t, show.OpDraw, show.OpClaim)
	seq2, hash2 := n.head(t)
	f := n.feed.Load()
	_, err := f.Prove(within(t), witness.Ask{Show: n.ss.ID, Draw: "draw", K: 1, Seq: seq2, Hash: hash2})
	if err == nil || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("an ask on the new branch: %v", err)
	}
	if c, err := f.Countersigned(within(t), seq2); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("the new branch was countersigned: %+v %v", c, err)
	}
	n.do(t, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err == nil {
		t.Fatal("follow ended with no error on a second history")
	}
	if !strings.Contains(log.String(), "ALARM: refused") {
		t.Errorf("the follower did not say it refused:\n%s", log.String())
	}
}

// countersignedNight is a whole countersigned night: the follower holds
// the auditor's key, countersigns each checkpoint and gives one VRF
// output, on the freeze; it returns the witness file's lines and the
// record they are held to, with the show file's auditor's key.
func countersignedNight(t *testing.T) (*night, []witness.Line, witness.Record) {
	t.Helper()
	n := witnessedNight(t)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpFreeze)
	seq, hash := n.head(t)
	f := n.feed.Load()
	if _, err := f.Countersigned(within(t), seq); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Prove(within(t), witness.Ask{Show: n.ss.ID, Draw: "draw", K: 0, Seq: seq, Hash: hash}); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	n.do(t, show.OpDraw, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err != nil {
		t.Fatalf("follow: %v\n%s", err, log.String())
	}
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := recordHash(t, n.db)
	rec.Auditor = n.auditor.Public()
	return n, lines, rec
}

// TestCheckHoldsTheCountersignatures: a countersigned night's witness
// file holds against the record and the auditor's key; a file whose
// last countersignature is another key's, whose signed note or line
// was edited, cut before its last countersignature, with none at all,
// or whose VRF output was changed, is refused, naming the row (issue
// 43: each passed as "witness OK"). Without the auditor's key the same
// files are held as before, to their rows alone.
func TestCheckHoldsTheCountersignatures(t *testing.T) {
	n, lines, rec := countersignedNight(t)
	if p := witness.Check(lines, rec); len(p) > 0 {
		t.Fatalf("the countersigned night's witness: %q", p)
	}
	cs, last, proofs := witness.Cosigns(lines)
	if cs < 2 || last != rec.Rows[len(rec.Rows)-1] || proofs != 1 {
		t.Fatalf("%d countersigned checkpoint(s) to row %d, %d VRF output(s); the close is row %d", cs, last, proofs, rec.Rows[len(rec.Rows)-1])
	}
	lastCosigned, before := -1, int64(0) // the last countersignature, and the row of the one before
	for i, l := range lines {
		if l.Cosigned != nil {
			if lastCosigned >= 0 {
				before = lines[lastCosigned].Cosigned.Seq
			}
			lastCosigned = i
		}
	}
	proofAt := slices.IndexFunc(lines, func(l witness.Line) bool { return l.Proof != nil })
	if lastCosigned < 0 || proofAt < 0 {
		t.Fatal("no countersigned checkpoint or VRF output in the file")
	}
	closeSeq := lines[lastCosigned].Cosigned.Seq
	// edit gives a copy of the lines with line i changed by fn
	edit := func(i int, fn func(*witness.Line)) []witness.Line {
		out := slices.Clone(lines)
		l := out[i]
		if l.Cosigned != nil {
			c := *l.Cosigned
			l.Cosigned = &c
		}
		if l.Proof != nil {
			p := *l.Proof
			l.Proof = &p
		}
		fn(&l)
		out[i] = l
		return out
	}
	other, err := keys.Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	otherCosigned := edit(lastCosigned, func(l *witness.Line) {
		signed, err := l.Cosigned.Checkpoint.Sign(n.showKey)
		if err != nil {
			t.Fatal(err)
		}
		nt, err := note.Open([]byte(signed), note.VerifierList(n.showKey.Public().Verifier()))
		if err != nil {
			t.Fatal(err)
		}
		b, err := note.Sign(nt, other.Cosigner(time.Now()))
		if err != nil {
			t.Fatal(err)
		}
		l.Cosigned.Note = string(b)
	})
	seqLine := fmt.Sprintf("\n%d\n", closeSeq)
	editedNote := edit(lastCosigned, func(l *witness.Line) {
		l.Cosigned.Note = strings.Replace(l.Cosigned.Note, seqLine, fmt.Sprintf("\n%d\n", closeSeq+1), 1)
	})
	prev, _ := rec.Hash(closeSeq - 1)
	editedLine := edit(lastCosigned, func(l *witness.Line) { l.Cosigned.Hash = prev })
	noCosigned := slices.DeleteFunc(slices.Clone(lines), func(l witness.Line) bool { return l.Cosigned != nil })
	beta := edit(proofAt, func(l *witness.Line) {
		b := []byte(l.Proof.Beta)
		b[0] = "01"[map[bool]int{true: 1}[b[0] == '0']]
		l.Proof.Beta = string(b)
	})
	draw := fmt.Sprintf("draw pick 1, asked on row %d (bin-frozen)", lines[proofAt].Proof.Seq)
	for _, c := range []struct {
		name  string
		lines []witness.Line
		want  []string
	}{
		{"countersigned by another key", otherCosigned, []string{
			fmt.Sprintf("the countersigned checkpoint of row %d (show-closed): its note carries no countersignature of the auditor's key %s: it was countersigned by another key, or by none", closeSeq, n.auditor.Public()),
			fmt.Sprintf("the auditor's last countersigned checkpoint is of row %d (", before),
			fmt.Sprintf("the show goes on to its show-closed at row %d: the rows after it were not countersigned", closeSeq),
		}},
		{"the note's seq edited", editedNote, []string{
			fmt.Sprintf("the countersigned checkpoint of row %d (show-closed): its note does not verify (", closeSeq),
			"it was edited after it was signed",
		}},
		{"the line's hash edited", editedLine, []string{
			fmt.Sprintf("the countersigned checkpoint of row %d (show-closed): the line says row %d hash %s; its signed note says row %d hash %s: the line was edited after it was signed",
				closeSeq, closeSeq, prev, closeSeq, lines[lastCosigned].Cosigned.Hash),
		}},
		{"cut before the last countersignature", lines[:lastCosigned], []string{
			fmt.Sprintf("the auditor's last countersigned checkpoint is of row %d (", before),
			fmt.Sprintf("the show goes on to its show-closed at row %d: the rows after it were not countersigned (a file cut short, or a follower that left)", closeSeq),
		}},
		{"no countersignature", noCosigned, []string{
			fmt.Sprintf("the witness file holds no countersigned checkpoint: the show file names the auditor's key %s, so the auditor's follower (drawshow follow --key) countersigns show %s to its show-closed at row %d", n.auditor.Public(), rec.Show, closeSeq),
		}},
		{"a VRF output changed", beta, []string{
			"the witness's VRF output for " + draw + ": its output is " + beta[proofAt].Proof.Beta + ", but its proof's is " + lines[proofAt].Proof.Beta + ": the output was changed after the auditor made it",
		}},
	} {
		p := witness.Check(c.lines, rec)
		text := strings.Join(p, "\n")
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q\nwant %q", c.name, p, w)
			}
		}
		t.Logf("%s:\n%s", c.name, text)
		// a show that names no auditor's key: the rows alone, as before
		plain := rec
		plain.Auditor = keys.Public{}
		if p := witness.Check(c.lines, plain); len(p) > 0 {
			t.Errorf("%s, with no auditor's key: %q", c.name, p)
		}
	}
	// the record rewritten at a row the auditor gave a VRF output on
	pr := lines[proofAt].Proof
	rewritten := rec
	rewritten.Hash = func(seq int64) (string, bool) {
		if seq == pr.Seq {
			return strings.Repeat("0", 64), true
		}
		return rec.Hash(seq)
	}
	want := fmt.Sprintf("the auditor's VRF output for draw pick 1 was given on row %d (bin-frozen) as hash %s; the record holds %s there: the record was rewritten after the auditor answered", pr.Seq, pr.Hash, strings.Repeat("0", 64))
	if p := witness.Check(lines, rewritten); !slices.Contains(p, want) {
		t.Errorf("a record rewritten at the VRF output's row: %q\nwant %q", p, want)
	}
}
