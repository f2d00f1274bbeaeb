#!/bin/sh
# Keeps the first screenshot of each scene: pick-shots.sh FROM TO.
# FROM holds NNN-SCENE.png files written by drawshow --shots.
set -eu
from=$1 to=$2
rm -rf "$to" && mkdir -p "$to"
for f in $(ls "$from"/*.png | sort); do
	scene=$(basename "$f" .png | sed 's/^[0-9]*-//')
	[ -e "$to/$scene.png" ] || cp "$f" "$to/$scene.png"
done
ls "$to"
