#!/usr/bin/env bash
# Runs staticcheck ./... in every module of this repository (the root and
# each folder with its own go.mod), with a pinned staticcheck that this
# script installs itself: go install into a per-version cache folder
# (and per-Go-version) cache folder outside the repository, reused on later
# runs.
#
#   bash scripts/staticcheck.sh          # every module
#   STATICCHECK_BIN=/path bash ...       # use that folder for the binary
#
# Exits non-zero when staticcheck reports anything in any module.
set -u
cd "$(dirname "$0")/.."

# staticcheck 2026.2.2; the newest release on the proxy that builds with
# and understands Go 1.26 and 1.27.
version=v0.8.2
# Keyed by the Go version too: a staticcheck built by one Go release cannot
# load the standard library of the next.
bin=${STATICCHECK_BIN:-${XDG_CACHE_HOME:-$HOME/.cache}/jotlib-jwt/staticcheck-$version-$(go env GOVERSION)}
if [ ! -x "$bin/staticcheck" ]; then
	echo "=== installing honnef.co/go/tools/cmd/staticcheck@$version into $bin"
	mkdir -p "$bin"
	# From outside the repository, so neither go.work nor a go.mod here applies.
	(cd / && GOWORK=off GOFLAGS= GOBIN="$bin" go install "honnef.co/go/tools/cmd/staticcheck@$version") || {
		echo "--- FAIL: could not install staticcheck $version"
		exit 1
	}
fi
echo "=== $("$bin/staticcheck" -version) under $(go env GOVERSION)"

status=0 failed=0 n=0
for mod in $(git ls-files --cached --others --exclude-standard '*go.mod' | xargs -n1 dirname | sort -u); do
	n=$((n + 1))
	echo "=== staticcheck ./... in ${mod}"
	if ! (cd "$mod" && "$bin/staticcheck" ./...); then
		echo "--- FAIL: staticcheck in ${mod}"
		status=1 failed=$((failed + 1))
	fi
done
echo "$((n - failed)) passed, ${failed} failed"
exit $status
