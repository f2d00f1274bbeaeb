// Package verifycmd is the verify command, shared by drawshow and
// drawshow-verify (the auditor's verifier, built without cgo): one
// command, one set of flags, one verdict.
package verifycmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"drawshow/cmd/internal/cli"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/data/witness"
	"drawshow/show/keys"
)

// oneShow checks that what was read off paper names its show: in a
// database of several shows, a commitment could otherwise match any.
// It returns the show's id: id, or the database's only show.
func oneShow(db *store.DB, id string, p verify.Paper) (string, error) {
	shows, err := db.Shows()
	if err != nil {
		return "", err
	}
	if id != "" {
		_, err := db.Show(id)
		return id, err
	}
	if len(shows) == 1 {
		return shows[0].ID, nil
	}
	if len(shows) > 1 && (p.Commitment != "" || len(p.Anchors) > 0 || len(p.Prints) > 0 || len(p.DrawWitnesses) > 0 || p.WitnessFile != "" || len(p.Witness) > 0 || !p.AuditorKey.IsZero()) {
		ids := make([]string, len(shows))
		for i, s := range shows {
			ids[i] = s.ID
		}
		return "", fmt.Errorf("%s holds %d shows (%s): say which the paper and the witness are of with --show ID", db.Path(), len(shows), strings.Join(ids, ", "))
	}
	return "", nil
}

// Run runs verify with its arguments (those after the command's name).
// A record that does not verify prints its problems on stdout and
// returns cli.ErrQuiet.
func Run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	dbPath := fs.String("db", "", "check the journal hash chain of this database `FILE`")
	var paper verify.Paper
	fs.StringVar(&paper.Commitment, "commitment", "", "the commitment `HEX` as printed on the pre-show sheet: the record must be that show's")
	fs.Func("anchor", "`SEQ:HEX`, a journal row and the start of its hash as printed on a board or the report (16 hex digits or more; repeatable)", func(s string) error {
		a, err := verify.ParseAnchor(s)
		paper.Anchors = append(paper.Anchors, a)
		return err
	})
	fs.Func("fingerprint", "`SEGMENT:HEX`, a frozen bin's fingerprint as the intro showed it (16 hex digits or more; repeatable)", func(s string) error {
		f, err := verify.ParsePrint(s)
		paper.Prints = append(paper.Prints, f)
		return err
	})
	fs.Func("draw-witness", "`SEGMENT:TEXT`, a segment's draw witness W_d as the auditor noted it in the room: the record must hold it, as noted (repeatable)", func(s string) error {
		w, err := verify.ParseDrawWitness(s)
		paper.DrawWitnesses = append(paper.DrawWitnesses, w)
		return err
	})
	witnessFile := fs.String("witness", "", "a follower's witness `FILE` (drawshow follow): the record must hold every row it holds, and of a show whose file names the auditor's key, its countersignatures must hold to the show's close")
	fs.Func("auditor-key", "the auditor's public `KEY`, as drawshow key printed it: the show file must name it, and the witness file's countersignatures must be its (without it, the show file's auditor_key is used)", func(s string) error {
		k, err := keys.ParsePublic(s)
		paper.AuditorKey = k
		return err
	})
	allowUnwitnessed := fs.Bool("allow-unwitnessed", false, "a pick drawn or shown while the auditor's witness did not answer (unwitnessed REASON) is named, not refused")
	stillOpen := fs.Bool("open", false, "with --db: a show not closed is still running; check what can be checked of it")
	showID := fs.String("show", "", "with --db: the show `ID` the commitment, anchors and witness are of (needed when the database holds more than one)")
	anchorsFile := fs.String("anchors", "", "with --db: the auditor's list of the campaign's official shows, `FILE`, one a line: SHOW_ID COMMITMENT SEQ:HEXPREFIX (the closing chain head); a show that carries anything from a show not on it, or whose commitment or head differs, is refused")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *witnessFile != "" {
		if paper.Witness, err = witness.ReadFile(*witnessFile); err != nil {
			return err
		}
		paper.WitnessFile = *witnessFile
	}
	var problems []string
	var named keys.Public // the auditor's key the show file names
	switch {
	case *dbPath != "" && len(pos) == 0:
		if problems, named, err = verifyDB(*dbPath, *showID, *anchorsFile, *stillOpen, *allowUnwitnessed, paper, stdout); err != nil {
			return err
		}
	case *stillOpen || *showID != "" || *anchorsFile != "":
		return errors.New("--open, --show and --anchors are for verify --db")
	case *dbPath == "" && len(pos) == 1:
		fi, err := os.Stat(pos[0])
		if err != nil {
			return err
		}
		if fi.IsDir() {
			r, err := verify.Dir(pos[0])
			if err != nil {
				return err
			}
			r.Against(paper)
			problems, named = unwitnessed(r, *allowUnwitnessed, stdout), r.AuditorKey
			if len(problems) == 0 {
				fmt.Fprintf(stdout, "record OK: %s%s\n", r.Summary(), choicesDerived(r))
			}
			break
		}
		r, err := export.VerifyArchive(pos[0])
		if err != nil {
			return err
		}
		r.Against(paper)
		problems, named = unwitnessed(r, *allowUnwitnessed, stdout), r.AuditorKey
		if len(problems) == 0 {
			fmt.Fprintf(stdout, "archive OK: %d file(s) match %s\n", r.Files, record.SumsFile)
			fmt.Fprintf(stdout, "record OK: %s%s\n", r.Summary(), choicesDerived(r))
			fmt.Fprintf(stdout, "database copy OK: journal of %d events, head %s; it folds to the same record\n", r.CopyEvents, r.CopyHead)
		}
	default:
		return errors.New("verify needs an export DIR, or --db FILE, or an archive FILE.zip")
	}
	auditorKeyLine(stdout, named, paper.AuditorKey)
	if len(problems) == 0 && (paper.Commitment != "" || len(paper.Anchors) > 0 || len(paper.Prints) > 0) {
		fmt.Fprintf(stdout, "paper OK: %s%d anchor(s) and %d fingerprint(s) hold\n", map[bool]string{true: "the commitment matches; "}[paper.Commitment != ""], len(paper.Anchors), len(paper.Prints))
	}
	if len(problems) == 0 && *witnessFile != "" {
		n, last := witness.Held(paper.Witness)
		fmt.Fprintf(stdout, "witness OK: the record holds all %d row(s) of %s, to row %d, as they were seen\n", n, *witnessFile, last)
		if !named.IsZero() || !paper.AuditorKey.IsZero() {
			cs, last, proofs := witness.Cosigns(paper.Witness)
			fmt.Fprintf(stdout, "countersigned OK: %d checkpoint(s) of %s countersigned by the auditor's key, to row %d%s\n", cs, *witnessFile, last,
				map[bool]string{true: fmt.Sprintf("; %d VRF output(s) verify with it", proofs)}[proofs > 0])
		}
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, "MISMATCH:", p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "verify failed: %d problem(s)\n", len(problems))
		return cli.ErrQuiet
	}
	return nil
}

