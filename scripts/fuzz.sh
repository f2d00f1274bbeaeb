#!/bin/sh
# Runs every fuzz target of the module. `go test -fuzz` takes one target
# of one package per call, so loop.
#
#   scripts/fuzz.sh          each target for FUZZTIME (default 20s): make fuzz
#   scripts/fuzz.sh short    each target for FUZZ_EXECS inputs (default 300)
#                            past its seeds: make fuzz-short, part of make test
#
# The short pass counts inputs, never time: at a short -fuzztime Go's
# coordinator can stop a worker mid-input and fail with "context deadline
# exceeded" (seen for FuzzImageHeader at 3s), however sound the code. Its
# one worker (-parallel 1) and the minimizing of a new input, bounded by a
# count too, keep it within a few seconds a target on a loaded machine. It
# fails only on a real finding, which Go writes to testdata/fuzz for the
# regression test it becomes.
#
# No fuzzed package loads a graphics library (scenes and the stage have no
# fuzz targets), so no display or Xvfb is needed.
set -eu
cd "$(dirname "$0")/.."
GO=${GO:-go}
mode=${1:-long}

case $mode in
long)
	FUZZTIME=${FUZZTIME:-20s}
	flags="-test.fuzztime=$FUZZTIME"
	;;
short)
	FUZZ_EXECS=${FUZZ_EXECS:-300}
	flags="-test.fuzzminimizetime=20x -test.parallel=1"
	;;
*)
	echo "usage: scripts/fuzz.sh [long|short]" >&2
	exit 2
	;;
esac

# Each package's fuzzing test binary is built once (go test -c -fuzz) and
# run once a target in the package's folder, with the fuzz cache go test
# itself would use: linking a binary a target took most of the time.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT INT TERM
cache=$($GO env GOCACHE)/fuzz
n=0
start=$(date +%s)
for dir in $(grep -rl --include='*_test.go' '^func Fuzz' . | grep -v '^\./\.' | xargs -n1 dirname | sort -u); do
	pkg=$($GO list "$dir")
	test=$bin/$(echo "$pkg" | tr / _).test
	$GO test -c -fuzz=. -o "$test" "$dir"
	for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$dir"/*_test.go); do
		count=
		if [ "$mode" = short ]; then
			count=$FUZZ_EXECS
			case $target in
			# tens of milliseconds an input: a workbook written and read
			# four times, an export copied and verified
			FuzzReadEntriesXLSX | FuzzVerifyExport) count=$((FUZZ_EXECS / 6 + 1)) ;;
			esac
			count="-test.fuzztime=${count}x"
		fi
		echo "== $dir $target $count $flags"
		# shellcheck disable=SC2086 # flags are words
		(cd "$dir" && "$test" -test.run='^$' -test.fuzz="^$target\$" $count $flags \
			-test.timeout=10m -test.fuzzcachedir="$cache/$pkg")
		n=$((n + 1))
	done
done
[ "$n" -gt 0 ] || echo "no fuzz targets yet"
echo "== $n fuzz targets ($mode) in $(($(date +%s) - start))s"
