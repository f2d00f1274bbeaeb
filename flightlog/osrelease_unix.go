//go:build unix

package flightlog

import (
	"bufio"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// osRelease is the system as support asks for it: the distribution's
// name (/etc/os-release) and the kernel's release.
func osRelease() string {
	var parts []string
	if f, err := os.Open("/etc/os-release"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "PRETTY_NAME="); ok {
				parts = append(parts, strings.Trim(v, `"'`))
			}
		}
		f.Close()
	}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		parts = append(parts, unix.ByteSliceToString(u.Sysname[:])+" "+unix.ByteSliceToString(u.Release[:]))
	}
	return strings.Join(parts, ", ")
}
