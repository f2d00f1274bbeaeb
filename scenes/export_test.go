package scenes

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/verify"
	"drawshow/show"
)

// exportBackend adds the presenter's export to the session backend,
// counting the exports and the steps it reports.
type exportBackend struct {
	sessionBackend
	dir          string
	calls, steps *atomic.Int32
}

func (b exportBackend) Export(progress func(step string, done, total int)) (string, error) {
	b.calls.Add(1)
	_, err := export.WriteProgress(b.ss.DB, b.ss.ID, b.dir, func(step string, done, total int) {
		b.steps.Add(1)
		progress(step, done, total)
	})
	return b.dir, err
}

// At show close one key writes the exports, with the steps shown on the
// way, and a second press does nothing more.
func TestExportKeyAtClose(t *testing.T) {
	out := filepath.Join(t.TempDir(), "export")
	var calls, steps atomic.Int32
	r := newRig(t, func(o *Options) { o.Backend = exportBackend{o.Backend.(sessionBackend), out, &calls, &steps} })
	r.press(ebiten.KeyE) // before the close: nothing
	if r.s.work.busy || r.s.mgr.cast.closed.exported != "" {
		t.Fatal("E exported an open show")
	}
	// every draw ended short, then the close
	for i := range r.s.view.st.Segs {
		if r.s.view.st.Segs[i].Seg.Draws() {
			r.s.send(show.Command{Op: show.OpSkip, Text: "not tonight"})
			r.settle()
		}
		if i+1 < len(r.s.view.st.Segs) {
			r.s.send(show.Command{Op: show.OpNext})
			r.settle()
		}
	}
	r.s.send(show.Command{Op: show.OpClose})
	r.until("the close", func() bool { return r.scene() == "closed" && !r.s.work.busy })
	r.press(ebiten.KeyE)
	r.until("the export", func() bool { return r.s.mgr.cast.closed.exported != "" })
	if r.s.mgr.cast.closed.exported != out || steps.Load() < 2 || r.s.mgr.cast.closed.progress.total != 0 {
		t.Fatalf("exported to %q after %d steps; progress left %+v", r.s.mgr.cast.closed.exported, steps.Load(), r.s.mgr.cast.closed.progress)
	}
	for _, f := range []string{"record.json", "report.pdf", "winners.xlsx", "collection.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if rep, err := verify.Dir(out); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify of the stage's export: %v %v", rep, err)
	}
	r.press(ebiten.KeyE)
	r.settle()
	if calls.Load() != 1 {
		t.Fatalf("%d exports, want one: a second E exported again", calls.Load())
	}
}

// sheetBackend adds the pre-show sheet to the session backend.
type sheetBackend struct {
	sessionBackend
	path string
}

func (b sheetBackend) Sheet() (string, error) { return b.path, paper.WriteSheet(b.ss, b.path) }

// On the opening screen and the run sheet, until the first freeze, E
// writes the pre-show sheet, whose commitment is the show's. (At the
// opening the auditor's witness field takes the keys: Esc leaves it.)
func TestSheetKeyAtOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	r := newRig(t, func(o *Options) { o.Backend = sheetBackend{o.Backend.(sessionBackend), path} })
	if r.scene() != "open" {
		t.Fatalf("the rig starts in phase %v", r.scene())
	}
	if r.s.host.entry != nil {
		r.press(ebiten.KeyEscape) // the auditor's witness field: not now
	}
	r.press(ebiten.KeyE)
	r.until("the sheet", func() bool { _, err := os.Stat(path); return err == nil && !r.s.work.busy })
	txt, err := exec.Command("pdftotext", "-layout", "-nodiag", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	if c := r.s.view.st.Opened.Commitment; !strings.Contains(string(txt), c) {
		t.Fatalf("the sheet does not carry the commitment %s:\n%s", c, txt)
	}
	if r.scene() != "attract" {
		t.Fatalf("the sheet moved the stage on (phase %v)", r.scene())
	}
	// once a bin is frozen the sheet is no pre-show anchor: E does nothing
	r.press(ebiten.KeyPageDown)
	r.until("the freeze", func() bool { return r.s.frozenAny() && !r.s.work.busy })
	os.Remove(path)
	r.press(ebiten.KeyPageUp) // back to the run sheet
	r.until("the run sheet", func() bool { return r.scene() == "attract" })
	r.press(ebiten.KeyE)
	r.settle()
	if _, err := os.Stat(path); err == nil {
		t.Fatal("E wrote a pre-show sheet after the first freeze")
	}
}
