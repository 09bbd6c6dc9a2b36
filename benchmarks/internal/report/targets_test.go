package main

import (
	"strings"
	"testing"
)

// fake builds one Go version's results from name → (CPU ns, allocs).
func fake(label string, rows map[string][2]float64) version {
	r := results{}
	for name, v := range rows {
		r[modPkg+" "+name] = sample{"ns/op": {v[0]}, "cpu-ns/op": {v[0]}, "allocs/op": {v[1]}, "B/op": {0}}
	}
	return version{label, r}
}

// TestTargetsReadTheOwnCodecFloor checks that the targets compare each
// encoder with the floor of its own codec, count allocations from the
// floor's, and hold the Go 1.26 speed-up only under Go 1.26.
func TestTargetsReadTheOwnCodecFloor(t *testing.T) {
	rows := map[string][2]float64{
		hsParseStruct + "jotlib-std":      {1100, 7},
		hsParseStruct + "floor-encjson":   {1000, 5},
		hsParseStruct + "jotlib-jsoniter": {500, 9},
		hsParseStruct + "floor-jsoniter":  {400, 6},
		hsParseStruct + "golangjwt":       {5000, 70},
		hsSignStruct + "jotlib-std":       {1400, 9},
		hsSignStruct + "floor-encjson":    {1000, 6},
	}
	var b strings.Builder
	writeTargets(&b, []version{fake("Go 1.26.8", rows), fake("Go 1.27.3", rows)})
	out := b.String()
	for _, want := range []string{
		"default encoder ≤ 1.15× the encoding/json floor | met: 1.10× (1.10 µs vs 1.00 µs) | met: 1.10×",
		"default encoder ≤ 1.35× the encoding/json floor | **missed**: 1.40× (1.40 µs vs 1.00 µs)",
		"parse, struct claims, default encoder: allocations ≤ the floor's + 2 | met: 7 vs 5 allocs/op",
		"sign, struct claims, default encoder: allocations ≤ the floor's + 2 | **missed**: 9 vs 6 allocs/op",
		"jsoniterext ≤ 1.20× the jsoniter floor | **missed**: 1.25× (500 ns vs 400 ns)",
		"under Go 1.26 | met: 2.20× as fast (500 ns vs 1.10 µs) | (not a target here) 2.20× as fast",
		"ES256 parse (default encoder) ≤ 1.05× bare crypto | not measured | not measured",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the targets lack %q:\n%s", want, out)
		}
	}
}

// TestHeadlineQuotesBothEncoders checks the sentence the README quotes.
func TestHeadlineQuotesBothEncoders(t *testing.T) {
	v := fake("Go 1.26.8", map[string][2]float64{
		hsParseStruct + "jotlib-std":      {2000, 0},
		hsParseStruct + "golangjwt":       {8000, 0},
		hsParseStruct + "floor-encjson":   {1600, 0},
		hsParseStruct + "jotlib-jsoniter": {1000, 0},
		hsParseStruct + "floor-jsoniter":  {900, 0},
	})
	var b strings.Builder
	writeHeadline(&b, []version{v})
	want := "- **Go 1.26.8**: with encoding/json, the default: parse 2.00 µs (0.25× golang-jwt, 1.25× its floor), sign not measured; " +
		"with jsoniterext: parse 1.00 µs (0.12× golang-jwt, 1.11× its floor), sign not measured.\n"
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("headline:\n%s\nwant:\n%s", b.String(), want)
	}
}
