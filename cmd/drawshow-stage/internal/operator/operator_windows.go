package operator

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// attachParentProcess is AttachConsole's ATTACH_PARENT_PROCESS: the
// console of the process that started this one.
const attachParentProcess = ^uint32(0)

var (
	kernel32          = windows.NewLazySystemDLL("kernel32.dll")
	procAttachConsole = kernel32.NewProc("AttachConsole")
)

// tailBytes is how much of the end of the output a message box shows.
const tailBytes = 1500

// toFile is the output file, when the stage has no console to write to.
var toFile string

// The stage joins its parent's console first of all: a GUI program gets
// none of its own. Attached, Ctrl+C typed there reaches the stage as it
// reaches drawshow.exe (which waits for the stage), and the streams
// drawshow.exe did not hand over write there. Unattached (started from
// Explorer or a shortcut), what the stage writes goes to a file.
func init() {
	r, _, _ := procAttachConsole.Call(uintptr(attachParentProcess))
	attached := r != 0
	for _, s := range []struct {
		f   **os.File
		dev string
		out bool
	}{{&os.Stdin, "CONIN$", false}, {&os.Stdout, "CONOUT$", true}, {&os.Stderr, "CONOUT$", true}} {
		if usable(*s.f) {
			continue // a pipe, a file or a console drawshow.exe handed over
		}
		if attached {
			flag := os.O_RDONLY
			if s.out {
				flag = os.O_WRONLY
			}
			if f, err := os.OpenFile(s.dev, flag, 0); err == nil {
				*s.f = f
				continue
			}
		}
		if s.out {
			if f := outputFile(); f != nil {
				*s.f = f
			}
		}
	}
}

// usable reports whether f is an open handle: a GUI program started with
// no streams has handles of 0.
func usable(f *os.File) bool {
	if f == nil {
		return false
	}
	h := windows.Handle(f.Fd())
	if h == 0 || h == windows.InvalidHandle {
		return false
	}
	t, err := windows.GetFileType(h)
	return err == nil && t != windows.FILE_TYPE_UNKNOWN
}

var logFile *os.File

// outputFile is the file both output streams share, made on first use,
// a fresh one each run.
func outputFile() *os.File {
	if logFile != nil {
		return logFile
	}
	dir, err := os.UserCacheDir()
	path := logPath(dir, err)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil
	}
	logFile, toFile = f, path
	return f
}

// Report shows a failed stage in a message box when its output went to
// a file: nobody would see it otherwise.
func Report(err error) {
	if err == nil || toFile == "" {
		return
	}
	text, _ := windows.UTF16PtrFromString(message(err, tail(toFile, tailBytes), toFile))
	title, _ := windows.UTF16PtrFromString("drawshow-stage")
	windows.MessageBox(0, text, title, windows.MB_OK|windows.MB_ICONERROR|windows.MB_SETFOREGROUND)
}
