// Package operator makes sure the stage's words reach the operator. On
// Windows drawshow-stage.exe is a GUI program (no console window opens
// behind the big screen), so it has no standard output of its own: it
// joins the console of whoever started it (drawshow.exe, a terminal), and
// where there is none it writes to a file and shows a failure in a
// message box. Elsewhere the streams are the terminal's and this package
// does nothing.
package operator

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"drawshow/cmd/internal/cli"
)

// logName is the file the stage's output goes to when it has no console,
// in the user's local application data (%LocalAppData%\drawshow).
const logName = "drawshow-stage.log"

// logPath is the output file in the folder os.UserCacheDir gives
// (%LocalAppData% on Windows), or in the temporary folder without one.
func logPath(cacheDir string, cacheErr error) string {
	if cacheErr != nil || cacheDir == "" {
		return filepath.Join(os.TempDir(), "drawshow", logName)
	}
	return filepath.Join(cacheDir, "drawshow", logName)
}

// tail is the last n bytes of the file at path, from a line's start.
func tail(path string, n int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return ""
	}
	off := max(st.Size()-n, 0)
	b, err := io.ReadAll(io.NewSectionReader(f, off, st.Size()-off))
	if err != nil {
		return ""
	}
	s := string(b)
	if off > 0 {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		}
	}
	return strings.TrimSpace(s)
}

// message is what the message box says of a failed stage: the error (one
// already explained says nothing more), what the stage wrote last, and
// where the whole of it is.
func message(err error, written, path string) string {
	var b strings.Builder
	b.WriteString("The stage stopped")
	if err != nil && !errors.Is(err, cli.ErrQuiet) {
		b.WriteString(": ")
		b.WriteString(err.Error())
	}
	b.WriteString(".")
	if written != "" {
		b.WriteString("\n\nIt said:\n")
		b.WriteString(written)
	}
	b.WriteString("\n\nEverything it wrote is in " + path)
	return b.String()
}
