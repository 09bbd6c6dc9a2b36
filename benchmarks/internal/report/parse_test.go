package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadResultsTakesMediansPerPackageAndName checks that results from
// several runs are grouped by package and name (GOMAXPROCS suffix removed)
// and summarised by their median, CPU time preferred where reported.
func TestReadResultsTakesMediansPerPackageAndName(t *testing.T) {
	out := strings.Join([]string{
		"goos: linux",
		"pkg: github.com/jotlib/jwt/benchmarks",
		"BenchmarkHS256Parse/claims=struct/lib=golangjwt-2   100  12000 ns/op  4720 B/op  74 allocs/op",
		"BenchmarkHS256Parse/claims=struct/lib=golangjwt-2   100  14000 ns/op  4720 B/op  74 allocs/op",
		"BenchmarkHS256Parse/claims=struct/lib=golangjwt-2   100  13000.5 ns/op  4720 B/op  74 allocs/op",
		"BenchmarkHS256Parse/claims=struct/lib=floor-2   100  600 ns/op  450 cpu-ns/op  0 B/op  0 allocs/op",
		"BenchmarkHS256Parse/claims=struct/lib=floor-2   100  500 ns/op  470 cpu-ns/op  0 B/op  0 allocs/op",
		"pkg: github.com/jotlib/jwt",
		"BenchmarkParse/HS256/struct/verifier-2   100  8000 ns/op  968 B/op  25 allocs/op",
		"PASS",
	}, "\n")
	path := filepath.Join(t.TempDir(), "bench.txt")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := readResults([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pkg, name string
		want      stats
	}{
		{modPkg, "HS256Parse/claims=struct/lib=golangjwt", stats{13000.5, 13000.5, 4720, 74, 3, false}},
		{modPkg, "HS256Parse/claims=struct/lib=floor", stats{460, 550, 0, 0, 2, true}},
		{rootPkg, "Parse/HS256/struct/verifier", stats{8000, 8000, 968, 25, 1, false}},
	}
	for _, tt := range tests {
		got, ok := r.get(tt.pkg, tt.name)
		if !ok || got != tt.want {
			t.Errorf("%s %s: got %+v (found %v), want %+v", tt.pkg, tt.name, got, ok, tt.want)
		}
	}
	if _, ok := r.get(rootPkg, "HS256Parse/claims=struct/lib=golangjwt"); ok {
		t.Error("a benchmark was found under the wrong package")
	}
}

// TestFmtTimePicksAReadableUnit checks the time formatting of the tables.
func TestFmtTimePicksAReadableUnit(t *testing.T) {
	for _, tt := range []struct {
		ns   float64
		want string
	}{
		{528.4, "528 ns"}, {9469, "9.47 µs"}, {1115217, "1.115 ms"},
	} {
		if got := fmtTime(tt.ns); got != tt.want {
			t.Errorf("fmtTime(%v) = %q, want %q", tt.ns, got, tt.want)
		}
	}
}
