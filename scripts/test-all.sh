#!/usr/bin/env bash
# Runs every test of every module in this repository: the root module and
# each side module (a folder with its own go.mod), with -race -count=1.
# This is the command the README gives and CI runs.
#
#   bash scripts/test-all.sh            # go test -race -count=1 ./... in every module
#   bash scripts/test-all.sh -short     # arguments replace the flags
#   NO_RACE=1 bash scripts/test-all.sh  # run without -race (no C compiler needed)
#   JOBS=1 bash scripts/test-all.sh     # one module at a time (default: 2)
#   MODULES="jsoniterext codecs" bash scripts/test-all.sh
#                                       # only these modules (folders with a
#                                       # go.mod, "." for the root)
#
# -race needs cgo, hence a C compiler: when cgo is off or the compiler is
# missing, the script says what to install and fails instead of quietly
# testing without the race detector; NO_RACE=1 asks for that explicitly.
# Each module's name is printed as it starts and go test's package lines
# are streamed (prefixed with the module when two run at once), as plain
# go test prints them: "ok" per passing package, the output of each
# failing test. The script runs go test -json and renders it with a small
# awk filter, which is how it sees skipped tests (plain go test shows them
# only with -v, among every other test); with -v among the arguments every
# line of every test is shown. -json costs no measurable time, and the
# filter is POSIX awk (checked with mawk, gawk and the BWK awk of macOS);
# scripts/testall_test.go runs this script on a fixture repository.
#
# The last line is "N passed, N failed, N skipped". passed and failed
# count test packages (a module whose go test fails before any package
# runs counts as one failure); skipped counts the tests and subtests that
# called t.Skip (a package without test files is not counted). Before it,
# one line per data-dependent suite that skipped (the public suites in
# ../shared/testdata: Wycheproof, JSONTestSuite) says so and why, e.g.
# "skipped: Wycheproof (../shared/testdata/wycheproof absent): 2 tests",
# and one line per other skipped test gives its message. The exit status
# is non-zero when any package failed; skips do not fail the run.
#
# With more than one module at a time (JOBS), the modules' dependencies are
# built once first ("=== building the modules' dependencies once"): see
# warm_deps below.
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
		echo "0 passed, 1 failed, 0 skipped"
		exit 1
	fi
fi

case "${GORACE:-}" in
*atexit_sleep_ms*) ;;
*) export GORACE="${GORACE:+$GORACE }atexit_sleep_ms=0" ;;
esac

verbose=0
for arg in "$@"; do
	case "$arg" in -v | -v=true | -test.v | -test.v=true) verbose=1 ;; esac
done

maxjobs=${JOBS:-2}
if [ "${BASH_VERSINFO[0]}${BASH_VERSINFO[1]}" -lt 43 ]; then maxjobs=1; fi # wait -n is bash 4.3
modules=$(git ls-files --cached --others --exclude-standard '*go.mod' | xargs -n1 dirname | sort -u)
if [ -n "${MODULES:-}" ]; then
	for mod in $MODULES; do
		if ! printf '%s\n' "$modules" | grep -qxF -- "$mod"; then
			echo "test-all: MODULES names \"$mod\", which is not a module here; the modules are:" $modules
			echo "0 passed, 1 failed, 0 skipped"
			exit 1
		fi
	done
	modules=$MODULES
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

