package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// A campaign database has one writer at a time. The writer holds an
// exclusive OS lock (flock on Unix, LockFileEx on Windows) on a sidecar
// file beside the database, campaign.db.lock, for as long as it runs; the
// system frees it when the process ends, however it ends. SQLite's own
// locks on the database are left alone: readers (export, verify…) take
// no lock and read while a show runs.
//
// The holder writes who it is into the lock file once it has the lock, so
// a refused writer can name it. The file stays after the lock is freed
// (deleting a lock file races with the next writer opening it); what it
// says counts only while it is locked.

// LockSuffix names a database's lock file: campaign.db.lock.
const LockSuffix = ".lock"

// Holder is who holds a campaign database's lock, as its lock file says.
type Holder struct {
	Command string    `json:"command"`
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Since   time.Time `json:"since"`
}

// InUseError refuses a second writer: another process holds the lock.
type InUseError struct {
	DB     string  // the database as it was named
	Holder *Holder // nil when the lock file names nobody (not drawshow's, or being written)
}

func (e *InUseError) Error() string {
	if e.Holder == nil {
		return fmt.Sprintf("%s is in use by another program (its lock file %s names nobody); close it first", e.DB, filepath.Base(e.DB)+LockSuffix)
	}
	h := e.Holder
	since := h.Since.Local()
	when := since.Format("15:04")
	if y, m, d := since.Date(); !sameDay(time.Now(), y, m, d) {
		when = since.Format("2006-01-02 15:04")
	}
	return fmt.Sprintf("%s is in use by %s (pid %d on %s since %s); close it first", e.DB, h.Command, h.PID, h.Host, when)
}

func sameDay(t time.Time, y int, m time.Month, d int) bool {
	ty, tm, td := t.Date()
	return ty == y && tm == m && td == d
}

// Lock is a held lock on a campaign database.
type Lock struct {
	key string
	f   *os.File
}

// held are this process's locks by lock file, with how many open
// databases share each: the lock is between processes, and handles of one
// process (the stage and its export, tests) share it. Interleaved commits
// of one process are the head guard's to refuse.
var held = struct {
	sync.Mutex
	locks map[string]*heldLock
}{locks: map[string]*heldLock{}}

type heldLock struct {
	f    *os.File
	refs int
}

// lockPath is the lock file of the database at path: beside the file the
// path ends at, when it is a symbolic link, so two names of one database
// share a lock.
func lockPath(path string) (string, error) {
	p := path
	if r, err := filepath.EvalSymlinks(path); err == nil {
		p = r
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return abs + LockSuffix, nil
}

// LockDB takes the writer's lock on the database at path for command
// (e.g. "drawshow run"), or refuses at once with an *InUseError naming
// the holder. The database itself is not touched.
func LockDB(path, command string) (*Lock, error) {
	key, err := lockPath(path)
	if err != nil {
		return nil, err
	}
	held.Lock()
	defer held.Unlock()
	if h := held.locks[key]; h != nil {
		h.refs++
		return &Lock{key: key, f: h.f}, nil
	}
	f, err := os.OpenFile(key, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s: the writer's lock: %v", path, err)
	}
	ok, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: the writer's lock: %v", path, err)
	}
	if !ok {
		f.Close()
		return nil, &InUseError{DB: path, Holder: readHolder(key)}
	}
	host, _ := os.Hostname()
	b, _ := json.Marshal(Holder{Command: command, PID: os.Getpid(), Host: host, Since: time.Now().Truncate(time.Second)})
	if err := writeHolder(f, append(b, '\n')); err != nil {
		unlock(f)
		f.Close()
		return nil, fmt.Errorf("%s: the writer's lock: %v", path, err)
	}
	held.locks[key] = &heldLock{f: f, refs: 1}
	return &Lock{key: key, f: f}, nil
}

func writeHolder(f *os.File, b []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt(b, 0)
	return err
}

// Release gives the lock up (once this process's last database on it
// closes). Releasing twice does nothing.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	held.Lock()
	defer held.Unlock()
	h := held.locks[l.key]
	l.f = nil
	if h == nil {
		return nil
	}
	if h.refs--; h.refs > 0 {
		return nil
	}
	delete(held.locks, l.key)
	// the name goes before the lock: a reader of the file never sees
	// a holder that has gone
	err := h.f.Truncate(0)
	if uerr := unlock(h.f); err == nil {
		err = uerr
	}
	if cerr := h.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// readHolder reads who holds a lock. A holder writes its name just after
// it locks: a refusal in between waits a moment for it.
func readHolder(path string) *Holder {
	for try := 0; ; try++ {
		var h Holder
		if b, err := readLockFile(path); err == nil && json.Unmarshal(b, &h) == nil && h.PID != 0 {
			return &h
		}
		if try == 20 {
			return nil
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func readLockFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 4096))
	return []byte(strings.TrimSpace(string(b))), err
}

// lockCommand is how the lock file names this process: the program and
// its command, "drawshow run".
func lockCommand() string {
	name := strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe")
	if len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-") {
		name += " " + os.Args[1]
	}
	return name
}
