package witness

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/mod/sumdb/note"

	"drawshow/show"
	"drawshow/show/keys"
)

// countersigned holds a countersigning follower's witness file to the
// record of a show whose file names the auditor's key (rec.Auditor):
// one key of the show's checkpoints, from the file's head line; every
// countersigned checkpoint opens with it and the auditor's key, is the
// show's, and is the record's row; the countersignatures reach the
// show's show-closed (or, of a show not closed, the last row the
// witness holds); and every VRF output verifies with the auditor's key
// on a row the record holds. held are the show's rows the witness holds.
func countersigned(lines []Line, rec Record, held map[int64]bool) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	kinds := map[int64]string{} // the rows' kinds, as the witness holds them
	var showKeys []string
	n := 0
	for _, l := range lines {
		switch {
		case l.Row != nil && l.Row.Show == rec.Show:
			kinds[l.Row.Seq] = l.Row.Kind
		case l.Head != nil && l.Head.Key != "" && !slices.Contains(showKeys, l.Head.Key):
			showKeys = append(showKeys, l.Head.Key)
		case l.Cosigned != nil:
			n++
		}
	}
	row := func(seq int64) string {
		if k := kinds[seq]; k != "" {
			return fmt.Sprintf("row %d (%s)", seq, k)
		}
		return fmt.Sprintf("row %d", seq)
	}
	var showKey keys.Public
	switch {
	case len(showKeys) == 0 && n > 0:
		bad("the witness file names no key of the show's checkpoints (it has no head line with one): its %d countersigned checkpoint(s) cannot be opened", n)
	case len(showKeys) > 1:
		bad("the witness file names %d keys of the show's checkpoints (%s): a show signs its checkpoints with one key, and a checkpoint of another is not its", len(showKeys), strings.Join(showKeys, ", "))
	}
	if len(showKeys) > 0 {
		k, err := keys.ParsePublic(showKeys[0])
		if err != nil {
			bad("the witness file's key of the show's checkpoints: %v", err)
		}
		showKey = k
	}

	// each countersigned checkpoint: the first that does not hold is
	// named, and how many more (a key pinned that is not the show's
	// fails them all)
	reach := int64(0) // the last row a checkpoint that holds was countersigned at
	var failed []string
	for _, l := range lines {
		if l.Cosigned == nil || showKey.IsZero() {
			continue
		}
		c := l.Cosigned
		if p := openProblem(c, showKey, rec.Auditor); p != "" {
			failed = append(failed, fmt.Sprintf("the countersigned checkpoint of %s: %s", row(c.Seq), p))
			continue
		}
		h, ok := rec.Hash(c.Seq)
		switch {
		case c.Show != rec.Show:
			failed = append(failed, fmt.Sprintf("the countersigned checkpoint of %s is of show %s, not %s: it is another show's countersignature", row(c.Seq), c.Show, rec.Show))
		case !ok:
			failed = append(failed, fmt.Sprintf("%s, hash %s: the auditor countersigned it, the record does not hold it: the record was rolled back after the auditor countersigned it", row(c.Seq), c.Hash))
		case h != c.Hash:
			failed = append(failed, fmt.Sprintf("%s: the auditor countersigned hash %s, the record holds %s: the record was rewritten after the auditor countersigned it", row(c.Seq), c.Hash, h))
		default:
			reach = max(reach, c.Seq)
		}
	}
	if len(failed) > 0 {
		bad("%s%s", failed[0], more(len(failed)-1, "countersigned checkpoint(s) that do not hold"))
	}

	// how far the countersignatures must reach: the show's close, or the
	// last of its rows the witness holds
	upTo, to := int64(0), ""
	if rec.Closed && len(rec.Rows) > 0 {
		upTo = rec.Rows[len(rec.Rows)-1]
		to = fmt.Sprintf("its show-closed at row %d", upTo)
	} else {
		for s := range held {
			upTo = max(upTo, s)
		}
		to = fmt.Sprintf("row %d, the last of its rows the witness holds", upTo)
	}
	switch {
	case upTo == 0: // the witness holds nothing of the show: named as unseen
	case n == 0:
		bad("the witness file holds no countersigned checkpoint: the show file names the auditor's key %s, so the auditor's follower (drawshow follow --key) countersigns show %s to %s; this file was kept without that key, or cut before its first countersignature", rec.Auditor, rec.Show, to)
	case reach == 0:
		bad("none of the witness file's %d countersigned checkpoint(s) holds: nothing of show %s, to %s, is countersigned by the auditor's key %s", n, rec.Show, to, rec.Auditor)
	case reach < upTo:
		bad("the auditor's last countersigned checkpoint is of %s; the show goes on to %s: the rows after it were not countersigned (a file cut short, or a follower that left)", row(reach), to)
	}

	failed = nil
	for _, l := range lines {
		if p := l.Proof; p != nil {
			failed = append(failed, proofProblems(p, rec, row)...)
		}
	}
	if len(failed) > 0 {
		bad("%s%s", failed[0], more(len(failed)-1, "VRF output(s) that do not hold"))
	}
	return out
}

