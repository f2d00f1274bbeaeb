#!/bin/sh
# Runs the program's end-to-end test (cmd/drawshow TestProgramEndToEnd)
# on drawshow.exe under Wine 10: scripts/wine/test.sh BUILD CHROOT, where
# BUILD holds drawshow.exe, drawshow-stage.exe and drawshow.test, the
# Linux test binary (make windows-test builds them), and CHROOT is the
# Debian 13 chroot that scripts/wine/chroot.sh makes there if it is not
# yet made. The test, the programs and the test's inputs are copied into
# the chroot's /work and run there: the test as a Linux program, each
# drawshow command it runs as `wine drawshow.exe`, on an Xvfb for the
# stage's. Only /proc is mounted into the chroot, and unmounted at the end.
set -eu
[ "$(id -u)" -eq 0 ] || exec sudo "$0" "$@"
build=$(realpath "$1") root=$(realpath -m "$2")
cd "$(dirname "$0")/../.."
scripts/wine/chroot.sh "$root"

work=$root/work
rm -rf --one-file-system "$work"
mkdir -p "$work/cmd/drawshow"
cp "$build/drawshow.exe" "$build/drawshow-stage.exe" "$build/drawshow.test" "$work/"
cp -R examples "$work/"
cp -R cmd/drawshow/testdata "$work/cmd/drawshow/"

wine_env="HOME=/root WINEPREFIX=/root/wine WINEDEBUG=-all WINEDLLOVERRIDES=mscoree,mshtml= XDG_RUNTIME_DIR=/tmp/xdg"
# every mount under the chroot: this run's /proc, or a killed run's
unmount() {
	awk -v d="$(realpath -m "$root")/" 'index($2, d) == 1 { print $2 }' /proc/mounts |
		sort -r | while read -r m; do umount "$m" || umount -l "$m"; done
}
finish() {
	chroot "$root" env $wine_env wineserver -k 2>/dev/null || true
	chroot "$root" env $wine_env wineserver -w 2>/dev/null || true
	unmount
}
unmount
trap finish EXIT
trap 'exit 1' INT TERM HUP
mount -t proc proc "$root/proc"
mkdir -p -m 700 "$root/tmp/xdg"

# One Wine server, with its services, for all the commands, started on
# the Xvfb (the stage's windows go to its desktop) and apart from the
# test's pipes: a command then starts in 0.2 s, not 2, and the test does
# not wait for a server that inherited its output to end.
chroot "$root" env -i PATH=/usr/bin:/bin $wine_env \
	DRAWSHOW_EXE=/work/drawshow.exe DRAWSHOW_RUNNER=wine \
	xvfb-run -a -s "-screen 0 1920x1080x24" sh -c '
		wineserver -p && wine wineboot </dev/null >/dev/null 2>&1
		cd /work/cmd/drawshow && exec /work/drawshow.test \
			-test.run "^TestProgramEndToEnd$" -test.count=1 -test.timeout=10m -test.v'
