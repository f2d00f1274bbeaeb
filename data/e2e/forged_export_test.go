package e2e

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/verify"
	"drawshow/show"
)

// exported plays the export fixture's show (official) and exports it.
func exported(t *testing.T) string {
	t.Helper()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, false)
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	r, err := verify.Dir(out)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("the untouched export: %v %q", err, r.Problems)
	}
	if r.Draws != 2 || r.Picks != 8 || r.Events == 0 || r.Underived != 0 {
		t.Fatalf("the untouched export: %+v", r)
	}
	return out
}

// forgedExport copies an export, lets forge edit the copy and verifies it:
// a problem must name want.
func forgedExport(t *testing.T, out, name, want string, forge func(dir string)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(out)); err != nil {
			t.Fatal(err)
		}
		forge(dir)
		r, err := verify.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if all := strings.Join(r.Problems, "\n"); !strings.Contains(all, want) {
			t.Fatalf("verify of the forged export:\n%s\nwant a problem naming %q", all, want)
		}
	})
}

func replaceIn(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", path, old)
	}
	if err := os.WriteFile(path, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// rehashed rewrites journal.jsonl with edit applied to its events, and
// every hash made again from the first row's prev_hash on: a forger who
// knows the format.
func rehashed(t *testing.T, dir string, edit func(evs []show.Event) []show.Event) {
	t.Helper()
	path := filepath.Join(dir, record.JournalFile)
	rows, err := record.ReadJournalFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var evs []show.Event
	for i := range rows {
		e, err := rows[i].Event()
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e)
	}
	evs = edit(evs)
	prev, _ := hex.DecodeString(rows[0].PrevHash)
	first, showID := rows[0].Seq, rows[0].Show
	rows = rows[:0]
	for i, e := range evs {
		p, err := e.Payload()
		if err != nil {
			t.Fatal(err)
		}
		if e.Show == "" {
			e.Show = showID
		}
		r := record.Row{Seq: first + int64(i), At: e.At.UTC().Format("2006-01-02T15:04:05.999999999Z07:00"), Kind: string(e.Kind), Show: e.Show, Payload: string(p), PrevHash: hex.EncodeToString(prev)}
		h := record.Chain(prev, record.Canonical(r.Seq, r.At, r.Kind, p))
		r.Hash, prev = hex.EncodeToString(h), h
		rows = append(rows, r)
	}
	if err := record.WriteJournal(path, rows); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyRefusesForgedExports(t *testing.T) {
	t.Parallel()
	out := exported(t)
	cash := func(dir string) string { return filepath.Join(dir, record.WinnersCSV) }

	forgedExport(t, out, "an outcome in record.json", `record.json: draw sat-cash, pick 3, outcome: "claimed" in the export, "no-show" in the record`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.RecordFile), `"outcome": "no-show"`, `"outcome": "claimed"`)
	})
	forgedExport(t, out, "rehearsal in record.json", `record.json: show.rehearsal: true in the export, false in the record`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.RecordFile), `"rehearsal": false`, `"rehearsal": true`)
	})
	forgedExport(t, out, "a proxy's name in record.json", `record.json: draw sat-cash, pick 5, proxy: "Someone Else" in the export, "Lindiwe Dube" in the record`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.RecordFile), `"Lindiwe Dube"`, `"Someone Else"`)
	})
	forgedExport(t, out, "a winner's name in winners.csv", "winners.csv: draw sat-cash, pick 1: name is \"Forged Name\"", func(dir string) {
		b, _ := os.ReadFile(cash(dir))
		lines := strings.Split(string(b), "\n")
		f := strings.Split(lines[1], ",")
		replaceIn(t, cash(dir), f[5], "Forged Name")
	})
	forgedExport(t, out, "a prize in winners.csv", `winners.csv: draw sat-cash, pick 6: prize is "R9 000", the record says "R1 000"`, func(dir string) {
		replaceIn(t, cash(dir), "R1 000", "R9 000")
	})
	forgedExport(t, out, "a pick number in winners.csv", `winners.csv: draw sat-cash, pick 1: pick is "2", the record says "1"`, func(dir string) {
		replaceIn(t, cash(dir), "Saturday Cash Draw,1,", "Saturday Cash Draw,2,")
	})
	forgedExport(t, out, "an amount in winners.csv", `winners.csv: draw sat-cash, pick 1: amount is "50000", the record says "5000"`, func(dir string) {
		replaceIn(t, cash(dir), ",ZAR,5000,cash,", ",ZAR,50000,cash,")
	})
	forgedExport(t, out, "a prize in kind paid as cash in winners.csv", `winners.csv: draw members, pick 1: paid_as is "cash", the record says "in kind"`, func(dir string) {
		replaceIn(t, cash(dir), ",ZAR,,in kind,", ",ZAR,,cash,")
	})
	forgedExport(t, out, "an amount in collection.csv", `collection.csv: draw sat-cash, pick 5: amount is "20000", the record says "2000"`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.CollectionFile), ",ZAR,2000,cash,", ",ZAR,20000,cash,")
	})
	forgedExport(t, out, "a draw's totals in record.json", `record.json: draw sat-cash, totals.cash: 9000 in the export, 8000 in the record`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.RecordFile), `"cash": 8000`, `"cash": 9000`)
	})
	forgedExport(t, out, "a pick's amount in record.json", `record.json: draw sat-cash, pick 1, amount: 9000 in the export, 5000 in the record`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.RecordFile), `"amount": 5000`, `"amount": 9000`)
	})
	forgedExport(t, out, "an official bin marked REHEARSAL", "bins/sat-cash.csv: marked REHEARSAL, but the journal opened an official show", func(dir string) {
		p := filepath.Join(dir, "bins", "sat-cash.csv")
		b, _ := os.ReadFile(p)
		os.WriteFile(p, append([]byte(`"`+record.RehearsalBanner+`"`+"\n"), b...), 0o644)
	})
	forgedExport(t, out, "a name in collection.csv", `collection.csv: draw sat-cash, pick 5: proxy is "Someone Else", the record says`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.CollectionFile), "Lindiwe Dube", "Someone Else")
	})
	forgedExport(t, out, "a name in people.json", `the record says "Forged Name"`, func(dir string) {
		b, _ := os.ReadFile(cash(dir))
		f := strings.Split(strings.Split(string(b), "\n")[1], ",")
		replaceIn(t, filepath.Join(dir, record.PeopleFile), `"`+f[5]+`"`, `"Forged Name"`)
	})
	forgedExport(t, out, "a cell of winners.xlsx", "winners.xlsx: sheet", func(dir string) {
		p := filepath.Join(dir, record.WinnersXLSX)
		x, err := excelize.OpenFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sheet := x.GetSheetList()[1]
		if err := x.SetCellValue(sheet, "B3", "forged"); err != nil {
			t.Fatal(err)
		}
		if err := x.SaveAs(p); err != nil {
			t.Fatal(err)
		}
		x.Close()
	})
	forgedExport(t, out, "a bin's ticket", "the bin file was changed", func(dir string) {
		replaceIn(t, filepath.Join(dir, "bins", "sat-cash.csv"), "T101,", "T1010,")
	})
	forgedExport(t, out, "the report", "report.pdf: its bytes are not those the record gives", func(dir string) {
		p := filepath.Join(dir, record.ReportPDF)
		b, _ := os.ReadFile(p)
		b[len(b)/2] ^= 1
		os.WriteFile(p, b, 0o644)
	})
	forgedExport(t, out, "a bin out of order", "bins/sat-cash.csv row 3: ticket", func(dir string) {
		replaceIn(t, filepath.Join(dir, "bins", "sat-cash.csv"), "T101,", "T901,")
	})
	forgedExport(t, out, "an added file", "notes.txt is not a file of the export", func(dir string) {
		os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	})
	forgedExport(t, out, "a missing file", "collection.csv is missing from the export", func(dir string) {
		os.Remove(filepath.Join(dir, record.CollectionFile))
	})
	forgedExport(t, out, "the show file", "it is not the show file the show was opened from", func(dir string) {
		replaceIn(t, filepath.Join(dir, record.ShowFile), "winners", "winners ")
	})
	forgedExport(t, out, "a journal row edited", "content does not match its hash", func(dir string) {
		replaceIn(t, filepath.Join(dir, record.JournalFile), `\"outcome\":\"no-show\"`, `\"outcome\":\"claimed\"`)
	})
	// correctly hashed rewrites: the fold's rules refuse them
	forgedExport(t, out, "a claim appended after the close", "nothing may follow show-closed", func(dir string) {
		rehashed(t, dir, func(evs []show.Event) []show.Event {
			last := evs[len(evs)-1]
			return append(evs, show.Event{At: last.At, Kind: show.PickDecided, Show: last.Show, Segment: "sat-cash",
				Pick: &show.PickRef{K: 2, Outcome: show.Claimed, By: "host"}})
		})
	})
	forgedExport(t, out, "a no-show rewritten as a claim", "the no-show stands", func(dir string) {
		rehashed(t, dir, func(evs []show.Event) []show.Event {
			for i := range evs {
				if p := evs[i].Pick; evs[i].Kind == show.PickDecided && p.Outcome == show.NoShow {
					p.Outcome, p.By = show.Claimed, "host"
				}
			}
			return evs
		})
	})
	forgedExport(t, out, "a pick deleted", "sat-cash", func(dir string) {
		rehashed(t, dir, func(evs []show.Event) []show.Event {
			var kept []show.Event
			for _, e := range evs {
				if e.Pick != nil && e.Segment == "sat-cash" && e.Pick.K == 1 {
					continue
				}
				kept = append(kept, e)
			}
			return kept
		})
	})
}

// TestVerifyRefusesUnmarkedRehearsalBin: a rehearsal's bin without its
// REHEARSAL line, or its winners.csv without it, is not the record's.
func TestVerifyRefusesUnmarkedRehearsalBin(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	forgedExport(t, out, "the banner taken off a bin", "bins/members.csv: not marked REHEARSAL, but the journal opened a rehearsal", func(dir string) {
		p := filepath.Join(dir, "bins", "members.csv")
		b, _ := os.ReadFile(p)
		_, rest, _ := bytes.Cut(b, []byte("\n"))
		os.WriteFile(p, rest, 0o644)
	})
	forgedExport(t, out, "the banner taken off winners.csv", "winners.csv: its first line is not the rehearsal banner", func(dir string) {
		p := filepath.Join(dir, record.WinnersCSV)
		b, _ := os.ReadFile(p)
		_, rest, _ := bytes.Cut(b, []byte("\n"))
		os.WriteFile(p, rest, 0o644)
	})
}
