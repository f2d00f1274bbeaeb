//go:build unix && !linux && !darwin

package export

// swapDir puts the folder tmp in dir's place, by two renames: a system
// with no exchange of folders.
func swapDir(tmp, dir string) error { return swapByRename(tmp, dir) }
