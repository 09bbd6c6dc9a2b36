package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeBench writes a `go test -bench` output of this module.
func writeBench(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "peers.txt")
	out := "goos: linux\npkg: " + modPkg + "\n" + strings.Join(lines, "\n") + "\nPASS\n"
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// go126 and go127 are one run under each Go version: ES256 and EdDSA under
// both, ML-DSA under Go 1.27 only (as the benchmarks module builds it).
var (
	go126Lines = []string{
		"BenchmarkES256Parse/claims=struct/lib=jotlib-std-2  100  82000 ns/op  82000 cpu-ns/op  557 token-bytes  2072 B/op  37 allocs/op",
		"BenchmarkES256Parse/claims=struct/lib=floor-2       100  73000 ns/op  73000 cpu-ns/op  557 token-bytes  1088 B/op  19 allocs/op",
		"BenchmarkES256Sign/claims=struct/lib=jotlib-std-2   100  40000 ns/op  40000 cpu-ns/op  8091 B/op  87 allocs/op",
		"BenchmarkES256Sign/claims=struct/lib=floor-2        100  35000 ns/op  35000 cpu-ns/op  6335 B/op  64 allocs/op",
		"BenchmarkEdDSAParse/claims=struct/lib=jotlib-std-2  100  60000 ns/op  60000 cpu-ns/op  536 token-bytes  1352 B/op  26 allocs/op",
		"BenchmarkEdDSAParse/claims=struct/lib=floor-2       100  54000 ns/op  54000 cpu-ns/op  536 token-bytes  0 B/op  0 allocs/op",
	}
	go127Extra = []string{
		"BenchmarkMLDSA44Parse/claims=struct/lib=jotlib-std-2  100  122000 ns/op  124000 cpu-ns/op  3747 token-bytes  1446 B/op  13 allocs/op",
		"BenchmarkMLDSA44Parse/claims=struct/lib=jotlib-std-2  100  126000 ns/op  128000 cpu-ns/op  3747 token-bytes  1446 B/op  13 allocs/op",
		"BenchmarkMLDSA44Parse/claims=struct/lib=floor-2       100  113000 ns/op  116000 cpu-ns/op  3747 token-bytes  0 B/op  0 allocs/op",
		"BenchmarkMLDSA44Sign/claims=struct/lib=jotlib-std-2   100  448000 ns/op  440000 cpu-ns/op  9771 B/op  5 allocs/op",
		"BenchmarkMLDSA44Sign/claims=struct/lib=floor-2        100  392000 ns/op  400000 cpu-ns/op  2704 B/op  2 allocs/op",
		"BenchmarkMLDSA87Parse/claims=struct/lib=jotlib-std-2  100  303000 ns/op  305000 cpu-ns/op  6690 token-bytes  1469 B/op  13 allocs/op",
		"BenchmarkMLDSA87Parse/claims=struct/lib=floor-2       100  325000 ns/op  290000 cpu-ns/op  6690 token-bytes  0 B/op  0 allocs/op",
	}
)

func readVersion(t *testing.T, label string, lines []string) version {
	t.Helper()
	r, err := readResults([]string{writeBench(t, lines...)})
	if err != nil {
		t.Fatal(err)
	}
	return version{label, r}
}

