package store

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/data/verify"
	"drawshow/show"
)

// CarryOver lists the earlier shows the show showID carries anything
// from, in the order they were opened: the sources of its bars, bonus
// entries and jackpot ledgers, read as its fold reads them (from the
// shows of its own kind, official or rehearsal).
func (db *DB) CarryOver(showID string) ([]record.Source, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	sh, err := show.Parse(row.File, row.FileText)
	if err != nil {
		return nil, fmt.Errorf("show %s: its stored show file: %v", showID, err)
	}
	by := map[string]*record.Source{}
	src := func(id string) *record.Source {
		if by[id] == nil {
			by[id] = &record.Source{Show: id}
		}
		return by[id]
	}
	var past []show.PastWin
	for i := range sh.Segments {
		if g := &sh.Segments[i]; g.BonusEntries != nil || g.ExcludeWinners != nil {
			if past, err = db.PastWins(showID, row.Rehearsal); err != nil {
				return nil, err
			}
			break
		}
	}
	ledgers := map[string]bool{}
	for i := range sh.Segments {
		g := &sh.Segments[i]
		if x := g.ExcludeWinners; x != nil {
			for _, w := range past {
				if len(x.Bars([]show.PastWin{w})) > 0 {
					s := src(w.Show)
					if b := g.ID + ": " + w.Participant; !slices.Contains(s.Barred, b) {
						s.Barred = append(s.Barred, b)
					}
				}
			}
		}
		if b := g.BonusEntries; b != nil {
			// what its bin took, once frozen: a win whose winner had no
			// entry that day earned nothing (needs_entry); before, what
			// the wins would give
			earned := b.Counts(past)
			if f, err := db.frozen(showID, g.ID); err != nil {
				return nil, err
			} else if f != nil {
				earned = slices.DeleteFunc(slices.Clone(f.Earned), func(e show.Earned) bool { return e.Show == showID })
			}
			for _, e := range earned {
				s := src(e.Show)
				e.Segment = record.CarriedSegment(g.ID, e.Segment)
				s.Entries = append(s.Entries, e)
			}
		}
		if j := g.Jackpot; j != nil && !ledgers[j.Name] {
			ledgers[j.Name] = true
			rows, err := db.sql.Query(`SELECT j.show, j.payload FROM journal j JOIN shows s ON s.id = j.show
				WHERE j.kind = ?1 AND s.rehearsal = ?3 AND j.show <> ?2
				AND j.seq < COALESCE((SELECT MIN(seq) FROM journal WHERE show = ?2), 9223372036854775807)
				ORDER BY j.seq`, string(show.JackpotPaid), showID, row.Rehearsal)
			if err != nil {
				return nil, err
			}
			for rows.Next() {
				var id, payload string
				if err := rows.Scan(&id, &payload); err != nil {
					rows.Close()
					return nil, err
				}
				e, err := show.DecodeEvent(0, time.Time{}, string(show.JackpotPaid), []byte(payload))
				if err != nil || e.Settled == nil {
					rows.Close()
					return nil, fmt.Errorf("show %s: a jackpot settlement that does not read: %v", id, err)
				}
				if e.Settled.Name == j.Name {
					src(id).Jackpot = append(src(id).Jackpot, *e.Settled)
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return nil, err
			}
		}
	}
	all, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var out []record.Source
	for _, r := range all {
		s := by[r.ID]
		if s == nil {
			continue
		}
		s.Closed = r.Closed
		if err := db.sql.QueryRow(`SELECT seq, lower(hex(hash)) FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1`, r.ID).Scan(&s.HeadSeq, &s.Head); err != nil {
			return nil, fmt.Errorf("show %s: its last journal row: %v", r.ID, err)
		}
		evs, err := db.Events(r.ID)
		if err != nil {
			return nil, err
		}
		if len(evs) == 0 || evs[0].Opened == nil {
			return nil, fmt.Errorf("show %s: the journal has no show-opened event", r.ID)
		}
		s.Commitment = evs[0].Opened.Commitment
		loc := time.UTC
		if src, err := show.Parse(r.File, r.FileText); err == nil {
			loc = src.Location
			if at := src.Advertised(); !at.IsZero() {
				s.Date = at.In(loc).Format(time.DateOnly)
			}
		}
		if s.Date == "" {
			s.Date = r.OpenedAt.In(loc).Format(time.DateOnly)
		}
		out = append(out, *s)
	}
	return out, nil
}

// frozen is the freeze of the segment of the show; nil before it froze.
func (db *DB) frozen(showID, segment string) (*show.Frozen, error) {
	var payload string
	err := db.sql.QueryRow(`SELECT payload FROM journal WHERE show = ? AND kind = ? AND json_extract(payload, '$.segment') = ? ORDER BY seq LIMIT 1`,
		showID, string(show.BinFrozen), segment).Scan(&payload)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	e, err := show.DecodeEvent(0, time.Time{}, string(show.BinFrozen), []byte(payload))
	if err != nil || e.Frozen == nil {
		return nil, fmt.Errorf("show %s: the freeze of %s does not read: %v", showID, segment, err)
	}
	return e.Frozen, nil
}

// AgainstShowAnchors holds the official shows of the database to the
// auditor's list of official shows: each show that carries anything from
// an earlier show must carry it from a closed show on the list, whose
// commitment and closing chain head are the list's. Each mismatch is
// named with what was carried.
func (db *DB) AgainstShowAnchors(list []verify.ShowAnchor) ([]string, error) {
	all, err := db.Shows()
	if err != nil {
		return nil, err
	}
	on := map[string]verify.ShowAnchor{}
	for _, a := range list {
		on[a.Show] = a
	}
	var out []string
	for _, r := range all {
		if r.Rehearsal {
			continue
		}
		srcs, err := db.CarryOver(r.ID)
		if err != nil {
			return nil, err
		}
		for _, s := range srcs {
			what := fmt.Sprintf("show %s carries from show %s (%s)", r.ID, s.Show, s.Gives())
			a, ok := on[s.Show]
			switch {
			case !ok:
				out = append(out, what+", which is not on the auditor's list of official shows")
			case a.Commitment != s.Commitment:
				out = append(out, fmt.Sprintf("%s, whose commitment is %s; the list's (line %d) is %s", what, s.Commitment, a.Line, a.Commitment))
			case !s.Closed:
				out = append(out, what+", which is not closed: it has no closing chain head")
			case a.Head.Seq != s.HeadSeq || !strings.HasPrefix(s.Head, a.Head.Prefix):
				out = append(out, fmt.Sprintf("%s, whose closing chain head is %d:%s; the list's (line %d) is %d:%s", what, s.HeadSeq, s.Head[:min(len(s.Head), len(a.Head.Prefix))], a.Line, a.Head.Seq, a.Head.Prefix))
			}
		}
	}
	return out, nil
}
