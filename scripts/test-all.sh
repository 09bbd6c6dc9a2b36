#!/usr/bin/env bash
# Runs every test of every module in this repository: the root module and
# each side module (a folder with its own go.mod), with -race -count=1.
# Arguments, when given, replace those flags (e.g. -short). Exits non-zero
# when any module fails. This is the command the README gives and CI runs.
set -u
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then set -- -race -count=1; fi
status=0
for mod in $(git ls-files --cached --others --exclude-standard '*go.mod' | xargs -n1 dirname | sort); do
	echo "=== go test $* ./... in ${mod}"
	if ! (cd "$mod" && go test "$@" ./...); then
		echo "--- FAIL: module ${mod}"
		status=1
	fi
done
exit $status