// TestMLDSASectionCopesWithRowsUnderGo127Only reads a results file per Go
// version where the ML-DSA rows exist under Go 1.27 only: the section
// shows them beside ES256 and EdDSA with ratios to the bare crypto and the
// token sizes, a dash in every Go 1.26 cell, and skips the parameter sets
// and operations not measured at all.
func TestMLDSASectionCopesWithRowsUnderGo127Only(t *testing.T) {
	vs := []version{
		readVersion(t, "Go 1.26.8", go126Lines),
		readVersion(t, "Go 1.27.3", append(append([]string{}, go126Lines...), go127Extra...)),
	}
	var b strings.Builder
	writeMLDSA(&b, vs)
	out := b.String()
	for _, want := range []string{
		"\n## ML-DSA (Go 1.27 only)\n",
		"**Under Go 1.26 the algorithms are refused**",
		"| algorithm | signature bytes | token bytes | Go 1.26.8 parse CPU/op | × bare crypto | sign CPU/op | × bare crypto | Go 1.27.3 parse CPU/op |",
		"| ES256 | 64 | 557 | 82.00 µs | 1.12× | 40.00 µs | 1.14× | 82.00 µs | 1.12× | 40.00 µs | 1.14× |\n",
		// EdDSA has no sign row in these files.
		"| EdDSA | 64 | 536 | 60.00 µs | 1.11× | — | — | 60.00 µs | 1.11× | — | — |\n",
		// Medians of two runs: 126 µs over 116 µs.
		"| ML-DSA-44 | 2420 | 3747 | — | — | — | — | 126.00 µs | 1.09× | 440.00 µs | 1.10× |\n",
		"| ML-DSA-87 | 4627 | 6690 | — | — | — | — | 305.00 µs | 1.05× | — | — |\n",
		"\n### ML-DSA parse, struct claims\n",
		"| ML-DSA-44 | **jotlib** (default StdEncoder: encoding/json) | — | — | — | — | — | 126.00 µs | 1.09× | 124.00 µs | 1446 | 13 |\n",
		"| ML-DSA-44 | floor: bare crypto (`crypto/mldsa` `Verify` / `Sign`) | — | — | — | — | — | 116.00 µs | 1.00× | 113.00 µs | 0 | 0 |\n",
		"\n### ML-DSA sign, struct claims\n",
		"| ML-DSA-44 | **jotlib** (default StdEncoder: encoding/json) | — | — | — | — | — | 440.00 µs | 1.10× | 448.00 µs | 9771 | 5 |\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the ML-DSA section lacks %q:\n%s", want, out)
		}
	}
	// ML-DSA-65 is measured under no version; no cell is the en dash of a
	// missing CPU time.
	for _, absent := range []string{"| ML-DSA-65 |", "– |"} {
		if strings.Contains(out, absent) {
			t.Errorf("the ML-DSA section has %q:\n%s", absent, out)
		}
	}
	sign := out[strings.Index(out, "### ML-DSA sign"):]
	if strings.Contains(sign, "| ML-DSA-87 |") {
		t.Errorf("the sign table has a row for ML-DSA-87, which no version signed:\n%s", sign)
	}
}

// TestMLDSASectionWithoutGo127 checks that a run with no Go 1.27 still has
// the section, saying why it has no numbers.
func TestMLDSASectionWithoutGo127(t *testing.T) {
	var b strings.Builder
	writeMLDSA(&b, []version{readVersion(t, "Go 1.26.8", go126Lines)})
	out := b.String()
	if !strings.Contains(out, "## ML-DSA (Go 1.27 only)") || !strings.Contains(out, "Not measured in this run") || strings.Contains(out, "| ES256 |") {
		t.Errorf("section without Go 1.27:\n%s", out)
	}
}

// TestReportPlacesMLDSAAfterEdDSA checks that the whole report renders
// with ML-DSA rows under the second Go version only, the section after
// EdDSA's and before the floors, and no per-peer ML-DSA table.
func TestReportPlacesMLDSAAfterEdDSA(t *testing.T) {
	lines := append([]string{
		"BenchmarkEdDSAParse/claims=struct/lib=golangjwt-2   100  65000 ns/op  65000 cpu-ns/op  536 token-bytes  4240 B/op  68 allocs/op",
	}, go126Lines...)
	vs := []version{
		readVersion(t, "Go 1.26.8", lines),
		readVersion(t, "Go 1.27.3", append(append([]string{}, lines...), go127Extra...)),
	}
	var b strings.Builder
	writeReport(&b, vs, nil, nil, "", "")
	out := b.String()
	ed, ml, fl := strings.Index(out, "\n## EdDSA\n"), strings.Index(out, "\n## ML-DSA (Go 1.27 only)\n"), strings.Index(out, "\n## Floors")
	if ed < 0 || ml < ed || fl < ml {
		t.Errorf("sections at EdDSA %d, ML-DSA %d, floors %d", ed, ml, fl)
	}
	// ML-DSA has no table of the per-algorithm peer kind (no golang-jwt row).
	if strings.Contains(out, "### MLDSA") || strings.Contains(out, "## MLDSA") {
		t.Errorf("ML-DSA rendered as a peer table:\n%s", out)
	}
}

// TestMetricTakesTheMedianOfOneUnit checks the reading of token-bytes.
func TestMetricTakesTheMedianOfOneUnit(t *testing.T) {
	v := readVersion(t, "Go 1.27.3", go127Extra)
	if n, ok := v.res.metric(modPkg, "MLDSA44Parse/claims=struct/lib=jotlib-std", "token-bytes"); !ok || n != 3747 {
		t.Errorf("token-bytes = %v (found %v), want 3747", n, ok)
	}
	if _, ok := v.res.metric(modPkg, "MLDSA44Sign/claims=struct/lib=jotlib-std", "token-bytes"); ok {
		t.Error("a sign row has token-bytes")
	}
}
