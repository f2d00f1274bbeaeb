package data

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"drawshow/show"
)

// RecordFormat names the layout of record.json.
const RecordFormat = "drawshow-record/1"

// Record is record.json: everything an auditor needs, with the bin files,
// to re-derive every pick.
type Record struct {
	Format     string       `json:"format"`
	Algorithm  string       `json:"algorithm"`
	Show       RecordShow   `json:"show"`
	Commitment string       `json:"commitment"`
	Seed       string       `json:"seed"`
	Witness    string       `json:"witness"`
	Draws      []RecordDraw `json:"draws"`
	Journal    RecordChain  `json:"journal"`
}

// RecordShow identifies the show.
type RecordShow struct {
	ID        string `json:"id"`
	Promotion string `json:"promotion"`
	Property  string `json:"property"`
	Rehearsal bool   `json:"rehearsal"`
	OpenedAt  string `json:"opened_at"`
	ClosedAt  string `json:"closed_at"`
}

// RecordDraw is one frozen bin and its picks.
type RecordDraw struct {
	ID           string       `json:"id"`
	Segment      string       `json:"segment"`
	Title        string       `json:"title"`
	Bin          string       `json:"bin"`
	Fingerprint  string       `json:"fingerprint"`
	Entries      int          `json:"entries"`
	TotalWeight  uint64       `json:"total_weight"`
	Participants int          `json:"participants"`
	Rows         int          `json:"rows"`
	Excluded     int          `json:"excluded"`
	Barred       int          `json:"barred"`
	FrozenAt     string       `json:"frozen_at"`
	Winners      int          `json:"winners"`
	Wanted       int          `json:"wanted"`
	EndedShort   string       `json:"ended_short,omitempty"`
	Picks        []RecordPick `json:"picks"`
}

