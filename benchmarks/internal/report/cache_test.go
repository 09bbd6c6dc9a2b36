package main

import (
	"strings"
	"testing"
)

// cacheRows is one Go version's rows for the cache section: RS256 a hit
// within every target, ES256 a hit over 1.3× the HS256 parse with an extra
// allocation, the full-cache miss of ES256 within 1.05× and EdDSA's not.
func cacheRows(mldsa bool) map[string][2]float64 {
	rows := map[string][2]float64{
		hsParseStruct + "jotlib-std":                  {3000, 20},
		hsParseStruct + "floor-encjson":               {2800, 20},
		hitName("RS256", "jotlib-std"):                {30000, 20},
		hitName("RS256", "jotlib-cache"):              {3300, 20},
		hitName("RS256", "golangjwt"):                 {40000, 80},
		hitName("ES256", "jotlib-std"):                {50000, 20},
		hitName("ES256", "jotlib-cache"):              {4500, 21},
		hitName("ES256", "golangjwt"):                 {60000, 90},
		missName("ES256", "jotlib-std"):               {50000, 20},
		missName("ES256", "jotlib-cache"):             {51000, 21},
		missName("EdDSA", "jotlib-std"):               {40000, 20},
		missName("EdDSA", "jotlib-cache"):             {44000, 21},
		hitName("EdDSA", "jotlib-std"):                {40000, 20},
		hitName("EdDSA", "jotlib-cache"):              {3000, 20},
		hitName("EdDSA", "golangjwt"):                 {45000, 70},
		"HS256Sign/claims=struct/lib=jotlib-jsoniter": {1000, 5},
	}
	if mldsa {
		rows[hitName("MLDSA65", "jotlib-std")] = [2]float64{200000, 20}
		rows[hitName("MLDSA65", "jotlib-cache")] = [2]float64{3600, 20}
	}
	return rows
}

// TestCacheSectionHoldsTheHitToHS256AndGolangJWT checks the cache
// section's ratios and marks, and the dash for ML-DSA-65 under Go 1.26.
func TestCacheSectionHoldsTheHitToHS256AndGolangJWT(t *testing.T) {
	var b strings.Builder
	writeCache(&b, []version{fake("Go 1.26.8", cacheRows(false)), fake("Go 1.27.3", cacheRows(true))})
	out := b.String()
	for _, want := range []string{
		"## " + cacheSectionTitle,
		"### Go 1.26.8: a repeated token (cache hit)",
		"| RS256 | 30.00 µs | 3.30 µs | 1.10× | 0.08× | 20 vs 20 |",
		"| ES256 | 50.00 µs | 4.50 µs | **1.50×** | 0.07× | **21 vs 20** |",
		"| ML-DSA-65 | — | — | — | — | — |",
		"| ML-DSA-65 | 200.00 µs | 3.60 µs | 1.20× | — (no peer has it) | 20 vs 20 |",
		"| ES256 | 50.00 µs | 51.00 µs | 1.02× | 21 vs 20 |",
		"| EdDSA | 40.00 µs | 44.00 µs | **1.10×** | 21 vs 20 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the cache section lacks %q:\n%s", want, out)
		}
	}
}

// TestTargets26MarkEachAlgorithm checks issue 26's targets table: a
// target over several algorithms is met only when each measured one is,
// the missing ones in bold; allocations get no allowance over the floor.
func TestTargets26MarkEachAlgorithm(t *testing.T) {
	var b strings.Builder
	writeTargets26(&b, []version{fake("Go 1.26.8", cacheRows(false)), fake("Go 1.27.3", cacheRows(true))})
	out := b.String()
	for _, want := range []string{
		"## Targets of issue 26",
		"default encoder ≤ 1.15× the encoding/json floor | met: 1.07× (3.00 µs vs 2.80 µs) |",
		"jsoniterext ≤ 1.25× the jsoniter floor | not measured | not measured |",
		"HS256 parse, struct claims, default encoder: allocations ≤ the floor's | met: 20 vs 20 allocs/op |",
		"uncached HS256 parse, default encoder, struct claims | **missed**: RS256 1.10×, **ES256 1.50×**, EdDSA 1.00× | **missed**: RS256 1.10×, **ES256 1.50×**, EdDSA 1.00×, ML-DSA-65 1.20× |",
		"faster than golang-jwt on its row (≤ 0.10×) | met: RS256 0.08×, ES256 0.07×, EdDSA 0.07× |",
		"allocations ≤ the uncached parse's (same algorithm, default encoder) | **missed**: RS256 20 vs 20, **ES256 21 vs 20**",
		"≤ 1.05× a miss without a cache | **missed**: ES256 1.02×, **EdDSA 1.10×** |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the issue 26 targets lack %q:\n%s", want, out)
		}
	}
}
