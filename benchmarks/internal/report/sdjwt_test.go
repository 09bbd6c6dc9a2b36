package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSDJWTBench writes a `go test -bench` output of the sdjwt package.
func writeSDJWTBench(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sdjwt.txt")
	out := "goos: linux\npkg: " + sdjwtPkg + "\n" + strings.Join(lines, "\n") + "\nPASS\n"
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSDJWTSectionShowsCostsBesideES256ParseAndSizes: each SD-JWT row
// has its wall time, its ratio to the plain ES256 parse of the same Go
// version, allocations, and the issued and presented sizes; a Go version
// that did not run the SD-JWT benchmarks shows dashes.
func TestSDJWTSectionShowsCostsBesideES256ParseAndSizes(t *testing.T) {
	sd := writeSDJWTBench(t,
		"BenchmarkIssue-2    100  120000 ns/op  1946 issued-B  1893 presented-B  5.000 disclosures  9000 B/op  120 allocs/op",
		"BenchmarkVerify-2   100  200000 ns/op  1946 issued-B  1893 presented-B  5.000 disclosures  20000 B/op  300 allocs/op",
		"BenchmarkSplit-2    100  410 ns/op  512 B/op  2 allocs/op",
	)
	r, err := readResults([]string{writeBench(t, go126Lines...), sd})
	if err != nil {
		t.Fatal(err)
	}
	vs := []version{{"Go 1.26.8", r}, readVersion(t, "Go 1.27.3", go126Lines)}
	var b strings.Builder
	writeSDJWT(&b, vs)
	out := b.String()
	for _, want := range []string{
		"## SD-JWT presentations (RFC 9901, issue 28)",
		"| issue: ten Disclosures + issuer JWT signed (sections 4, 5) | – | 120.00 µs | 1.46× | 9000 | 120 |",
		"| verify the SD-JWT+KB, into a map (sections 7.1, 7.3) | – | 200.00 µs | 2.44× | 20000 | 300 | — | — | — | — | — |",
		"| split: the compact parser alone, over the presentation | – | 410 ns | 0.005× | 512 | 2 |",
		"82.00 µs | 82.00 µs | 1 | 2072 | 37 |",
		"| issued SD-JWT (issuer JWT + 10 Disclosures), bytes | 1946 | — |",
		"| presentation (SD-JWT+KB: 5 Disclosures + KB-JWT), bytes | 1893 | — |",
		"| for scale: the workload token (ES256, compact JWS), bytes | 557 | 557 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "present: parse") {
		t.Errorf("a row not measured in any Go version is shown:\n%s", out)
	}
}

// TestSDJWTSectionSaysWhenNotMeasured: without the SD-JWT benchmarks the
// section says so instead of an empty table.
func TestSDJWTSectionSaysWhenNotMeasured(t *testing.T) {
	var b strings.Builder
	writeSDJWT(&b, []version{readVersion(t, "Go 1.26.8", go126Lines)})
	if !strings.Contains(b.String(), "Not measured in this run") || strings.Contains(b.String(), "| operation |") {
		t.Errorf("got\n%s", b.String())
	}
}

// TestKeptSectionMissingIsSaid: a kept section (jwthttp middleware, DPoP)
// that cannot be read is named in the report, not left out silently.
func TestKeptSectionMissingIsSaid(t *testing.T) {
	t.Chdir(t.TempDir())
	var b strings.Builder
	writeMiddleware(&b)
	for _, f := range keptSections {
		if !strings.Contains(b.String(), "## "+f+"\n\nMissing from this report") {
			t.Errorf("%s not said missing in\n%s", f, b.String())
		}
	}
}