// RecordPick is one pick of a draw.
type RecordPick struct {
	K           int    `json:"k"`
	Ticket      string `json:"ticket"`
	Participant string `json:"participant"`
	Outcome     string `json:"outcome"`
	Prize       string `json:"prize"`
	DrawnAt     string `json:"drawn_at"`
	DecidedAt   string `json:"decided_at"`
	Proxy       string `json:"proxy,omitempty"`
	CollectBy   string `json:"collect_by,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// RecordChain is the show's place in the journal.
type RecordChain struct {
	Events int    `json:"events"`
	Head   string `json:"head"`
}

// Fold replays a show's journal into an engine over the recorded rows.
func (db *DB) Fold(showID string) (*show.Engine, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	sh, err := show.Parse(row.File, row.FileText)
	if err != nil {
		return nil, fmt.Errorf("show %s: the recorded show file no longer parses: %v", showID, err)
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	at := time.Time{}
	if len(evs) > 0 {
		at = evs[len(evs)-1].At
	}
	eng := show.NewEngine(sh, db.Source(showID), func() time.Time { return at })
	if err := eng.Replay(evs); err != nil {
		return nil, fmt.Errorf("show %s: %v", showID, err)
	}
	return eng, nil
}

// LatestShow is the id of the most recently opened show.
func (db *DB) LatestShow() (string, error) {
	all, err := db.Shows()
	if err != nil {
		return "", err
	}
	if len(all) == 0 {
		return "", fmt.Errorf("%s holds no show", db.path)
	}
	return all[len(all)-1].ID, nil
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Export writes record.json, the frozen bins and winners.csv of a show to dir.
func (db *DB) Export(showID, dir string) (*Record, error) {
	eng, err := db.Fold(showID)
	if err != nil {
		return nil, err
	}
	st := eng.State()
	if err := os.MkdirAll(filepath.Join(dir, "bins"), 0o755); err != nil {
		return nil, err
	}
	rec := &Record{
		Format: RecordFormat, Algorithm: st.Opened.Algorithm,
		Show: RecordShow{
			ID: st.ID, Promotion: st.Opened.Promotion, Property: st.Opened.Property, Rehearsal: st.Opened.Rehearsal,
			OpenedAt: stamp(st.OpenedAt), ClosedAt: stamp(st.ClosedAt),
		},
		Commitment: st.Opened.Commitment, Seed: st.Seed, Witness: st.Witness(),
		Draws: []RecordDraw{},
	}
	for _, s := range st.Segs {
		if s.Frozen == nil {
			continue
		}
		d := RecordDraw{
			ID: s.Seg.ID, Segment: s.Seg.ID, Title: s.Seg.Title, Bin: "bins/" + s.Seg.ID + ".csv",
			Fingerprint: s.Frozen.Fingerprint, Entries: s.Frozen.Entries, TotalWeight: s.Frozen.TotalWeight,
			Participants: s.Frozen.Participants, Rows: s.Frozen.Rows, Excluded: len(s.Frozen.Excluded), Barred: len(s.Frozen.Barred),
			FrozenAt: stamp(s.FrozenAt), Winners: s.Winners(), Wanted: s.Seg.Winners, Picks: []RecordPick{},
		}
		if s.Ended != nil {
			d.EndedShort = s.Ended.Reason
		}
		for _, p := range s.Picks {
			out := string(p.Outcome)
			if p.Outcome == show.Pending {
				out = "pending"
			}
			d.Picks = append(d.Picks, RecordPick{
				K: p.K, Ticket: p.Ticket, Participant: p.Participant, Outcome: out, Prize: p.Prize,
				DrawnAt: stamp(p.DrawnAt), DecidedAt: stamp(p.DecidedAt), Proxy: p.Proxy, CollectBy: p.CollectBy, Reason: p.Reason,
			})
		}
		if err := writeBin(filepath.Join(dir, d.Bin), s.Bin.Entries); err != nil {
			return nil, err
		}
		rec.Draws = append(rec.Draws, d)
	}
	if rec.Journal, err = db.showHead(showID); err != nil {
		return nil, err
	}
	if err := db.writeWinners(filepath.Join(dir, "winners.csv"), st); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return nil, err
	}
	return rec, os.WriteFile(filepath.Join(dir, "record.json"), append(b, '\n'), 0o644)
}

func (db *DB) showHead(showID string) (RecordChain, error) {
	var c RecordChain
	var h []byte
	err := db.sql.QueryRow(`SELECT COUNT(*), (SELECT hash FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1) FROM journal WHERE show = ?`, showID, showID).Scan(&c.Events, &h)
	c.Head = fmt.Sprintf("%x", h)
	return c, err
}

// writeBin writes a bin file: header ticket,participant,weight, canonical order.
func writeBin(path string, es []show.Entry) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	w := csv.NewWriter(bw)
	w.Write([]string{"ticket", "participant", "weight"})
	rec := make([]string, 3)
	for _, e := range es {
		rec[0], rec[1], rec[2] = e.Ticket, e.Participant, strconv.FormatUint(e.Weight, 10)
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeWinners lists the winners with the names and tiers the entry files
// gave: the export keeps them whole.
func (db *DB) writeWinners(path string, st *show.State) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"segment", "title", "k", "ticket", "card", "name", "tier", "prize", "outcome", "proxy", "proxy_id", "drawn_at", "decided_at", "collect_by"})
	for _, s := range st.Segs {
		var cards []string
		for _, p := range s.Picks {
			if p.Outcome.Wins() {
				cards = append(cards, p.Participant)
			}
		}
		who, err := db.people(st.ID, s.Seg.ID, cards)
		if err != nil {
			f.Close()
			return err
		}
		for _, p := range s.Picks {
			if !p.Outcome.Wins() {
				continue
			}
			pp := who[p.Participant]
			w.Write([]string{s.Seg.ID, s.Seg.Title, strconv.Itoa(p.K), p.Ticket, p.Participant, pp.Name, pp.Tier.String(), p.Prize,
				string(p.Outcome), p.Proxy, p.ProxyID, stamp(p.DrawnAt), stamp(p.DecidedAt), p.CollectBy})
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Person is what an entry file said of a participant.
type Person struct {
	Name  string
	Tier  show.Tier
	Extra map[string]string
}

// people looks up cards in a segment's imported rows, in one pass.
func (db *DB) people(showID, segment string, cards []string) (map[string]Person, error) {
	out := map[string]Person{}
	if len(cards) == 0 {
		return out, nil
	}
	want := set(cards)
	var first, last int64
	if err := db.sql.QueryRow(`SELECT first, last FROM imports WHERE show = ? AND segment = ?`, showID, segment).Scan(&first, &last); err != nil {
		return nil, err
	}
	rows, err := db.sql.Query(`SELECT card, name, tier, extra FROM entries WHERE rowid BETWEEN ? AND ?`, first, last)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var card, name string
		var tier int
		var extra *string
		if err := rows.Scan(&card, &name, &tier, &extra); err != nil {
			return nil, err
		}
		if !want[card] {
			continue
		}
		p := Person{Name: name, Tier: show.Tier(tier)}
		if extra != nil {
			json.Unmarshal([]byte(*extra), &p.Extra)
		}
		out[card] = p
	}
	return out, rows.Err()
}

func set(ss []string) map[string]bool {
	m := make(map[string]bool, len(ss))
	for _, s := range ss {
		m[s] = true
	}
	return m
}
