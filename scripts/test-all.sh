#!/usr/bin/env bash
# Runs every test of every module in this repository: the root module and
# each side module (a folder with its own go.mod). Extra arguments go to
# `go test` (e.g. -race, -count=1). Exits non-zero when any module fails.
set -u
cd "$(dirname "$0")/.."
status=0
for mod in $(git ls-files --cached --others --exclude-standard '*go.mod' | xargs -n1 dirname | sort); do
	echo "=== go test $* ./... in ${mod}"
	if ! (cd "$mod" && go test "$@" ./...); then
		echo "--- FAIL: module ${mod}"
		status=1
	fi
done
exit $status
