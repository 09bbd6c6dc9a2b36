package jwt_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// BenchmarkCache measures WithCache (struct claims, a reused Verifier):
// a repeated token of each asymmetric algorithm held in the cache (hit)
// beside the uncached HS256 parse of the same claims (the target:
// a hit at most 1.3 times it, with no more allocations), and a miss
// against a cache full of live entries beside a miss with no cache (at
// most 1.05 times it).
func BenchmarkCache(b *testing.B) {
	algs := append(benchAlgs(b), cacheBenchMLDSA(b)...)
	for _, a := range algs {
		if a.alg == jwt.PS256 {
			continue
		}
		tok, err := jwt.Sign(a.alg, benchStructClaims(), a.signK)
		if err != nil {
			b.Fatal(err)
		}
		run := func(name string, opts ...jwt.Option) {
			b.Run(a.name+"/"+name, func(b *testing.B) {
				v, err := jwt.NewVerifier(a.verifK, opts...)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					var c benchAccessClaims
					if _, err := v.ParseWithClaims(tok, &c); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		run("uncached")
		if a.alg != jwt.HS256 { // HS* is never cached (WithCache)
			run("hit", jwt.WithCache(jwt.CacheConfig{}))
		}
	}
	for _, a := range benchAlgs(b) {
		if a.alg != jwt.ES256 && a.alg != jwt.EdDSA {
			continue
		}
		toks := cacheBenchTokens(b, a, 2048)
		miss := func(name string, opts ...jwt.Option) {
			b.Run(a.name+"/miss/"+name, func(b *testing.B) {
				v, err := jwt.NewVerifier(a.verifK, opts...)
				if err != nil {
					b.Fatal(err)
				}
				for _, tok := range toks[:1024] { // fill the cache with live entries
					if _, err := v.Parse(tok); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportAllocs()
				i := 1024 // the next token is the first one not in the cache
				for b.Loop() {
					// Cycling through twice the cache's entries, starting
					// past the ones filled in: every token was evicted
					// (first in, first out) since it was last seen.
					var c benchAccessClaims
					if _, err := v.ParseWithClaims(toks[i%len(toks)], &c); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
		miss("nocache")
		miss("fullcache", jwt.WithCache(jwt.CacheConfig{MaxEntries: 1024}))
	}
}

// cacheBenchTokens signs n distinct tokens of the workload's claims.
func cacheBenchTokens(b *testing.B, a benchAlg, n int) []string {
	b.Helper()
	s, err := jwt.NewSigner(a.alg, a.signK)
	if err != nil {
		b.Fatal(err)
	}
	out := make([]string, n)
	for i := range out {
		c := benchStructClaims()
		c.ID = fmt.Sprintf("%026d", i)
		c.ExpiresAt.Time = benchNow.Add(24 * time.Hour)
		if out[i], err = s.Sign(c); err != nil {
			b.Fatal(err)
		}
	}
	return out
}
