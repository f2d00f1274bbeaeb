#!/bin/sh
# Runs the program's end-to-end test (cmd/drawshow TestProgramEndToEnd)
# on drawshow.exe under Wine 10, then holds each system's record to the
# other's verify: a rehearsal run and archived by the Linux drawshow is
# verified (the zip and the database) by drawshow.exe and by the
# auditor's drawshow-verify.exe (built without cgo), and one run and
# archived by drawshow.exe by the Linux drawshow, so that a record made
# on one system verifies on the other (issue 40: a Windows path once
# failed on Linux). scripts/wine/test.sh BUILD CHROOT, where BUILD holds
# drawshow.exe, drawshow-stage.exe, drawshow-verify.exe, drawshow.test, the Linux test binary,
# and drawshow, the Linux program (make windows-test builds them), and CHROOT is the
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
cp "$build/drawshow.exe" "$build/drawshow-stage.exe" "$build/drawshow-verify.exe" "$build/drawshow.test" "$build/holdopen.exe" "$work/"
cp -R examples "$work/"
cp -R cmd/drawshow/testdata "$work/cmd/drawshow/"

# the same rehearsal on each system, with the formats fixtures' seed and
# clock: rehearse PROGRAM DIR runs examples/saturday into DIR, archived;
# defined once, here and (through the environment) inside the chroot
rehearse_sh='rehearse() {
	$1 run examples/saturday/show.yaml --db "$2/campaign.db" --headless \
		--actions examples/saturday/actions.txt --rehearsal \
		--seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
		--clock 2024-11-30T21:30 >/dev/null &&
		$1 archive --db "$2/campaign.db" --out "$2/saturday.zip" >/dev/null
}'
eval "$rehearse_sh"
mkdir -p "$work/linux-made" "$work/wine-made"
(cd "$work" && rehearse "$build/drawshow" linux-made) || { echo "the Linux rehearsal failed"; exit 1; }

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
	DRAWSHOW_EXE=/work/drawshow.exe DRAWSHOW_RUNNER=wine "REHEARSE=$rehearse_sh" \
	xvfb-run -a -s "-screen 0 1920x1080x24" sh -c '
		wineserver -p && wine wineboot </dev/null >/dev/null 2>&1
		cd /work/cmd/drawshow && /work/drawshow.test \
			-test.run "^TestProgramEndToEnd$" -test.count=1 -test.timeout=10m -test.v || exit 1
		cd /work && eval "$REHEARSE"
		echo "== drawshow.exe verifies the record the Linux drawshow made"
		wine drawshow.exe verify linux-made/saturday.zip && wine drawshow.exe verify --db linux-made/campaign.db || exit 1
		echo "== drawshow-verify.exe, built without cgo for the auditor, verifies it too"
		wine drawshow-verify.exe linux-made/saturday.zip && wine drawshow-verify.exe --db linux-made/campaign.db || exit 1
		echo "== drawshow.exe makes a record for the Linux drawshow"
		rehearse "wine drawshow.exe" wine-made || exit 1
		echo "== an export over a winners.xlsx open in another program fails, and changes nothing"
		wine drawshow.exe export --db wine-made/campaign.db --out wine-made/export >/dev/null || exit 1
		h=$(mktemp -d) && mkfifo "$h/hold" || exit 1
		(wine holdopen.exe wine-made/export/winners.xlsx <"$h/hold" >"$h/held" &)
		exec 3>"$h/hold"
		i=0; until grep -q held "$h/held"; do sleep 0.2; i=$((i+1)); [ $i -lt 300 ] || { echo "holdopen never held the file"; exit 1; }; done
		if wine drawshow.exe export --db wine-made/campaign.db --out wine-made/export 2>"$h/err"; then
			echo "the export went over an open winners.xlsx"; exit 1
		fi
		grep "winners.xlsx is open in another program" "$h/err" || { cat "$h/err"; exit 1; }
		if ls -A wine-made | grep drawshow-tmp; then echo "the refused export left a folder behind"; exit 1; fi
		exec 3>&-'
echo "== the Linux drawshow verifies the record drawshow.exe made"
"$build/drawshow" verify "$work/wine-made/saturday.zip"
"$build/drawshow" verify --db "$work/wine-made/campaign.db"
# and the two systems made the same record: the same journal, row for row
journal_head() { "$build/drawshow" verify --db "$1" | grep '^journal OK: '; }
[ "$(journal_head "$work/wine-made/campaign.db")" = "$(journal_head "$work/linux-made/campaign.db")" ] ||
	{ echo "drawshow.exe and the Linux drawshow made different journals of the same rehearsal"; exit 1; }
