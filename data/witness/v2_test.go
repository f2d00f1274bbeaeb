package witness_test

import (
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/session"
	"drawshow/data/witness"
	"drawshow/show"
)

// v2Night is a night whose show file names the auditor's key: its picks
// are drawshow-v2's, through the feed, each step waiting for the
// witness at most wait.
func v2Night(t testing.TB, wait time.Duration) *night {
	t.Helper()
	n := witnessedNight(t)
	n.stop()
	return newNightOf(t, &night{showKey: n.showKey, auditor: n.auditor, v2: true, wait: wait})
}

// kinds are the kinds of the journal's rows of the show, in order.
func (n *night) kinds(t testing.TB) []string {
	t.Helper()
	rows, err := n.db.RowsFrom(1, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r.Kind)
	}
	return out
}

// TestV2NoFollowerNoPick is the first attack of issue 43: with no
// follower, the insider draws, sees the winner, restores and draws
// again. Under drawshow-v2 there is nothing to see: with no witness the
// draw freezes and stops, WITNESS NOT ANSWERING, and nothing is drawn.
// Once the follower comes, the same draw goes on, countersigned.
func TestV2NoFollowerNoPick(t *testing.T) {
	// no follower: the wait must end, and its length decides nothing
	n := v2Night(t, 50*time.Millisecond)
	_, err := n.ss.Do(show.Command{Op: show.OpDraw, Early: true}, nil)
	var silent *session.WitnessSilent
	if !errors.As(err, &silent) || !strings.Contains(err.Error(), "WITNESS NOT ANSWERING") {
		t.Fatalf("a draw with no follower: %v", err)
	}
	if k := strings.Join(n.kinds(t), " "); strings.Contains(k, "pick-drawn") || !strings.HasSuffix(k, "bin-frozen") {
		t.Fatalf("the journal after a draw with no witness: %s", k)
	}
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.ss.WitnessWait = time.Minute // a bound on a broken test only: the follower answers when it can
	n.do(t, show.OpDraw)
	k := strings.Join(n.kinds(t), " ")
	if !strings.HasSuffix(k, "bin-frozen pick-drawn checkpoint-cosigned pick-announced") {
		t.Fatalf("the witnessed draw's rows: %s\n%s", k, log.String())
	}
	n.do(t, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err != nil {
		t.Fatalf("follow: %v\n%s", err, log.String())
	}
}

// TestV2PickIsTheWitnesss: the pick is keyed by the auditor's VRF output
// on the freeze, which the witness file keeps: a copy of the database,
// seed and all, could not have computed it ahead; drawshow-v1's pick
// from the same seed is another ticket.
func TestV2PickIsTheWitnesss(t *testing.T) {
	n := v2Night(t, time.Minute)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpDraw)
	seg := n.ss.Eng.State().CurSeg()
	p := seg.Last()
	if p.VRF == nil {
		t.Fatal("the pick carries no VRF output")
	}
	beta, _ := hex.DecodeString(p.VRF.Beta)
	kd := show.Key(make([]byte, 32), "")
	i, _ := show.ChooseV2(show.WitnessedKey(kd, beta), seg.Seg.ID, seg.Bin.Fingerprint, seg.Bin.Entries, 0, nil)
	v1, _ := show.Choose(kd, seg.Seg.ID, seg.Bin.Fingerprint, seg.Bin.Entries, 0, nil)
	if seg.Bin.Entries[i].Ticket != p.Ticket || seg.Bin.Entries[v1].Ticket == p.Ticket {
		t.Fatalf("the pick %s; keyed by the witness %s; by the seed alone %s", p.Ticket, seg.Bin.Entries[i].Ticket, seg.Bin.Entries[v1].Ticket)
	}
	n.do(t, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err != nil {
		t.Fatalf("follow: %v\n%s", err, log.String())
	}
	lines, _ := witness.ReadFile(out)
	var proved bool
	for _, l := range lines {
		proved = proved || l.Proof != nil && l.Proof.Beta == p.VRF.Beta && l.Proof.Seq == p.VRF.Seq
	}
	if !proved {
		t.Error("the witness file does not hold the VRF output the pick is keyed by")
	}
}

// TestV2RestoredDrawsTheSame is the second attack: the winner is seen,
// the program killed, the database put back to the freeze and the draw
// made again. The witness answers the pick as before, so the redraw
// draws the same winner; it refuses to countersign the second history,
// so the redraw is never shown, and the follower keeps the alarm.
func TestV2RestoredDrawsTheSame(t *testing.T) {
	n := v2Night(t, time.Minute)
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	n.follow(t, out, &log)
	n.do(t, show.OpFreeze)
	seq, _ := n.head(t)
	if _, err := n.feed.Load().Countersigned(within(t), seq); err != nil {
		t.Fatal(err)
	}
	snap := filepath.Join(n.dir, "frozen.db")
	if err := n.db.Backup(snap); err != nil {
		t.Fatal(err)
	}
	n.do(t, show.OpDraw)
	first := n.ss.Eng.State().CurSeg().Last().Ticket

	n.stop()
	for _, p := range []string{n.dbPath + "-wal", n.dbPath + "-shm"} {
		os.Remove(p)
	}
	if err := os.Rename(snap, n.dbPath); err != nil {
		t.Fatal(err)
	}
	n.start(t)
	n.clock = n.clock.Add(time.Minute)
	_, err := n.ss.Do(show.Command{Op: show.OpDraw}, nil)
	if err == nil || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("the redraw after the restore: %v; want the witness's refusal", err)
	}
	if again := n.ss.Eng.State().CurSeg().Last(); again == nil || again.Ticket != first || !again.Held {
		t.Fatalf("the redraw drew %+v; the first draw %s", again, first)
	}
	// the refusal reached the show in the follower's report, written to
	// its file before it was sent
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var alarms []string
	for _, l := range lines {
		if l.Alarm != nil {
			alarms = append(alarms, string(l.Alarm.Kind))
		}
	}
	if !slices.Contains(alarms, string(witness.Refused)) {
		t.Errorf("the witness file's alarms: %v; want the refusal kept\n%s", alarms, log.String())
	}
}

// TestV2ResumedHeldPickIsCountersigned: the program restarted with a
// pick drawn and held back, not yet countersigned (the stage announces
// after its reel). Its announce after the restart waits for the witness
// and is countersigned, as before the restart: the resumed session,
// which has written nothing yet, countersigns the record's head.
func TestV2ResumedHeldPickIsCountersigned(t *testing.T) {
	n := v2Night(t, time.Minute) // the minute bounds a broken test only
	out := filepath.Join(t.TempDir(), "witness.jsonl")
	var log strings.Builder
	done := n.follow(t, out, &log)
	n.do(t, show.OpFreeze, show.OpPick)
	if p := n.ss.Eng.State().CurSeg().Last(); p == nil || !p.Held {
		t.Fatalf("the pick before the restart: %+v", p)
	}
	n.stop()
	n.start(t)
	n.do(t, show.OpAnnounce)
	k := strings.Join(n.kinds(t), " ")
	if !strings.HasSuffix(k, "pick-drawn checkpoint-cosigned pick-announced") {
		t.Fatalf("the announce after the restart: %s\n%s", k, log.String())
	}
	n.do(t, show.OpClaim, show.OpDraw, show.OpClaim, show.OpClose)
	if err := <-done; err != nil {
		t.Fatalf("follow: %v\n%s", err, log.String())
	}
}
