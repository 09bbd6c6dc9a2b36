package benchmarks

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
)

// cacheEvents records what the Verifier's observer was told.
type cacheEvents struct {
	mu     sync.Mutex
	events []jwt.VerifyEvent
}

func (o *cacheEvents) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	o.mu.Lock()
	o.events = append(o.events, e)
	o.mu.Unlock()
}

func (o *cacheEvents) take() []jwt.VerifyEvent {
	o.mu.Lock()
	defer o.mu.Unlock()
	e := o.events
	o.events = nil
	return e
}

// TestCacheRowsRunTheAsymmetricAlgorithmsOnly: jotlib-cache has a parse row
// for RS256, ES256, EdDSA and ML-DSA-65 and no sign row; HS* tokens are
// never cached (WithCache), so an HS256 row would measure nothing new.
func TestCacheRowsRunTheAsymmetricAlgorithmsOnly(t *testing.T) {
	im := jotCacheImpl()
	for _, a := range algCases(t) {
		if got, want := im.runs(a.name), slices.Contains(cacheAlgs, a.name); got != want {
			t.Errorf("jotlib-cache runs %s: %v, want %v", a.name, got, want)
		}
	}
	if im.sign != nil {
		t.Error("jotlib-cache has sign rows")
	}
}

// TestCacheHitRowHitsOnEveryRepeat_RFC7515_5_2_8: the repeated workload
// token is verified once (a miss) and then served from the cache, skipping
// the signature check and nothing else: every hit decodes the workload.
func TestCacheHitRowHitsOnEveryRepeat_RFC7515_5_2_8(t *testing.T) {
	measured := 0
	for _, a := range algCases(t) {
		if !slices.Contains(cacheAlgs, a.name) {
			continue
		}
		measured++
		obs := &cacheEvents{}
		parse, err := jotCacheImpl(jwt.WithObserver(obs)).parse(a, "struct")
		if err != nil {
			t.Fatal(err)
		}
		for i := range 4 {
			var got decoded
			if err := parse(a.token, &got); err != nil {
				t.Fatalf("%s, parse %d: %v", a.name, i, err)
			}
			checkDecoded(t, a.name, got)
		}
		want := []jwt.CacheResult{jwt.CacheMiss, jwt.CacheHit, jwt.CacheHit, jwt.CacheHit}
		var got []jwt.CacheResult
		for _, e := range obs.take() {
			got = append(got, e.Cache)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: cache results %v, want %v", a.name, got, want)
		}
	}
	if measured < 3 {
		t.Errorf("%d cache-hit algorithms measured, want at least RS256, ES256, EdDSA", measured)
	}
}

// TestCacheMissRowsMissAgainstAFullCache: after the fill, every iteration
// of the full-cache row is a miss whose insertion evicts a live entry (the
// cache was full), and the no-cache row makes no lookup.
func TestCacheMissRowsMissAgainstAFullCache(t *testing.T) {
	for _, alg := range []string{"ES256", "EdDSA"} {
		a := findCaseT(t, alg)
		toks := distinctTokens(t, a, missCycle)
		if len(toks[0]) != len(a.token) {
			t.Errorf("%s: distinct tokens of %d bytes, the workload's %d", alg, len(toks[0]), len(a.token))
		}
		obs := &cacheEvents{}
		for _, im := range missImpls(jwt.WithObserver(obs)) {
			next := missLoop(t, im, a, toks)
			obs.take()
			for range missCycle {
				if err := next(); err != nil {
					t.Fatalf("%s %s: %v", alg, im.lib, err)
				}
			}
			for i, e := range obs.take() {
				if im.lib == "jotlib-std" {
					if e.Cache != jwt.CacheNotUsed {
						t.Fatalf("%s no cache, iteration %d: %v", alg, i, e.Cache)
					}
					continue
				}
				if e.Cache != jwt.CacheMiss || e.CacheEvicted < 1 {
					t.Fatalf("%s full cache, iteration %d: %v, %d evicted; want a miss evicting a live entry", alg, i, e.Cache, e.CacheEvicted)
				}
			}
		}
	}
}
