#!/bin/sh
# Makes DIR a Debian 13 (trixie) chroot with Wine 10, where the Windows
# programs run: scripts/wine/chroot.sh DIR. Debian 12's Wine 8 cannot
# start a Go 1.26 program (bcryptprimitives.dll not found), hence a newer
# Debian beside this one. Nothing is downloaded but Debian's packages.
#
# Made once and reused: the chroot is built in DIR.tmp and renamed to DIR
# when whole, with a stamp naming what it holds; an interrupted build is
# thrown away by the next. Needs root (debootstrap, chroot, mount).
set -eu
dir=${1:?usage: scripts/wine/chroot.sh DIR}
mirror=http://deb.debian.org/debian
# Wine, and an X server for the stage's commands
packages="wine wine64 xvfb xauth"
# what the stamp says: a change here (a package more) makes a new chroot
want="trixie minbase $packages prefix=/root/wine"
stamp=.drawshow-chroot

if [ "$(cat "$dir/$stamp" 2>/dev/null)" = "$want" ]; then
	exit 0
fi
command -v debootstrap >/dev/null 2>&1 || "$(dirname "$0")/../deps.sh" debootstrap

tmp=$dir.tmp log=$dir.log
mkdir -p "$(dirname "$dir")"
# unmount: every mount left under $1 (/proc, a killed debootstrap's),
# deepest first
unmount() {
	awk -v d="$(realpath -m "$1")/" 'index($2, d) == 1 { print $2 }' /proc/mounts |
		sort -r | while read -r m; do umount "$m" || umount -l "$m"; done
}
in_chroot() { chroot "$tmp" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
unmount "$tmp" # an interrupted build's
rm -rf --one-file-system "$tmp"

# debootstrap and apt say much: into the log, and its end on a failure
echo "wine-chroot: making $dir (a few minutes; the log: $log)"
exec 3>&1 >"$log" 2>&1
trap 'status=$?; unmount "$tmp"
	[ $status -eq 0 ] || { echo "wine-chroot: failed; the end of $log:"; tail -n 30 "$log"; } >&3' EXIT
trap 'exit 1' INT TERM HUP

echo "wine-chroot: debootstrap trixie into $tmp"
debootstrap --variant=minbase trixie "$tmp" "$mirror"
cp /etc/resolv.conf "$tmp/etc/resolv.conf"
mount -t proc proc "$tmp/proc"
echo "wine-chroot: apt-get install $packages"
in_chroot DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $packages
in_chroot apt-get clean
# The Wine prefix, made now rather than at each test's first start; no
# Mono or Gecko (their installers would be a download).
echo "wine-chroot: wineboot"
in_chroot WINEPREFIX=/root/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" wine wineboot -i
in_chroot WINEPREFIX=/root/wine wineserver -w
unmount "$tmp"
echo "$want" >"$tmp/$stamp"

unmount "$dir" # a killed test's, in an older chroot
rm -rf --one-file-system "$dir"
mv "$tmp" "$dir"
echo "wine-chroot: $dir is ready" >&3
