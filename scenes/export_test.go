package scenes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/data"
	"drawshow/show"
)

// exportBackend adds the presenter's export to the session backend.
type exportBackend struct {
	sessionBackend
	dir string
}

func (b exportBackend) Export(progress func(step string, done, total int)) (string, error) {
	_, err := b.ss.DB.ExportAll(b.ss.ID, b.dir, progress)
	return b.dir, err
}

// At show close one key writes the exports, with the steps shown on the
// way, and a second press does nothing more.
func TestExportKeyAtClose(t *testing.T) {
	out := filepath.Join(t.TempDir(), "export")
	r := newRig(t, func(o *Options) { o.Backend = exportBackend{o.Backend.(sessionBackend), out} })
	r.press(ebiten.KeyE) // before the close: nothing
	if r.s.busy || r.s.exported != "" {
		t.Fatal("E exported an open show")
	}
	r.s.send(show.Command{Op: show.OpClose})
	r.until("the close", func() bool { return r.s.phase == phaseClosed && !r.s.busy })
	r.press(ebiten.KeyE)
	steps := map[string]bool{}
	r.until("the export", func() bool {
		if r.s.progress.step != "" {
			steps[r.s.progress.step] = true
		}
		return r.s.exported != ""
	})
	if r.s.exported != out || len(steps) < 2 {
		t.Fatalf("exported to %q with steps %v", r.s.exported, steps)
	}
	for _, f := range []string{"record.json", "report.pdf", "winners.xlsx", "collection.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if rep, err := data.VerifyDir(out); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify of the stage's export: %v %v", rep, err)
	}
	r.press(ebiten.KeyE)
	if r.s.busy {
		t.Fatal("a second E exported again")
	}
}
