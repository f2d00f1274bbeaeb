package scenes

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

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
	_, err := b.ss.DB.ExportAll(b.ss.ID, b.dir, func(step string, done, total int) {
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
	if r.s.busy || r.s.exported != "" {
		t.Fatal("E exported an open show")
	}
	r.s.send(show.Command{Op: show.OpClose})
	r.until("the close", func() bool { return r.s.phase == phaseClosed && !r.s.busy })
	r.press(ebiten.KeyE)
	r.until("the export", func() bool { return r.s.exported != "" })
	if r.s.exported != out || steps.Load() < 2 || r.s.progress.total != 0 {
		t.Fatalf("exported to %q after %d steps; progress left %+v", r.s.exported, steps.Load(), r.s.progress)
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
