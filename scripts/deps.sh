#!/bin/sh
# Installs the Debian packages drawshow needs to build and test, and only
# those that are missing. CI runs it as root; a developer may be asked for
# the sudo password.
#   scripts/deps.sh            everything: the build's and the tests'
#   scripts/deps.sh --build    the build's only (make release)
#   scripts/deps.sh PACKAGE... those
# --list prints the packages instead of installing them.
set -eu

# Build (cgo: SQLite now, GLFW/OpenGL for ebiten with the stage), the X
# server the scenes tests run under, the sqlite3 shell the import benchmark
# compares against, poppler-utils (pdftotext) for the PDF export tests, and
# libreoffice-calc-nogui (soffice --headless) that the CSV export tests open
# winners.csv and collection.csv with, as a spreadsheet would, and chromium,
# the headless browser the operator console's tests (console/) drive with
# chromedp, GNU time, which the memory tests read a child's peak RSS from,
# PulseAudio with its tools (pactl, parecord): the sound tests start a
# server of their own on a null sink and record its monitor; and MinGW-w64's
# C compiler for the Windows build (make windows, make release: SQLite and
# miniaudio through cgo), and debootstrap, which makes the Debian 13
# chroot whose Wine runs the Windows programs (make windows-test).
#
# The build alone (make release: both programs for Linux and Windows) is
# the C compilers and the headers cgo compiles against, and MinGW-w64's
# binutils, whose windres compiles the Windows programs' icon and version
# information; the rest are test tools.
BUILD="build-essential pkg-config libx11-dev libxrandr-dev libxcursor-dev
libxinerama-dev libxi-dev libxxf86vm-dev libgl1-mesa-dev
gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64"
TEST="libgl1-mesa-dri xvfb xauth sqlite3 poppler-utils libreoffice-calc-nogui
chromium time pulseaudio pulseaudio-utils debootstrap"
PACKAGES="$BUILD $TEST"
list=""
while [ $# -gt 0 ]; do
	case $1 in
	--build) PACKAGES=$BUILD ;;
	--list) list=1 ;;
	-*) echo "deps: unknown option $1 (--build, --list)" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
[ $# -gt 0 ] && PACKAGES="$*"
if [ -n "$list" ]; then
	echo $PACKAGES
	exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps: not a Debian system (no dpkg-query); make sure these are installed: $(echo $PACKAGES)" >&2
	exit 0
fi

missing=""
for p in $PACKAGES; do
	case "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" in
	*" ok installed") ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	as_root=""
elif command -v sudo >/dev/null 2>&1; then
	as_root="sudo"
else
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run as root:" >&2
	echo "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi

echo "deps: installing$missing"
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
