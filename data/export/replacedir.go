package export

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// tmpPrefix starts the name of a folder an export or archive is written
// into beside its target; one left by a kill is removed at the next run.
const tmpPrefix = ".drawshow-tmp-"

// replaceDir makes dir what write puts into a new folder beside it: the
// new folder is written, every file synced, and then put in dir's place,
// so dir is always either its old whole self or the new one. A dir that
// exists must be an export already (it holds record.json) or empty: an
// export never replaces a folder of other files.
func replaceDir(dir string, write func(tmp string) error) error {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		if _, err := os.Stat(filepath.Join(dir, "record.json")); err != nil {
			return fmt.Errorf("%s holds files but no record.json: it is not an export, and an export does not replace it; give another --out", dir)
		}
		// a file of the old export open in another program (winners.xlsx
		// in Excel) would stay behind, moved aside: refused before
		// anything is written
		if err := inUse(dir); err != nil {
			return err
		}
	}
	tmp, err := tempDir(parent, filepath.Base(dir))
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // the old export, after the swap; nothing, once renamed
	if err := write(tmp); err != nil {
		return err
	}
	if err := syncTree(tmp); err != nil {
		return err
	}
	if err := swapDir(tmp, dir); err != nil {
		return err
	}
	return syncDir(parent)
}

// tempDir makes a temporary folder in parent for what becomes name. Its
// name holds this process's id, so a later run can tell a folder left by
// a killed one from one a running export is still writing.
func tempDir(parent, name string) (string, error) {
	cleanStale(parent)
	return os.MkdirTemp(parent, fmt.Sprintf("%s%d-%s-", tmpPrefix, os.Getpid(), name))
}

// cleanStale removes the temporary folders that processes no longer
// running left in parent: a kill during an export or an archive.
func cleanStale(parent string) {
	ents, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), tmpPrefix)
		if !e.IsDir() || !ok {
			continue
		}
		pid, err := strconv.Atoi(strings.SplitN(rest, "-", 2)[0])
		if err != nil || pid != os.Getpid() && !running(pid) {
			os.RemoveAll(filepath.Join(parent, e.Name()))
		}
	}
}

// syncTree fsyncs every file and folder under dir.
func syncTree(dir string) error {
	return filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return syncDir(path)
		}
		return syncFile(path)
	})
}

// syncFile fsyncs the file at path through a handle open for writing:
// Windows refuses to flush a read-only one (FlushFileBuffers needs
// GENERIC_WRITE: "Access denied"), where Unix would take either.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// swapByRename moves dir aside, tmp into its place, and the old dir to
// tmp, where the caller removes it.
func swapByRename(tmp, dir string) error {
	old := tmp + ".old"
	err := os.Rename(dir, old)
	existed := err == nil
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if existed {
			os.Rename(old, dir)
		}
		return err
	}
	if existed {
		return os.Rename(old, tmp)
	}
	return nil
}
