package flightlog

import (
	"fmt"

	"golang.org/x/sys/windows"
)

// osRelease is the system as support asks for it: Windows's version and
// build, as the kernel reports it (not as a compatibility shim would).
func osRelease() string {
	v := windows.RtlGetVersion()
	return fmt.Sprintf("Windows %d.%d build %d", v.MajorVersion, v.MinorVersion, v.BuildNumber)
}
