#!/bin/sh
# Runs every fuzz target of the module for FUZZTIME each (default 20s).
# `go test -fuzz` takes one target of one package per call, so loop.
set -eu
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-20s}

n=0
for file in $(grep -rl --include='*_test.go' '^func Fuzz' . | sort); do
	dir=$(dirname "$file")
	for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$file"); do
		echo "== $dir $target ($FUZZTIME)"
		if [ -n "${DISPLAY:-}" ]; then
			$GO test -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" "$dir"
		else
			xvfb-run -a -s "-screen 0 1920x1080x24" $GO test -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" "$dir"
		fi
		n=$((n + 1))
	done
done
[ "$n" -gt 0 ] || echo "no fuzz targets yet"
