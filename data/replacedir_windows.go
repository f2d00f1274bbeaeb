//go:build windows

package data

// swapDir puts the folder tmp in dir's place by two renames: Windows has
// no exchange of folders. A kill between them leaves the new export whole
// at tmp and no dir; it is cleaned at the next run.
func swapDir(tmp, dir string) error { return swapByRename(tmp, dir) }

// syncDir: Windows cannot open a folder to sync it; the files are synced.
func syncDir(string) error { return nil }
