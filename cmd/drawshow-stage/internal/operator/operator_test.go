package operator

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/cmd/internal/cli"
)

func TestLogPath(t *testing.T) {
	if got, want := logPath(`/home/u/.cache`, nil), filepath.Join("/home/u/.cache", "drawshow", logName); got != want {
		t.Errorf("logPath = %q, want %q", got, want)
	}
	if got := logPath("", errors.New("no cache folder")); got != filepath.Join(os.TempDir(), "drawshow", logName) {
		t.Errorf("without a cache folder: %q", got)
	}
}

// The message box shows the end of the output from a line's start, with
// no line cut in half.
func TestTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.log")
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "line %03d of what the stage wrote\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got := tail(path, 100)
	if !strings.HasPrefix(got, "line ") || !strings.HasSuffix(got, "line 199 of what the stage wrote") || len(got) > 100 {
		t.Fatalf("tail:\n%s", got)
	}
	if got := tail(path, 1<<20); !strings.HasPrefix(got, "line 000") {
		t.Fatalf("the whole of a short file: %q…", got[:20])
	}
	if got := tail(filepath.Join(t.TempDir(), "none"), 100); got != "" {
		t.Fatalf("no file: %q", got)
	}
}

func TestMessage(t *testing.T) {
	path := `C:\Users\host\AppData\Local\drawshow\drawshow-stage.log`
	got := message(errors.New("campaign.db is in use by drawshow run (pid 4100 on LAPTOP since 21:02); close it first"), "operator's console: http://127.0.0.1:5050/?t=x", path)
	for _, want := range []string{"The stage stopped: campaign.db is in use", "It said:\noperator's console", "Everything it wrote is in " + path} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	// an error already explained on stderr is not said twice
	got = message(cli.ErrQuiet, "Usage:\n  drawshow-stage run SHOW.yaml --db FILE", path)
	if !strings.HasPrefix(got, "The stage stopped.\n\nIt said:\nUsage:") {
		t.Errorf("an explained error:\n%s", got)
	}
}