# warm_deps builds, quietly and once, what the modules' test binaries
# import but do not compile themselves: the standard library, the other
# modules' packages and this repository's non-test packages, with the
# build flags of the run (-race). It runs before any module's tests,
# because two go commands that need the same uncached package each build
# it (on an empty build cache, -race -run=XXX over every module: 208 s of
# CPU with the modules' go commands building side by side, 198 s with
# this first). In the workspace (go.work) every module's dependencies are
# built by one go build, else one module after another. It is only a
# warm-up: a package that does not load is left out, and any failure
# shows in the tests that follow. With arguments other than -race,
# -count, -run=, -v, -short, -timeout=, -failfast, -parallel=, -cpu= and
# -vet= it is skipped (others could change what the tests build).
warm_deps() {
	local arg flags= list pkgs ws dirs mod patterns=()
	for arg in "$@"; do
		case "$arg" in
		-race | -race=true) flags=-race ;;
		-count=* | -run=* | -v | -v=* | -short | -short=* | -timeout=* | -failfast | -parallel=* | -cpu=* | -vet=*) ;;
		*) return 0 ;;
		esac
	done
	list='{{if and (not .ForTest) (ne .Name "main") (not .Error) (not .DepsErrors) (or .GoFiles .CgoFiles)}}{{.ImportPath}}{{end}}'
	ws=$(go env GOWORK 2>/dev/null)
	if [ -n "$ws" ] && [ "$ws" != off ]; then
		dirs=$(go list -m -f '{{.Dir}}' 2>/dev/null)
		for mod in $modules; do
			if printf '%s\n' "$dirs" | grep -qxF -e "$(cd "$mod" && pwd)" -e "$(cd "$mod" && pwd -P)"; then
				if [ "$mod" = . ]; then patterns+=(./...); else patterns+=("./$mod/..."); fi
			else # not in go.work: on its own, first
				pkgs=$(cd "$mod" && go list -e -deps -test -f "$list" ./... 2>/dev/null)
				[ -z "$pkgs" ] || (cd "$mod" && go build $flags $pkgs >/dev/null 2>&1)
			fi
		done
		if [ ${#patterns[@]} -gt 0 ]; then
			pkgs=$(go list -e -deps -test -f "$list" "${patterns[@]}" 2>/dev/null | sort -u)
			[ -z "$pkgs" ] || go build $flags $pkgs >/dev/null 2>&1
		fi
		return 0
	fi
	for mod in $modules; do
		pkgs=$(cd "$mod" && go list -e -deps -test -f "$list" ./... 2>/dev/null)
		[ -z "$pkgs" ] || (cd "$mod" && go build $flags $pkgs >/dev/null 2>&1)
	done
}
if [ "$(echo "$modules" | wc -w)" -gt 1 ] && [ "$maxjobs" -gt 1 ]; then
	t0=$SECONDS
	echo "=== building the modules' dependencies once"
	warm_deps "$@"
	echo "=== dependencies built in $((SECONDS - t0))s"
fi

# render reads go test -json and prints what plain go test prints (or,
# verbose, every line of output), and writes one line per skipped test to
# the file skips: package, test and the skip's message, tab-separated.
# Lines that are not JSON (the go command's own errors) pass through.
render='
function str(name,   i, rest, end, j, n) { # the string member name of the event, unescaped
	if (!(i = index($0, "\"" name "\":\""))) return ""
	rest = substr($0, i + length(name) + 4)
	for (end = 0; (j = index(substr(rest, end + 1), "\"")) > 0; ) {
		end += j # a quote; it closes the string unless an odd number of backslashes escape it
		for (n = 0; substr(rest, end - n - 1, 1) == "\\"; n++) {}
		if (n % 2 == 0) return unescape(substr(rest, 1, end - 1))
	}
	return ""
}
function unescape(s,   out, i, c) {
	out = ""
	while ((i = index(s, "\\")) > 0) {
		out = out substr(s, 1, i - 1)
		c = substr(s, i + 1, 1)
		if (c == "u") { out = out utf8(substr(s, i + 2, 4)); s = substr(s, i + 6); continue }
		if (c == "n") c = "\n"; else if (c == "t") c = "\t"; else if (c == "r") c = "\r"
		else if (c == "b") c = "\b"; else if (c == "f") c = "\f"
		out = out c
		s = substr(s, i + 2)
	}
	return out s
}
function utf8(hex,   n, i) { # \uXXXX (Go escapes <, >, &, controls, U+2028, U+2029, U+FFFD)
	n = 0
	for (i = 1; i <= 4; i++) n = n * 16 + index("0123456789abcdef", tolower(substr(hex, i, 1))) - 1
	if (n < 128) return sprintf("%c", n)
	if (n < 2048) return sprintf("%c%c", 192 + int(n / 64), 128 + n % 64)
	return sprintf("%c%c%c", 224 + int(n / 4096), 128 + int(n / 64) % 64, 128 + n % 64)
}
function indent(test,   d, s) { d = gsub("/", "/", test); s = ""; while (d-- > 0) s = s "    "; return s }
function parent(test) { sub("/[^/]*$", "", test); return test }
function flush(pkg,   k) {
	printf "%s", out[pkg]; delete out[pkg]
	for (k in body) if (index(k, pkg SUBSEP) == 1) { printf "%s%s", head[k], body[k]; delete body[k]; delete head[k] }
}
!/^[{]/ { print; fflush(); next }
{
	action = str("Action"); pkg = str("Package"); test = str("Test"); key = pkg SUBSEP test
}
action == "build-output" { printf "%s", str("Output"); fflush(); next }
action == "output" {
	line = str("Output")
	if (verbose) { printf "%s", line; fflush() }
	if (test == "") { if (line != "PASS\n") out[pkg] = out[pkg] line; next }
	if (line ~ /^=== (RUN|PAUSE|CONT|NAME) / || line ~ /^--- (PASS|SKIP): /) next
	if (line ~ /^--- FAIL: /) head[key] = indent(test) line
	else body[key] = body[key] indent(test) line
	next
}
(action == "pass" || action == "fail" || action == "skip") && test != "" {
	if (action == "skip") {
		why = body[key]; sub(/^[ \t]+/, "", why); sub(/\n.*/, "", why)
		printf "%s\t%s\t%s\n", pkg, test, why >> skips
	}
	if (action == "fail") {
		block = head[key] body[key]
		if (index(test, "/")) body[pkg SUBSEP parent(test)] = body[pkg SUBSEP parent(test)] block
		else out[pkg] = out[pkg] block
	}
	delete body[key]; delete head[key]
	next
}
action == "pass" || action == "fail" || action == "skip" { if (!verbose) flush(pkg); else delete out[pkg]; fflush() }
END { if (!verbose) for (p in out) flush(p) }
'

# run_module tests one module, streaming the rendered output, and leaves it
# in $tmp/<n>.log, go test's exit status in $tmp/<n>.rc and the skipped
# tests in $tmp/<n>.skips.
run_module() {
	local mod=$1 n=$2 t0=$SECONDS
	echo "=== module ${mod}: go test ${*:3} ./..."
	: >"$tmp/$n.skips"
	(cd "$mod" && { go test -json "${@:3}" ./... 2>&1; echo $? >"$tmp/$n.rc"; } |
		LC_ALL=C awk -v verbose="$verbose" -v skips="$tmp/$n.skips" "$render") | tee "$tmp/$n.log"
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

# The skipped tests: one line per data-dependent suite whose folder is
# absent and whose tests skipped (known by their skip messages), then one
# per other skipped test (package, test: its message), packages named
# below the root module's path.
n=0
for mod in $modules; do
	n=$((n + 1))
	cat "$tmp/$n.skips"
done >"$tmp/skips"
skipped=$(wc -l <"$tmp/skips" | tr -d ' ')
shared=../shared/testdata
LC_ALL=C awk -F '\t' -v root="$(sed -n 's/^module //p' go.mod)" -v shared="$shared" \
	-v have_wp="$([ -d "$shared/wycheproof" ] && echo 1)" -v have_jts="$([ -d "$shared/jsontestsuite" ] && echo 1)" '
	function suite(name, dir) {
		if (count[name]) printf "skipped: %s (%s/%s absent): %d test%s\n", name, shared, dir, count[name], (count[name] == 1 ? "" : "s")
	}
	{ msg = tolower($3) }
	msg ~ /wycheproof/ && !have_wp { count["Wycheproof"]++; next }
	msg ~ /jsontestsuite/ && !have_jts { count["JSONTestSuite"]++; next }
	{
		pkg = $1; if (index(pkg, root) == 1) pkg = substr(pkg, length(root) + 2); if (pkg == "") pkg = "."
		other[++n] = sprintf("skipped: %s %s: %s", pkg, $2, $3)
	}
	END {
		suite("Wycheproof", "wycheproof"); suite("JSONTestSuite", "jsontestsuite")
		for (i = 1; i <= n; i++) print other[i]
	}' "$tmp/skips"
echo "test-all: $(echo "$modules" | wc -w) modules in $((SECONDS - start))s under $(go env GOVERSION)"
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" = 0 ]
