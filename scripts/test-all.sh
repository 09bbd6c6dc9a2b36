#!/usr/bin/env bash
# Runs every test of every module in this repository: the root module and
# each side module (a folder with its own go.mod), with -race -count=1.
# This is the command the README gives and CI runs.
#
#   bash scripts/test-all.sh            # go test -race -count=1 ./... in every module
#   bash scripts/test-all.sh -short     # arguments replace the flags
#   NO_RACE=1 bash scripts/test-all.sh  # run without -race (no C compiler needed)
#   JOBS=1 bash scripts/test-all.sh     # one module at a time (default: 2)
#
# -race needs cgo, hence a C compiler: when cgo is off or the compiler is
# missing, the script says what to install and fails instead of quietly
# testing without the race detector; NO_RACE=1 asks for that explicitly.
# Each module's name is printed as it starts and go test's package lines
# are streamed (prefixed with the module when two run at once). The last
# line is "N passed, N failed", counting test packages (a module whose
# go test fails before any package runs counts as one failure); the exit
# status is non-zero when any failed.
#
# Unless GORACE already sets it, GORACE=atexit_sleep_ms=0 keeps each race
# test binary from sleeping the race runtime's default second before it
# exits (races are still reported and still fail the test).
set -u
cd "$(dirname "$0")/.."

if [ $# -eq 0 ]; then
	if [ "${NO_RACE:-}" = 1 ]; then
		echo "NO_RACE=1: testing WITHOUT the race detector"
		set -- -count=1
	else
		set -- -race -count=1
	fi
fi

race=0
for arg in "$@"; do
	case "$arg" in -race | -race=true) race=1 ;; esac
done
if [ $race = 1 ]; then
	cc=$(go env CC)
	if [ "$(go env CGO_ENABLED)" != 1 ] || ! command -v "${cc%% *}" >/dev/null 2>&1; then
		echo "test-all: go test -race needs cgo and a C compiler, and this machine has"
		echo "  CGO_ENABLED=$(go env CGO_ENABLED), CC=${cc:-none} ($(command -v "${cc%% *}" || echo "not found"))."
		if command -v "${cc%% *}" >/dev/null 2>&1; then
			echo "  Turn cgo on (unset CGO_ENABLED or set CGO_ENABLED=1), or run"
		else
			echo "  Install a C compiler (Debian/Ubuntu: apt-get install gcc; Fedora: dnf install gcc;"
			echo "  Alpine: apk add gcc musl-dev; macOS: xcode-select --install), or run"
		fi
		echo "  NO_RACE=1 bash scripts/test-all.sh to test without the race detector."
		echo "0 passed, 1 failed"
		exit 1
	fi
fi

case "${GORACE:-}" in
*atexit_sleep_ms*) ;;
*) export GORACE="${GORACE:+$GORACE }atexit_sleep_ms=0" ;;
esac

maxjobs=${JOBS:-2}
if [ "${BASH_VERSINFO[0]}${BASH_VERSINFO[1]}" -lt 43 ]; then maxjobs=1; fi # wait -n is bash 4.3
modules=$(git ls-files --cached --others --exclude-standard '*go.mod' | xargs -n1 dirname | sort -u)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

# run_module tests one module, streaming go test's output, and leaves the
# output in $tmp/<n>.log and go test's exit status in $tmp/<n>.rc.
run_module() {
	local mod=$1 n=$2 t0=$SECONDS
	echo "=== module ${mod}: go test ${*:3} ./..."
	(cd "$mod" && go test "${@:3}" ./... 2>&1; echo $? >"$tmp/$n.rc") | tee "$tmp/$n.log"
	echo "=== module ${mod}: done in $((SECONDS - t0))s (exit $(cat "$tmp/$n.rc"))"
}

n=0
for mod in $modules; do
	n=$((n + 1))
	if [ "$maxjobs" -le 1 ]; then
		run_module "$mod" "$n" "$@"
		continue
	fi
	while [ "$(jobs -rp | wc -l)" -ge "$maxjobs" ]; do wait -n; done
	run_module "$mod" "$n" "$@" 2>&1 | sed -u "s|^|[${mod}] |" &
done
wait

passed=0 failed=0 n=0
for mod in $modules; do
	n=$((n + 1))
	ok=$(grep -c '^ok[[:space:]]' "$tmp/$n.log")
	bad=$(grep -c '^FAIL[[:space:]][[:space:]]*[^[:space:]]' "$tmp/$n.log")
	if [ "$(cat "$tmp/$n.rc" 2>/dev/null || echo 1)" != 0 ] && [ "$bad" = 0 ]; then
		bad=1 # go test failed before any package ran (go.mod, build setup)
	fi
	[ "$bad" = 0 ] || echo "--- FAIL: module ${mod} (${bad} failed)"
	passed=$((passed + ok)) failed=$((failed + bad))
done
echo "test-all: $(echo "$modules" | wc -w) modules in $((SECONDS - start))s under $(go env GOVERSION)"
echo "${passed} passed, ${failed} failed"
[ "$failed" = 0 ]
