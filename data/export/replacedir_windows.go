//go:build windows

package export

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// inUse names a file under dir that another program holds open, as Excel
// holds a workbook it shows: the export cannot take its folder's place
// then, and would leave the old folder behind. Each file is opened with
// no sharing at all, which a handle held anywhere else refuses.
func inUse(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		p, err := windows.UTF16PtrFromString(path)
		if err != nil {
			return err
		}
		h, err := windows.CreateFile(p, windows.GENERIC_READ, 0, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
		if errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
			return fmt.Errorf("%s is open in another program (Excel, a PDF viewer): close it and export again; nothing was changed", path)
		}
		if err != nil {
			return err
		}
		return windows.CloseHandle(h)
	})
}

// swapDir puts the folder tmp in dir's place by two renames: Windows has
// no exchange of folders. A kill between them leaves the new export whole
// at tmp and no dir; it is cleaned at the next run.
func swapDir(tmp, dir string) error { return swapByRename(tmp, dir) }

// syncDir does nothing: Windows has no fsync of a folder (a folder's
// handle is not one FlushFileBuffers takes, and Go's Sync on it fails).
// NTFS's own journal keeps a folder's names consistent; the files'
// contents are synced one by one (syncFile).
func syncDir(string) error { return nil }

// running reports whether a process pid is alive.
func running(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return false
	}
	defer windows.CloseHandle(h)
	var code uint32
	return windows.GetExitCodeProcess(h, &code) == nil && code == 259 // STILL_ACTIVE
}
