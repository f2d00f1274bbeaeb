//go:build windows

package export

import "golang.org/x/sys/windows"

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
