package benchmarks

import (
	"fmt"
	"testing"

	"github.com/jotlib/jwt"
)

// The verified-token cache (issue 26; jwt.WithCache). Two kinds of rows:
//
//   - <ALG>Parse/claims=struct/lib=jotlib-cache: a reused Verifier with
//     WithCache(CacheConfig{}) verifying the workload token every
//     iteration, as every parse row does: a repeated token is the
//     workload, so after the first iteration each one is a cache hit. Beside
//     it in the same table: jotlib-std (the same Verifier without a cache)
//     and golang-jwt (no cache). RS256, ES256, EdDSA and, in Go 1.27
//     builds, ML-DSA-65; HS* tokens are never cached (WithCache), so HS256
//     has no such row.
//   - <ALG>ParseMiss/claims=struct/lib=jotlib-cache and lib=jotlib-std: a
//     miss against a cache full of live entries, beside the same loop with
//     no cache. missCycle distinct tokens (the workload with its own jti),
//     twice the cache's MaxEntries, are verified in turn; the cache is
//     filled first by one pass over all of them, so every shard is full and,
//     being first-in first-out with more tokens cycling through it than it
//     holds, never holds the next token: each iteration is a miss that
//     inserts and evicts. ES256 and EdDSA (distinct tokens are cheap to
//     sign ahead).

// cacheAlgs are the algorithms with a jotlib-cache parse row.
var cacheAlgs = []string{"RS256", "ES256", "EdDSA", "MLDSA65"}

// missCacheEntries is the miss rows' CacheConfig.MaxEntries; missCycle the
// distinct tokens they cycle through.
const (
	missCacheEntries = 1024
	missCycle        = 2 * missCacheEntries
)

// jotCacheImpl is this library's reused Verifier with the verified-token
// cache (default encoder and bounds), verify only.
func jotCacheImpl(opts ...jwt.Option) impl {
	im := jotImplWith("jotlib-cache", append([]jwt.Option{jwt.WithCache(jwt.CacheConfig{})}, opts...)...)
	im.sign = nil
	im.among = cacheAlgs
	return im
}

func BenchmarkES256ParseMiss(b *testing.B) { benchParseMiss(b, "ES256") }
func BenchmarkEdDSAParseMiss(b *testing.B) { benchParseMiss(b, "EdDSA") }

// missImpls are the two rows of a miss benchmark, with extra options (the
// tests add an observer).
func missImpls(opts ...jwt.Option) []impl {
	full := jwt.WithCache(jwt.CacheConfig{MaxEntries: missCacheEntries})
	return []impl{
		jotImplWith("jotlib-std", opts...),
		jotImplWith("jotlib-cache", append([]jwt.Option{full}, opts...)...),
	}
}

func benchParseMiss(b *testing.B, alg string) {
	a := findCase(b, alg)
	toks := distinctTokens(b, a, missCycle)
	for _, im := range missImpls() {
		b.Run("claims=struct/lib="+im.lib, func(b *testing.B) {
			next := missLoop(b, im, a, toks)
			loop(b, func() error { return next() })
			b.ReportMetric(float64(len(toks[0])), "token-bytes")
		})
	}
}

// missLoop prepares im's parse, verifies every token once (filling a cache),
// and returns the per-iteration work: the next token of the cycle.
func missLoop(tb testing.TB, im impl, a *algCase, toks []string) func() error {
	tb.Helper()
	parse, err := im.parse(a, "struct")
	if err != nil {
		tb.Fatal(err)
	}
	for _, tok := range toks {
		if err := parse(tok, nil); err != nil {
			tb.Fatal(err)
		}
	}
	i := 0
	return func() error {
		tok := toks[i]
		i = (i + 1) % len(toks)
		return parse(tok, nil)
	}
}

var distinctCache = map[string][]string{}

// distinctTokens returns n tokens of the workload's claims signed with a's
// key, each with its own jti (RFC 7519 section 4.1.7), the same length as
// the workload token; signed once per algorithm and binary.
func distinctTokens(tb testing.TB, a *algCase, n int) []string {
	tb.Helper()
	if toks := distinctCache[a.name]; len(toks) >= n {
		return toks[:n]
	}
	s, err := jwt.NewSigner(a.alg, a.signK)
	if err != nil {
		tb.Fatal(err)
	}
	toks := make([]string, n)
	for i := range toks {
		c := jotStructClaims()
		c.ID = fmt.Sprintf("%0*d", len(wlID), i)
		if toks[i], err = s.Sign(c); err != nil {
			tb.Fatal(err)
		}
	}
	distinctCache[a.name] = toks
	return toks
}