// verifyDB verifies a campaign database (verify --db): the journal, the
// show id is of (or its only show) against what was read off paper, what
// cannot be verified yet, and the auditor's list of official shows. It
// prints the notes and the OK line, and returns the problems.
func verifyDB(path, id, anchorsFile string, stillOpen, allowUnwitnessed bool, paper verify.Paper, stdout io.Writer) ([]string, keys.Public, error) {
	var named keys.Public
	db, err := store.OpenExisting(path)
	if err != nil {
		return nil, named, err
	}
	defer db.Close()
	id, err = oneShow(db, id, paper)
	if err != nil {
		return nil, named, err
	}
	r, err := verifydb.Check(db)
	if err != nil {
		return nil, named, err
	}
	onPaper, err := verifydb.Against(db, paper, id)
	if err != nil {
		return nil, named, err
	}
	if named, _, err = verifydb.AuditorKey(db, id); err != nil {
		return nil, named, err
	}
	unverified, notes, err := verifydb.Unverified(db, stillOpen)
	if err != nil {
		return nil, named, err
	}
	problems := append(append(r.Problems, onPaper...), unverified...)
	if anchorsFile != "" {
		f, err := os.Open(anchorsFile)
		if err != nil {
			return nil, named, err
		}
		list, err := verify.ParseShowAnchors(f)
		f.Close()
		if err != nil {
			return nil, named, fmt.Errorf("%s: %v", anchorsFile, err)
		}
		carried, err := verifydb.AgainstShowAnchors(db, list)
		if err != nil {
			return nil, named, err
		}
		problems = append(problems, carried...)
	}
	for _, n := range notes {
		fmt.Fprintln(stdout, "note:", n)
	}
	if len(problems) == 0 {
		fmt.Fprintf(stdout, "journal OK: %d events, head %s\n", r.Events, r.Head)
	}
	return unwitnessed(&verify.Report{Problems: problems, Unwitnessed: unwitnessedOf(r, id)}, allowUnwitnessed, stdout), named, nil
}

// unwitnessedOf are the unwitnessed picks of show id, or of every show,
// each naming its show when the database holds more than one.
func unwitnessedOf(r *verifydb.Report, id string) []string {
	var out []string
	for _, s := range r.Shows {
		if id != "" && s != id {
			continue
		}
		for _, u := range r.Unwitnessed[s] {
			if len(r.Shows) > 1 {
				u = s + ": " + u
			}
			out = append(out, u)
		}
	}
	return out
}

// auditorKeyLine says which auditor's key verify held the show to: the
// show file's, when the auditor pinned none, or the pinned one when the
// show file names it too. A show file naming another, or none, is a
// problem of its own; a show with no key and none pinned says nothing.
func auditorKeyLine(w io.Writer, named, pinned keys.Public) {
	switch {
	case pinned.IsZero() && !named.IsZero():
		fmt.Fprintf(w, "auditor's key: %s, as the show file names it (auditor_key); pin the key you hold with --auditor-key KEY\n", named)
	case !pinned.IsZero() && pinned.Equal(named):
		fmt.Fprintf(w, "auditor's key: %s, as pinned with --auditor-key; the show file names the same\n", pinned)
	}
}

// choicesDerived is what verify re-derived of the finale, for its OK line.
func choicesDerived(r *verify.Report) string {
	if r.Choices == 0 && r.SmallDraws == 0 {
		return ""
	}
	return fmt.Sprintf(", %d choice(s) and %d small draw(s) of the finale", r.Choices, r.SmallDraws)
}

// unwitnessed is the report's problems with its unwitnessed picks: each
// a problem of its own, or with --allow-unwitnessed a note.
func unwitnessed(r *verify.Report, allow bool, stdout io.Writer) []string {
	if !allow {
		return append(r.Problems, r.Unwitnessed...)
	}
	for _, u := range r.Unwitnessed {
		fmt.Fprintln(stdout, "unwitnessed:", u)
	}
	return r.Problems
}
