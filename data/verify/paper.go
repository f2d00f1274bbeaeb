package verify

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"drawshow/data/witness"
	"drawshow/show/keys"
)

// Paper is what the auditor reads off paper to hold a record to: the
// commitment printed on the pre-show sheet before the first draw, and
// chain heads printed on the winners boards and in the report. A record
// re-hashed after the fact, or a rehearsal passed off as the official
// show, no longer matches them.
type Paper struct {
	Commitment string   // hex, as on the sheet; "" if none given
	Anchors    []Anchor // rows of the journal and the start of their hashes
	// Prints are frozen bins' fingerprints as the intro showed them.
	Prints []Print
	// Witness is a follower's witness file (drawshow follow): every row
	// it holds must be in the record as it was seen, and it must have
	// seen the whole show. WitnessFile names it, and is set whenever one
	// is given, even an empty one.
	Witness     []witness.Line
	WitnessFile string
	// DrawWitnesses are the draw witnesses W_d as the auditor noted them
	// in the room: the record must hold each, as noted.
	DrawWitnesses []DrawWitness
	// AuditorKey is the auditor's key as the auditor holds it (verify
	// --auditor-key): the show file must name it, and the witness file's
	// countersignatures are held to it. Zero: the show file's key is
	// used, as it names it.
	AuditorKey keys.Public
}

// DrawWitness is a segment's draw witness W_d as the auditor noted it
// when the room made it (the dice, the numbers called).
type DrawWitness struct {
	Segment string
	Text    string
}

// ParseDrawWitness reads SEGMENT:TEXT, the text as typed into the show
// (only the spaces around it are not the witness's).
func ParseDrawWitness(s string) (DrawWitness, error) {
	seg, text, ok := strings.Cut(s, ":")
	seg, text = strings.TrimSpace(seg), strings.TrimSpace(text)
	if !ok || seg == "" || text == "" {
		return DrawWitness{}, fmt.Errorf("draw witness %q: want SEGMENT:TEXT, a segment's id and its draw witness as the room made it, e.g. sat-cash:3 5", s)
	}
	return DrawWitness{Segment: seg, Text: text}, nil
}

// Print is a frozen bin's fingerprint as the room saw it on the intro
// ("Bin fingerprint 20dece32d30b7f09"): its segment and the first hex
// digits. A bin rebuilt after the room saw it no longer matches.
type Print struct {
	Segment string
	Prefix  string
}

// ParsePrint reads SEGMENT:HEXPREFIX; spaces inside the prefix are
// ignored.
func ParsePrint(s string) (Print, error) {
	seg, prefix, ok := strings.Cut(s, ":")
	prefix = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(prefix), " ", ""))
	if _, herr := hex.DecodeString(prefix + strings.Repeat("0", len(prefix)%2)); !ok || strings.TrimSpace(seg) == "" || herr != nil || len(prefix) < MinAnchor || len(prefix) > 64 {
		return Print{}, fmt.Errorf("fingerprint %q: want SEGMENT:HEX, a draw's id and at least %d hex digits of its bin's fingerprint as the intro showed it, e.g. sat-cash:20dece32d30b7f09", s, MinAnchor)
	}
	return Print{Segment: strings.TrimSpace(seg), Prefix: prefix}, nil
}

// Anchor is a journal row's seq and the first hex digits of its hash.
type Anchor struct {
	Seq    int64
	Prefix string
}

// MinAnchor is how many hex digits of a hash an anchor gives at least:
// 64 bits, beyond reach of a forger's search.
const MinAnchor = 16

