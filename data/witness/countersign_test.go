package witness_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/witness"
	"drawshow/show"
	"drawshow/show/keys"
)

// witnessedNight is a night whose feed asks the auditor's witness to
// countersign, and whose follower holds the auditor's key.
func witnessedNight(t *testing.T) *night {
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
func within(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func (n *night) head(t *testing.T) (int64, string) {
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
