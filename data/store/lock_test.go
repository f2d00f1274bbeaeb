package store

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// lockHelperEnv makes the test binary a holder of a database's lock:
// TestLockHolderProcess takes it (by Open, a writer's whole open), says
// so on its standard output and keeps it until its standard input ends.
const lockHelperEnv = "DRAWSHOW_TEST_LOCK_HOLDER"

func TestLockHolderProcess(t *testing.T) {
	path := os.Getenv(lockHelperEnv)
	if path == "" {
		t.Skip("the holder process of the lock tests")
	}
	db, err := Open(path)
	if err != nil {
		fmt.Println("refused:", err)
		os.Exit(3)
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	db.Close()
	os.Exit(0)
}

// showDB is a database holding one show, closed.
type showDB struct {
	dir, dbPath, showID string
}

func newShowDB(t *testing.T) showDB {
	t.Helper()
	f := showDB{dir: t.TempDir(), showID: "sat"}
	f.dbPath = filepath.Join(f.dir, "campaign.db")
	db, err := Open(f.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 11, 30, 21, 0, 0, 0, time.UTC)
	opened := show.Event{Kind: show.ShowOpened, At: at, Show: f.showID, Opened: &show.Opened{}}
	if err := db.CreateShow(ShowRow{ID: f.showID, File: "show.yaml", FileText: []byte("promotion: test\n"), OpenedAt: at}, []byte("seed"), []show.Event{opened}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return f
}

// holder is another process that holds the lock on a database.
type holder struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
}

// startHolder runs the holder process on path and waits until it has the lock.
func startHolder(t *testing.T, path string) *holder {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHolderProcess$")
	cmd.Env = append(os.Environ(), lockHelperEnv+"="+path, "GORACE=atexit_sleep_ms=0")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &holder{cmd, stdin}
	t.Cleanup(func() { h.cmd.Process.Kill(); h.cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "locked" {
		t.Fatalf("the holder said %q (%v)", line, err)
	}
	return h
}

// stop ends the holder cleanly.
func (h *holder) stop(t *testing.T) {
	t.Helper()
	h.stdin.Close()
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("the holder: %v", err)
	}
}

// TestSecondWriterRefused: while another process holds a database, a
// writer's Open is refused at once with the holder named (command, pid,
// host, since when), and the database is as it was; once the holder ends
// the writer opens it.
func TestSecondWriterRefused(t *testing.T) {
	f := newShowDB(t)
	h := startHolder(t, f.dbPath)
	before := filetest.Listing(t, f.dir)
	file := filetest.StateOf(t, f.dbPath)

	// at once: the holder keeps the lock until h.stop, so an Open that
	// waited for it would never return
	_, err := Open(f.dbPath)
	var inUse *InUseError
	if !errors.As(err, &inUse) || inUse.Holder == nil {
		t.Fatalf("err = %v, want the database in use by the holder", err)
	}
	host, _ := os.Hostname()
	if got := inUse.Holder; got.PID != h.cmd.Process.Pid || got.Host != host || got.Command != lockCommand() {
		t.Errorf("holder %+v, want %s, pid %d on %s", got, lockCommand(), h.cmd.Process.Pid, host)
	}
	if since := inUse.Holder.Since; since.After(time.Now()) || time.Since(since) > time.Minute {
		t.Errorf("held since %v", since)
	}
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(f.dbPath) + ` is in use by \S+ \(pid ` + fmt.Sprint(h.cmd.Process.Pid) + ` on ` + regexp.QuoteMeta(host) + ` since \d\d:\d\d\); close it first$`)
	if !re.MatchString(err.Error()) {
		t.Errorf("message %q", err)
	}
	if after := filetest.Listing(t, f.dir); !slices.Equal(after, before) || filetest.StateOf(t, f.dbPath) != file {
		t.Fatalf("the refused writer changed the folder:\n%s\nwas\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	// readers are not held up
	r, err := OpenExisting(f.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if evs, err := r.Events(f.showID); err != nil || len(evs) == 0 {
		t.Fatalf("a reader beside the holder: %d events, %v", len(evs), err)
	}
	r.Close()

	h.stop(t)
	db2, err := Open(f.dbPath)
	if err != nil {
		t.Fatalf("after the holder ended: %v", err)
	}
	db2.Close()
}

// TestRefusedWriterCreatesNothing: a writer refused on a database that
// does not exist yet makes no database.
func TestRefusedWriterCreatesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	lk, err := LockDB(path, "drawshow run")
	if err != nil {
		t.Fatal(err)
	}
	defer lk.Release()
	// this process holds it: another is refused
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHolderProcess$")
	cmd.Env = append(os.Environ(), lockHelperEnv+"="+path, "GORACE=atexit_sleep_ms=0")
	out, err := cmd.Output()
	if err == nil || !strings.Contains(string(out), "refused: "+path+" is in use by drawshow run (pid "+fmt.Sprint(os.Getpid())) {
		t.Fatalf("the second process said %q (%v)", out, err)
	}
	for _, s := range []string{"", "-wal", "-shm", "-journal"} {
		if _, err := os.Stat(path + s); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("the refused writer made %s (%v)", path+s, err)
		}
	}
}

// TestKilledHolderFreesTheLock: the system frees the lock of a holder
// that dies without closing; the next writer opens at once.
func TestKilledHolderFreesTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "campaign.db")
	h := startHolder(t, path)
	if err := h.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	h.cmd.Wait()
	db, err := Open(path)
	if err != nil {
		t.Fatalf("after the holder was killed: %v", err)
	}
	db.Close()
}

// TestLockSharedWithinProcess: databases of one process share its lock,
// which holds until the last of them closes.
func TestLockSharedWithinProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "campaign.db")
	free := func() bool {
		t.Helper()
		f, err := os.OpenFile(path+LockSuffix, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		ok, err := tryLock(f)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			unlock(f)
		}
		return ok
	}
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatalf("a second database of this process: %v", err)
	}
	if free() {
		t.Fatal("the lock is free while two databases are open")
	}
	a.Close()
	if free() {
		t.Fatal("the lock is free while one database is open")
	}
	b.Close()
	if !free() {
		t.Fatal("the lock is held after both closed")
	}
	if h := readHolder(path + LockSuffix); h != nil {
		t.Fatalf("the freed lock file still names %+v", h)
	}
}

// BenchmarkLock is the lock's cost per command: take it (open the lock
// file, lock it, write the holder) and give it up.
func BenchmarkLock(b *testing.B) {
	path := filepath.Join(b.TempDir(), "campaign.db")
	for b.Loop() {
		lk, err := LockDB(path, "drawshow run")
		if err != nil {
			b.Fatal(err)
		}
		if err := lk.Release(); err != nil {
			b.Fatal(err)
		}
	}
}