// ParseAnchor reads SEQ:HEXPREFIX as printed on a board or the report;
// spaces inside the prefix (printed in groups of four) are ignored.
func ParseAnchor(s string) (Anchor, error) {
	seq, prefix, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(strings.TrimSpace(seq), 10, 64)
	prefix = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(prefix), " ", ""))
	if _, herr := hex.DecodeString(prefix + strings.Repeat("0", len(prefix)%2)); !ok || err != nil || n < 1 || herr != nil || len(prefix) < MinAnchor || len(prefix) > 64 {
		return Anchor{}, fmt.Errorf("anchor %q: want SEQ:HEX, a row's seq and at least %d hex digits of its hash, e.g. 41:f97aa6534016057a", s, MinAnchor)
	}
	return Anchor{Seq: n, Prefix: prefix}, nil
}

// Check holds a record to p: rec is its show and journal (rec.Hash a
// row's hash in hex, ok false when the row is not in what is checked;
// rec.Auditor the show file's auditor's key), commitments the
// commitments of the shows checked, prints their frozen bins'
// fingerprints by segment, drawn their draw witnesses by segment. Each
// mismatch is named.
func (p Paper) Check(rec witness.Record, commitments []string, prints, drawn map[string]string) []string {
	hash := rec.Hash
	var out []string
	if pin := p.AuditorKey; !pin.IsZero() {
		switch {
		case rec.Auditor.IsZero():
			out = append(out, fmt.Sprintf("the show file names no auditor's key; the auditor holds %s (--auditor-key): the show was not set up to be countersigned by the auditor, so nothing of it was", pin))
		case !rec.Auditor.Equal(pin):
			out = append(out, fmt.Sprintf("the show file names the auditor's key %s; the auditor holds %s (--auditor-key): the show was set up to be countersigned by another key than the auditor's", rec.Auditor, pin))
		}
		rec.Auditor = pin
	}
	if c := strings.ToLower(strings.ReplaceAll(p.Commitment, " ", "")); c != "" && !slices.Contains(commitments, c) {
		out = append(out, fmt.Sprintf("the commitment on paper, %s, is not the record's (%s): this is not the show the sheet was signed for", c, strings.Join(commitments, ", ")))
	}
	for _, a := range p.Anchors {
		h, ok := hash(a.Seq)
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("anchor %d:%s: the record has no row %d", a.Seq, a.Prefix, a.Seq))
		case !strings.HasPrefix(h, a.Prefix):
			out = append(out, fmt.Sprintf("anchor %d:%s: row %d hashes to %s: the record was rewritten since the paper was printed", a.Seq, a.Prefix, a.Seq, h[:min(len(h), len(a.Prefix))]))
		}
	}
	for _, f := range p.Prints {
		got, ok := prints[f.Segment]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("fingerprint %s:%s: the record froze no bin of %s", f.Segment, f.Prefix, f.Segment))
		case !strings.HasPrefix(got, f.Prefix):
			out = append(out, fmt.Sprintf("fingerprint %s:%s: the record's bin of %s has fingerprint %s: it is not the bin the room saw frozen", f.Segment, f.Prefix, f.Segment, got))
		}
	}
	for _, w := range p.DrawWitnesses {
		got, ok := drawn[w.Segment]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("draw witness %s:%s: the record holds no draw witness of %s", w.Segment, w.Text, w.Segment))
		case got != w.Text:
			out = append(out, fmt.Sprintf("draw witness of %s: the auditor noted %q, the record holds %q: the draw was keyed by another witness than the room's", w.Segment, w.Text, got))
		}
	}
	if p.WitnessFile == "" && len(p.Witness) == 0 {
		return out
	}
	return append(out, witness.Check(p.Witness, rec)...)
}

// Against holds the verified export to p, adding what does not match.
// When its show file could not be read (named already), the key the
// auditor pinned is the show's for what follows.
func (r *Report) Against(p Paper) {
	rec := witness.Record{Show: r.Show, Rows: r.showRows, Closed: r.closed, Auditor: r.AuditorKey, Hash: func(seq int64) (string, bool) {
		h, ok := r.rows[seq]
		return h, ok
	}}
	if !r.showRead {
		rec.Auditor = p.AuditorKey
	}
	r.Problems = append(r.Problems, p.Check(rec, []string{r.Commitment}, r.prints, r.drawn)...)
}