// more is " (and n more what)", or "" for none.
func more(n int, what string) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (and %d more %s)", n, what)
}

// openProblem says why a countersigned line does not hold as the show's
// checkpoint countersigned by the auditor, or "" when it holds: its note
// must carry the show's signature and the auditor's cosignature, and the
// line must say what its note says.
func openProblem(c *show.Cosigned, showKey, auditor keys.Public) string {
	_, err := note.Open([]byte(c.Note), note.VerifierList(showKey.Verifier()))
	var unverified *note.UnverifiedNoteError
	switch {
	case errors.As(err, &unverified):
		return fmt.Sprintf("its note is not signed by the show's checkpoint key %s: it is not a checkpoint the show signed", showKey)
	case err != nil:
		return fmt.Sprintf("its note does not verify (%v): it was edited after it was signed", err)
	}
	got, err := show.OpenCosigned(c.Note, showKey, auditor)
	if err != nil {
		return fmt.Sprintf("its note carries no countersignature of the auditor's key %s: it was countersigned by another key, or by none", auditor)
	}
	switch {
	case got.Checkpoint != c.Checkpoint:
		of := func(c show.Checkpoint) string {
			if got.Show != c.Show {
				return fmt.Sprintf("show %s row %d hash %s", c.Show, c.Seq, c.Hash)
			}
			return fmt.Sprintf("row %d hash %s", c.Seq, c.Hash)
		}
		return fmt.Sprintf("the line says %s; its signed note says %s: the line was edited after it was signed", of(c.Checkpoint), of(got.Checkpoint))
	case got.At != c.At:
		return fmt.Sprintf("the line says it was countersigned at %s, its cosignature at %s: the line was edited after it was signed", c.At, got.At)
	}
	return ""
}

// proofProblems says why a VRF output in the witness file does not
// hold: it must verify with the auditor's key on its ask's input, and be
// of a row of the show the record holds with the hash it was asked on.
func proofProblems(p *Proof, rec Record, row func(int64) string) []string {
	pick := fmt.Sprintf("%s pick %d", p.Draw, p.K+1)
	if p.Show != rec.Show {
		return []string{fmt.Sprintf("the witness's VRF output for %s is of show %s, not %s: it is another show's", pick, p.Show, rec.Show)}
	}
	var out []string
	if why := proofFails(p, rec.Auditor); why != "" {
		out = append(out, fmt.Sprintf("the witness's VRF output for %s, asked on %s: %s", pick, row(p.Seq), why))
	}
	switch h, ok := rec.Hash(p.Seq); {
	case !ok:
		out = append(out, fmt.Sprintf("the auditor's VRF output for %s was given on %s, hash %s, which the record does not hold: the record was rolled back after the auditor answered", pick, row(p.Seq), p.Hash))
	case h != p.Hash:
		out = append(out, fmt.Sprintf("the auditor's VRF output for %s was given on %s as hash %s; the record holds %s there: the record was rewritten after the auditor answered", pick, row(p.Seq), p.Hash, h))
	}
	return out
}

// proofFails says why p's output does not verify with auditor's key on
// its ask's input, or "" when it does.
func proofFails(p *Proof, auditor keys.Public) string {
	_, err := p.VRF().Check(auditor, p.Show, p.Draw, p.K)
	var proof *show.VRFProofError
	var output *show.VRFOutputError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &proof):
		return err.Error() + ": the auditor's key did not make it"
	case errors.As(err, &output):
		return err.Error() + ": the output was changed after the auditor made it"
	}
	return err.Error()
}

// Cosigns is what of a witness file's countersignatures holds for verify
// to say: how many checkpoints are countersigned, the last row one is
// of, and how many VRF outputs the witness gave.
func Cosigns(lines []Line) (checkpoints int, last int64, proofs int) {
	for _, l := range lines {
		switch {
		case l.Cosigned != nil:
			checkpoints++
			last = max(last, l.Cosigned.Seq)
		case l.Proof != nil:
			proofs++
		}
	}
	return checkpoints, last, proofs
}
