#!/usr/bin/env bash
# Runs the benchmarks (this module's peer comparison and the root package's
# bench_test.go) under the machine's Go and under Go 1.27, runs the load
# test of examples/server under both, profiles the HS256 hot paths,
# summarises with benchstat, and writes ../BENCHMARKS.md with medians,
# ratios to golang-jwt, to the bare-crypto floor and (HS256) to the
# rule-free floor of the same codec, the issue 11 and issue 26 targets,
# and the verified-token cache's rows (a repeated token, a miss against a
# full cache; issue 26), and the SD-JWT section (sdjwt/bench_test.go:
# issue, present, verify of a credential with ten disclosable claims and
# the sizes issued and presented, beside the plain ES256 parse; issue 28).
# The jwthttp middleware and DPoP sections are measured apart and kept in
# results/jwthttp-middleware.md and results/dpop.md (with their raw .txt):
# this script never deletes them.
#
# The machine is shared and noisy, so the test binaries are built once and
# run -count times in interleaved rounds (every library and both Go
# versions in each round): a burst of load from elsewhere then hits every
# row alike instead of one library's six consecutive runs.
#
# The ML-DSA rows (this library and the bare crypto only) exist in the Go
# 1.27 binary alone: a Go 1.26 build has no crypto/mldsa, and the report
# shows a dash for it.
#
# Knobs (environment): COUNT (rounds, default 6), BENCHTIME (default
# 300ms), BENCH (benchmark regexp for this module, default .), ROOT_BENCH
# (for the root package's bench_test.go, default none: this module's
# jotlib-oneshot rows carry its one-shot vs reused comparison with CPU
# time; set it to . to run it too, wall time only), SDJWT_BENCH (for
# sdjwt/bench_test.go, default .; none skips the SD-JWT section's runs),
# GO_NEW (default
# go1.27.3), LOAD (default 1; 0 skips the load test), PROFILE (default 1:
# CPU and allocation profiles of HS256 Verifier.ParseWithClaims and
# Signer.Sign with struct claims, under both Go versions), RESULTS (default
# results: raw outputs), OUT (default ../BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
COUNT=${COUNT:-6}
BENCHTIME=${BENCHTIME:-300ms}
BENCH=${BENCH:-.}
ROOT_BENCH=${ROOT_BENCH:-none}
SDJWT_BENCH=${SDJWT_BENCH:-.}
GO_NEW=${GO_NEW:-go1.27.3}
LOAD=${LOAD:-1}
PROFILE=${PROFILE:-1}
res=${RESULTS:-results}
[[ $res = /* ]] || res=$here/$res
OUT=${OUT:-../BENCHMARKS.md}
mkdir -p "$res"
# Only what this script writes: the kept sections (jwthttp-middleware.*,
# dpop.*, benchstat-{jwthttp-middleware,dpop}.txt) stay.
rm -f "$res"/peers-*.txt "$res"/root-*.txt "$res"/sdjwt-*.txt "$res"/benchstat-peers-*.txt \
	"$res"/benchstat-root-*.txt "$res"/benchstat-sdjwt-*.txt "$res"/benchstat-go*-vs-go*.txt \
	"$res"/profile-*.txt "$res"/load-*.md "$res"/load-*.log "$res"/commands.txt "$res"/machine.txt
cmds=$res/commands.txt
bins=$(mktemp -d)
trap 'rm -rf "$bins"' EXIT

# log records a command in commands.txt (paths relative to the repository
# root; $BIN is a scratch directory for test binaries).
log() {
	echo "$*" >>"$cmds"
	echo "+ $*" >&2
}

if ! command -v benchstat >/dev/null; then
	gobin=$(mktemp -d)
	GOBIN=$gobin go install golang.org/x/perf/cmd/benchstat@latest
	PATH=$gobin:$PATH
fi

{
	echo "$(uname -srm); $(nproc) CPUs; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
	echo "started $(date -u +%Y-%m-%dT%H:%MZ); $COUNT interleaved rounds of -count 1, -benchtime $BENCHTIME"
	echo "core: github.com/jotlib/jwt at commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- ':(top)' ':(top,exclude)BENCHMARKS.md' ':(top,exclude)benchmarks/results' || echo ' + uncommitted changes')"
} >"$res/machine.txt"

# Build every test binary first.
shorts=()
declare -A label tcOf
for tc in local "$GO_NEW"; do
	ver=$(GOTOOLCHAIN=$tc go env GOVERSION)                          # e.g. go1.26.8
	short=$(echo "$ver" | sed -E 's/^go([0-9]+\.[0-9]+).*/go\1/') # go1.26
	shorts+=("$short")
	label[$short]="Go ${ver#go}"
	tcOf[$short]=$tc
	echo "GOTOOLCHAIN=$tc: $(GOTOOLCHAIN=$tc go version)" >>"$res/machine.txt"
	log "(cd benchmarks && GOTOOLCHAIN=$tc go test -c -o \$BIN/peers-$short.test .)"
	GOTOOLCHAIN=$tc go test -c -o "$bins/peers-$short.test" .
	if [ "$ROOT_BENCH" != none ]; then
		log "GOTOOLCHAIN=$tc go test -c -o \$BIN/root-$short.test ."
		(cd .. && GOTOOLCHAIN=$tc go test -c -o "$bins/root-$short.test" .)
	fi
	if [ "$SDJWT_BENCH" != none ]; then
		log "GOTOOLCHAIN=$tc go test -c -o \$BIN/sdjwt-$short.test ./sdjwt"
		(cd .. && GOTOOLCHAIN=$tc go test -c -o "$bins/sdjwt-$short.test" ./sdjwt)
	fi
done

log "# then $COUNT rounds; each round runs, for each Go version in turn:"
log "(cd benchmarks && \$BIN/peers-\$GO.test -test.run '^\$' -test.bench '$BENCH' -test.benchmem -test.count 1 -test.benchtime $BENCHTIME) >> benchmarks/results/peers-\$GO.txt"
[ "$ROOT_BENCH" != none ] &&
	log "\$BIN/root-\$GO.test -test.run '^\$' -test.bench '$ROOT_BENCH' -test.benchmem -test.count 1 -test.benchtime $BENCHTIME >> benchmarks/results/root-\$GO.txt"
[ "$SDJWT_BENCH" != none ] &&
	log "(cd sdjwt && \$BIN/sdjwt-\$GO.test -test.run '^\$' -test.bench '$SDJWT_BENCH' -test.benchmem -test.count 1 -test.benchtime $BENCHTIME) >> benchmarks/results/sdjwt-\$GO.txt"
for round in $(seq "$COUNT"); do
	echo "round $round of $COUNT ($(date -u +%H:%M:%S))" >&2
	for short in "${shorts[@]}"; do
		"$bins/peers-$short.test" -test.run '^$' -test.bench "$BENCH" -test.benchmem -test.count 1 \
			-test.benchtime "$BENCHTIME" >>"$res/peers-$short.txt"
		if [ "$ROOT_BENCH" != none ]; then
			(cd .. && "$bins/root-$short.test" -test.run '^$' -test.bench "$ROOT_BENCH" -test.benchmem \
				-test.count 1 -test.benchtime "$BENCHTIME") >>"$res/root-$short.txt"
		fi
		if [ "$SDJWT_BENCH" != none ]; then
			(cd ../sdjwt && "$bins/sdjwt-$short.test" -test.run '^$' -test.bench "$SDJWT_BENCH" -test.benchmem \
				-test.count 1 -test.benchtime "$BENCHTIME") >>"$res/sdjwt-$short.txt"
		fi
	done
done
echo "finished benchmarks $(date -u +%Y-%m-%dT%H:%MZ)" >>"$res/machine.txt"

ins=()
libs='/lib@(golangjwt jotlib-std jotlib-jsoniter jotlib-cache gojose jwx kataras floor floor-encjson floor-jsoniter)'
for short in "${shorts[@]}"; do
	files="$res/peers-$short.txt"
	benchstat -col "$libs" "$res/peers-$short.txt" >"$res/benchstat-peers-$short.txt"
	if [ "$ROOT_BENCH" != none ]; then
		files="$files,$res/root-$short.txt"
		benchstat "$res/root-$short.txt" >"$res/benchstat-root-$short.txt"
	fi
	if [ "$SDJWT_BENCH" != none ]; then
		files="$files,$res/sdjwt-$short.txt"
		benchstat "$res/sdjwt-$short.txt" >"$res/benchstat-sdjwt-$short.txt"
	fi
	ins+=(-in "${label[$short]}=$files")
done
log "benchstat -col '$libs' benchmarks/results/peers-\$GO.txt"
benchstat "${shorts[0]}=$res/peers-${shorts[0]}.txt" "${shorts[1]}=$res/peers-${shorts[1]}.txt" \
	>"$res/benchstat-${shorts[0]}-vs-${shorts[1]}.txt"
log "benchstat ${shorts[0]}=benchmarks/results/peers-${shorts[0]}.txt ${shorts[1]}=benchmarks/results/peers-${shorts[1]}.txt"
if [ "$SDJWT_BENCH" != none ]; then
	log "benchstat benchmarks/results/sdjwt-\$GO.txt"
	benchstat "${shorts[0]}=$res/sdjwt-${shorts[0]}.txt" "${shorts[1]}=$res/sdjwt-${shorts[1]}.txt" \
		>"$res/benchstat-sdjwt-${shorts[0]}-vs-${shorts[1]}.txt"
	log "benchstat ${shorts[0]}=benchmarks/results/sdjwt-${shorts[0]}.txt ${shorts[1]}=benchmarks/results/sdjwt-${shorts[1]}.txt"
fi

loads=()
if [ "$LOAD" = 1 ]; then
	for tc in local "$GO_NEW"; do
		short=$(GOTOOLCHAIN=$tc go env GOVERSION | sed -E 's/^go([0-9]+\.[0-9]+).*/go\1/')
		log "(cd examples/server && JOTLIB_LOAD=1 JOTLIB_LOAD_OUT=../../benchmarks/results/load-$short.md GOTOOLCHAIN=$tc go test -run TestLoad -count=1 -v .)"
		(cd ../examples/server && JOTLIB_LOAD=1 JOTLIB_LOAD_OUT="$res/load-$short.md" GOTOOLCHAIN=$tc \
			go test -run TestLoad -count=1 -v . >"$res/load-$short.log" 2>&1) ||
			echo "load test failed: see $res/load-$short.log" >&2
		loads+=(-load "${label[$short]}=$res/load-$short.md")
	done
fi

# perop divides the counts of a `pprof -top` listing by the iterations.
perop() {
	awk -v n="$1" '/flat%/ { printf "%9s %9s  %s\n", "flat/op", "cum/op", "function"; next }
		$1 ~ /^[0-9]+$/ && NF >= 6 { name = $6; for (i = 7; i <= NF; i++) name = name " " $i;
		printf "%9.2f %9.2f  %s\n", $1 / n, $4 / n, name; next } { print }'
}

profs=()
if [ "$PROFILE" = 1 ]; then
	iters=20000
	for short in "${shorts[@]}"; do
		bin=$bins/root-$short.test
		[ -x "$bin" ] || (cd .. && GOTOOLCHAIN=${tcOf[$short]} go test -c -o "$bin" .)
		for spec in 'parse|Parse/HS256/struct/verifier$|jwt.\(\*Verifier\).parse$' \
			'sign|Sign/HS256/struct/signer$|jwt.\(\*Signer\).Sign$'; do
			IFS='|' read -r name bench focus <<<"$spec"
			log "(GOTOOLCHAIN=${tcOf[$short]} go test -c -o \$BIN/root-$short.test .)"
			log "\$BIN/root-$short.test -test.run '^\$' -test.bench '$bench' -test.benchtime 5s -test.cpuprofile $name.cpu"
			log "\$BIN/root-$short.test -test.run '^\$' -test.bench '$bench' -test.benchtime ${iters}x -test.memprofile $name.mem -test.memprofilerate 1"
			log "go tool pprof -peek '$focus' \$BIN/root-$short.test $name.cpu"
			log "go tool pprof -sample_index=alloc_objects -top -nodecount 16 -focus '$focus' \$BIN/root-$short.test $name.mem"
			(cd "$bins" && "$bin" -test.run '^$' -test.bench "$bench" -test.benchtime 5s -test.cpuprofile "$name.cpu" >/dev/null &&
				"$bin" -test.run '^$' -test.bench "$bench" -test.benchtime ${iters}x -test.memprofile "$name.mem" \
					-test.memprofilerate 1 >/dev/null)
			{
				echo "CPU: the callees of $focus (share of its own time)"
				go tool pprof -peek "$focus" "$bin" "$bins/$name.cpu" 2>/dev/null | sed -n '/^-----/,$p'
				echo
				echo "Allocated objects per operation (flat, cum; $((iters + 1)) iterations at memprofilerate 1):"
				go tool pprof -sample_index=alloc_objects -top -nodecount 16 -focus "$focus" "$bin" "$bins/$name.mem" 2>/dev/null |
					sed -n '/flat%/,$p' | perop $((iters + 1))
			} >"$res/profile-$name-$short.txt"
			profs+=(-profile "$name, ${label[$short]}=$res/profile-$name-$short.txt")
		done
	done
fi

rel() { local out=() a; for a in "$@"; do out+=("'${a//$res\//results/}'"); done; echo "${out[*]}"; }
log "(cd benchmarks && go run ./internal/report $(rel "${ins[@]}" "${loads[@]}" "${profs[@]}") -commands results/commands.txt -machine results/machine.txt -out ../BENCHMARKS.md)"
go run ./internal/report "${ins[@]}" "${loads[@]}" "${profs[@]}" \
	-commands "$cmds" -machine "$res/machine.txt" -out "$OUT"
