package show

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"

	"drawshow/show/keys"
)

// A Checkpoint is a place in a show's journal as a signed note carries
// it, in the form of C2SP tlog-checkpoint:
//
//	drawshow/SHOW
//	SEQ
//	BASE64(chain head)
//
// SEQ is the seq of the journal's row there (a campaign's journal is
// one chain of every show's rows, so it is the chain's size), and the
// chain head is that row's hash. The show signs its checkpoints with a
// key of its own; the auditor's follower countersigns each it has
// checked against the rows it holds (keys.Key.Cosigner).
type Checkpoint struct {
	Show string `json:"show"`
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"` // the row's hash in hex
}

// origin names a show's checkpoints.
func origin(showID string) string { return "drawshow/" + showID }

// Text is the checkpoint's note text.
func (c Checkpoint) Text() (string, error) {
	h, err := hex.DecodeString(c.Hash)
	if err != nil || len(h) != 32 {
		return "", fmt.Errorf("checkpoint at row %d: the hash %q is not 64 hex digits", c.Seq, c.Hash)
	}
	return fmt.Sprintf("%s\n%d\n%s\n", origin(c.Show), c.Seq, base64.StdEncoding.EncodeToString(h)), nil
}

// ParseCheckpoint reads a checkpoint's note text.
func ParseCheckpoint(text string) (Checkpoint, error) {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) != 4 || lines[3] != "" {
		return Checkpoint{}, fmt.Errorf("a checkpoint is three lines (origin, seq, hash): %q", cut(text, 80))
	}
	show, ok := strings.CutPrefix(strings.TrimSuffix(lines[0], "\n"), "drawshow/")
	seqText, hashText := strings.TrimSuffix(lines[1], "\n"), strings.TrimSuffix(lines[2], "\n")
	seq, err := strconv.ParseInt(seqText, 10, 64)
	h, herr := base64.StdEncoding.DecodeString(hashText)
	// one text a checkpoint: no leading zeros, no other base64 of the hash
	canonical := err == nil && strconv.FormatInt(seq, 10) == seqText && herr == nil && base64.StdEncoding.EncodeToString(h) == hashText
	if !ok || show == "" || !canonical || seq < 1 || len(h) != 32 {
		return Checkpoint{}, fmt.Errorf("not a drawshow checkpoint: %q", cut(text, 80))
	}
	return Checkpoint{Show: show, Seq: seq, Hash: hex.EncodeToString(h)}, nil
}

// Sign is the checkpoint as a note signed by key.
func (c Checkpoint) Sign(key *keys.Key) (string, error) {
	text, err := c.Text()
	if err != nil {
		return "", err
	}
	b, err := note.Sign(&note.Note{Text: text}, key.Signer())
	return string(b), err
}

// A Cosigned is a checkpoint the show signed and the auditor's key
// countersigned, and when the witness says it did.
type Cosigned struct {
	Checkpoint
	Note string `json:"note"` // its text, the show's signature, the cosignature
	At   string `json:"at"`   // the cosignature's time, RFC 3339
}

// OpenCosigned checks a countersigned note: the show's signature by
// showKey, the cosignature by auditor.
func OpenCosigned(signed string, showKey, auditor keys.Public) (Cosigned, error) {
	n, err := note.Open([]byte(signed), note.VerifierList(showKey.Verifier(), auditor.CosignVerifier()))
	if err != nil {
		return Cosigned{}, fmt.Errorf("the countersigned checkpoint: %v", err)
	}
	var at string
	var shown bool
	for _, s := range n.Sigs {
		switch s.Hash {
		case auditor.CosignVerifier().KeyHash():
			b, _ := base64.StdEncoding.DecodeString(s.Base64)
			t, ok := keys.CosignedAt(b[4:])
			if !ok {
				return Cosigned{}, errors.New("the cosignature carries no time")
			}
			at = t.Format("2006-01-02T15:04:05Z07:00")
		case showKey.Verifier().KeyHash():
			shown = true
		}
	}
	if at == "" || !shown {
		return Cosigned{}, fmt.Errorf("the checkpoint is not signed by both the show (%s) and the auditor (%s)", showKey.Name, auditor.Name)
	}
	c, err := ParseCheckpoint(n.Text)
	if err != nil {
		return Cosigned{}, err
	}
	return Cosigned{Checkpoint: c, Note: signed, At: at}, nil
}

// cut is s cut to n bytes for a message.
func cut(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
