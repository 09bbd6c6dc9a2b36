package jwt

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/signing"
)

// countingObserver keeps the last event and sums the evictions.
type countingObserver struct {
	mu      sync.Mutex
	last    VerifyEvent
	evicted int
	hits    int
}

func (o *countingObserver) ObserveVerify(_ context.Context, e VerifyEvent) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.last, o.evicted = e, o.evicted+e.CacheEvicted
	if e.Cache == CacheHit {
		o.hits++
	}
}

// boundTokens signs n distinct ES256 tokens of equal length, valid for an
// hour from now.
func boundTokens(t testing.TB, key *ecdsa.PrivateKey, n int, now time.Time) []string {
	t.Helper()
	s, err := NewSigner(ES256, key)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, n)
	for i := range out {
		out[i], err = s.Sign(map[string]any{"jti": fmt.Sprintf("%08d", i), "exp": now.Add(time.Hour).Unix()})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func boundKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func boundVerifier(t testing.TB, key *ecdsa.PrivateKey, c CacheConfig, opts ...Option) (*Verifier, *countingObserver) {
	t.Helper()
	obs := &countingObserver{}
	v, err := NewVerifier(&key.PublicKey, append([]Option{WithCache(c), WithObserver(obs)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return v, obs
}

func TestWithCacheMaxEntriesEvictsOldestFirst(t *testing.T) {
	key := boundKey(t)
	toks := boundTokens(t, key, 10, time.Now())
	v, obs := boundVerifier(t, key, CacheConfig{MaxEntries: 3})
	for _, tok := range toks {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := v.cache.len(); n != 3 {
		t.Fatalf("%d entries held, MaxEntries 3", n)
	}
	if obs.evicted != 7 {
		t.Fatalf("evictions reported: %d, want 7", obs.evicted)
	}
	for i, tok := range toks {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
		if i < 7 && obs.last.Cache != CacheMiss {
			t.Fatalf("token %d, evicted: %v", i, obs.last.Cache)
		}
	}
	if n, _ := v.cache.len(); n != 3 {
		t.Fatalf("%d entries held, MaxEntries 3", n)
	}
}

func TestWithCacheMaxBytesBoundsTokenBytes(t *testing.T) {
	key := boundKey(t)
	toks := boundTokens(t, key, 6, time.Now())
	per := len(toks[0]) + CacheEntryOverhead
	v, obs := boundVerifier(t, key, CacheConfig{MaxBytes: 2*per + per/2})
	for _, tok := range toks {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
		if n, b := v.cache.len(); n > 2 || b > 2*per+per/2 {
			t.Fatalf("%d entries, %d bytes held; MaxBytes %d", n, b, 2*per+per/2)
		}
	}
	if obs.evicted != 4 {
		t.Fatalf("evictions reported: %d, want 4", obs.evicted)
	}
	if _, err := v.Parse(toks[5]); err != nil || obs.last.Cache != CacheHit {
		t.Fatalf("newest: %v, %v", err, obs.last.Cache)
	}
}

func TestWithCacheMaxTokenSizeNeverHeld(t *testing.T) {
	key := boundKey(t)
	tok := boundTokens(t, key, 1, time.Now())[0]
	v, obs := boundVerifier(t, key, CacheConfig{MaxTokenSize: len(tok) - 1})
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
		if obs.last.Cache != CacheMiss {
			t.Fatalf("a token over MaxTokenSize: %v", obs.last.Cache)
		}
	}
	if n, _ := v.cache.len(); n != 0 {
		t.Fatalf("%d entries held", n)
	}
	v2, obs2 := boundVerifier(t, key, CacheConfig{MaxTokenSize: len(tok)})
	for range 2 {
		if _, err := v2.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	if obs2.last.Cache != CacheHit {
		t.Fatalf("a token of MaxTokenSize: %v", obs2.last.Cache)
	}
}

func TestWithCacheMaxAgeEndsEntries(t *testing.T) {
	key := boundKey(t)
	start := time.Now()
	now := start
	tok := boundTokens(t, key, 1, start)[0]
	v, obs := boundVerifier(t, key, CacheConfig{MaxAge: time.Minute}, WithTimeFunc(func() time.Time { return now }))
	for _, step := range []struct {
		at   time.Duration
		want CacheResult
	}{{0, CacheMiss}, {59 * time.Second, CacheHit}, {60 * time.Second, CacheMiss}, {61 * time.Second, CacheHit}} {
		now = start.Add(step.at)
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
		if obs.last.Cache != step.want {
			t.Fatalf("at %v: %v, want %v", step.at, obs.last.Cache, step.want)
		}
	}
}

// TestWithCacheStoresACopy: the entry holds a copy of the token, never a
// view into the caller's larger buffer.
func TestWithCacheStoresACopy(t *testing.T) {
	key := boundKey(t)
	tok := boundTokens(t, key, 1, time.Now())[0]
	big := []byte(tok + strings.Repeat(" ", 1<<16))
	v, _ := boundVerifier(t, key, CacheConfig{})
	view := bytesview.String(big[:len(tok)]) // a string whose bytes are the caller's buffer
	if _, err := v.Parse(view); err != nil {
		t.Fatal(err)
	}
	s := v.cache.shard(v.cache.key(tok))
	held := false
	for _, slot := range s.slots {
		if slot.token == tok {
			held = true
			if sameData(slot.token, view) {
				t.Fatal("the entry shares the caller's bytes")
			}
		}
	}
	if !held || !sameData(view, bytesview.String(big)) {
		t.Fatal("the token is not held, or the test's view is a copy")
	}
}

// sameData reports whether a and b share their first byte.
func sameData(a, b string) bool {
	return len(a) > 0 && len(b) > 0 && &bytesview.Of(a)[0] == &bytesview.Of(b)[0]
}

// TestWithCacheRingAgainstModel drives one shard with random puts, gets
// and drops, and checks it against a first-in first-out model: the same
// tokens held, the bounds kept, the accounting exact.
func TestWithCacheRingAgainstModel(t *testing.T) {
	for _, hash := range []struct {
		name string
		of   func(string) uint64 // nil: the cache's own
	}{
		{"maphash", nil},
		// Tokens of one length share a hash: the later replaces the
		// earlier, and a lookup never gives one token's entry for another.
		{"colliding", func(tok string) uint64 { return uint64(len(tok)) }},
	} {
		t.Run(hash.name, func(t *testing.T) { ringAgainstModel(t, hash.of) })
	}
}

func ringAgainstModel(t *testing.T, hashOf func(string) uint64) {
	for seed := range uint64(20) {
		r := mrand.New(mrand.NewPCG(seed, 1))
		maxEntries := 1 + r.IntN(8)
		maxBytes := (CacheEntryOverhead+40)*(1+r.IntN(maxEntries)) + r.IntN(200)
		cfg, why := CacheConfig{MaxEntries: maxEntries, MaxBytes: maxBytes, MaxTokenSize: 40}.resolve()
		if why != "" {
			t.Fatal(why)
		}
		c := newTokenCache(cfg)
		if len(c.shards) != 1 {
			t.Fatalf("%d shards for %d entries", len(c.shards), maxEntries)
		}
		if hashOf != nil {
			c.hash = hashOf
		}
		keys := map[string]*signing.VerifyingKey{} // one key per token, so a wrong entry shows
		now := time.Now()
		var model []string // oldest first
		for step := range 400 {
			tok := strings.Repeat("t", 1+r.IntN(40)) + fmt.Sprint(r.IntN(20))
			tok = tok[:min(len(tok), 40)]
			if keys[tok] == nil {
				keys[tok] = &signing.VerifyingKey{}
			}
			switch r.IntN(3) {
			case 0, 1:
				evicted := c.put(c.key(tok), keys[tok], now, time.Time{}, false)
				if !slices.Contains(model, tok) {
					want := 0
					model = slices.DeleteFunc(model, func(m string) bool {
						collides := c.hash(m) == c.hash(tok)
						if collides {
							want++
						}
						return collides
					})
					model = append(model, tok)
					for len(model) > maxEntries || modelBytes(model) > maxBytes {
						model = model[1:]
						want++
					}
					if evicted != want {
						t.Fatalf("seed %d step %d: evicted %d, model %d", seed, step, evicted, want)
					}
				}
			case 2:
				c.drop(c.key(tok))
				model = slices.DeleteFunc(model, func(m string) bool { return m == tok })
			}
			s := &c.shards[0]
			if s.live != len(model) || len(s.index) != len(model) || s.bytes != modelBytes(model) {
				t.Fatalf("seed %d step %d: live %d index %d bytes %d; model %d, %d bytes", seed, step, s.live, len(s.index), s.bytes, len(model), modelBytes(model))
			}
			for m, key := range keys {
				want := key
				if !slices.Contains(model, m) {
					want = nil
				}
				if k, _ := c.get(c.key(m), now); k != want {
					t.Fatalf("seed %d step %d: %q gives key %p, want %p", seed, step, m, k, want)
				}
			}
		}
	}
}

func modelBytes(m []string) int {
	n := 0
	for _, s := range m {
		n += len(s) + CacheEntryOverhead
	}
	return n
}

// TestWithCacheShardsKeepTheBounds: however many shards, their shares add
// up to no more than the bounds.
func TestWithCacheShardsKeepTheBounds(t *testing.T) {
	for _, cfg := range []CacheConfig{{}, {MaxEntries: 127}, {MaxEntries: 100_000, MaxBytes: 1 << 30}, {MaxBytes: 70_000}} {
		c, why := cfg.resolve()
		if why != "" {
			t.Fatal(why)
		}
		tc := newTokenCache(c)
		n := len(tc.shards)
		if n&(n-1) != 0 || n*tc.shards[0].maxEntries > c.MaxEntries || n*tc.shards[0].maxBytes > c.MaxBytes ||
			tc.shards[0].maxEntries < 1 || tc.shards[0].maxBytes < c.MaxTokenSize+CacheEntryOverhead {
			t.Errorf("%+v: %d shards of %d entries, %d bytes", c, n, tc.shards[0].maxEntries, tc.shards[0].maxBytes)
		}
	}
}

// TestWithCacheConcurrentUse verifies a set of tokens larger than the
// cache from many goroutines (run with -race): every verification
// accepted, the bounds kept, hits made.
func TestWithCacheConcurrentUse(t *testing.T) {
	key := boundKey(t)
	toks := boundTokens(t, key, 300, time.Now())
	v, obs := boundVerifier(t, key, CacheConfig{MaxEntries: 256})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 400 {
				tok := toks[(i*7+g*31)%len(toks)]
				if _, err := v.Parse(tok); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n, _ := v.cache.len(); n > 256 {
		t.Fatalf("%d entries held, MaxEntries 256", n)
	}
	if obs.hits == 0 {
		t.Fatal("no hit")
	}
}

// TestWithCacheExpiredOldestRemovedOnInsert: each insertion examines the
// shard's two oldest entries and removes those expired (never more: a
// constant cost), and reports them in what it removed, as eviction.
func TestWithCacheExpiredOldestRemovedOnInsert(t *testing.T) {
	cfg, why := CacheConfig{MaxEntries: 64}.resolve()
	if why != "" {
		t.Fatal(why)
	}
	c := newTokenCache(cfg)
	if len(c.shards) != 1 {
		t.Fatalf("%d shards", len(c.shards))
	}
	key := &signing.VerifyingKey{}
	now := time.Now()
	tok := func(i int) string { return fmt.Sprintf("token-%03d", i) }
	for i := range 3 { // three expiring in a second, the oldest
		c.put(c.key(tok(i)), key, now, now.Add(time.Second), true)
	}
	c.put(c.key(tok(3)), key, now, time.Time{}, false) // lives MaxAge
	later := now.Add(2 * time.Second)
	if n := c.put(c.key(tok(4)), key, later, time.Time{}, false); n != 2 {
		t.Fatalf("first insertion after expiry removed %d, want 2 (the two oldest)", n)
	}
	if n, _ := c.len(); n != 3 {
		t.Fatalf("%d entries held, want 3", n)
	}
	if n := c.put(c.key(tok(5)), key, later, time.Time{}, false); n != 1 {
		t.Fatalf("second insertion removed %d, want 1 (the last expired, then a live one)", n)
	}
	if n := c.put(c.key(tok(6)), key, later, time.Time{}, false); n != 0 {
		t.Fatalf("third insertion removed %d, want 0 (no expired entry left)", n)
	}
	for i := range 7 {
		k, _ := c.get(c.key(tok(i)), later)
		if (k != nil) != (i >= 3) {
			t.Errorf("%s held: %v", tok(i), k != nil)
		}
	}
}

// TestWithCacheEvictedCountsExpiryRemovals: VerifyEvent.CacheEvicted
// counts every entry the verification removed, expired ones included: its
// own token's entry found expired (MaxAge) and the expired oldest.
func TestWithCacheEvictedCountsExpiryRemovals(t *testing.T) {
	key := boundKey(t)
	start := time.Now()
	now := start
	toks := boundTokens(t, key, 2, start)
	v, obs := boundVerifier(t, key, CacheConfig{MaxEntries: 64, MaxAge: time.Minute}, WithTimeFunc(func() time.Time { return now }))
	if len(v.cache.shards) != 1 {
		t.Fatalf("%d shards", len(v.cache.shards))
	}
	if _, err := v.Parse(toks[0]); err != nil || obs.last.CacheEvicted != 0 {
		t.Fatalf("%v, evicted %d", err, obs.last.CacheEvicted)
	}
	now = start.Add(2 * time.Minute)
	if _, err := v.Parse(toks[0]); err != nil || obs.last.Cache != CacheMiss || obs.last.CacheEvicted != 1 {
		t.Fatalf("own entry past MaxAge: %v, %v, evicted %d, want a miss removing 1", err, obs.last.Cache, obs.last.CacheEvicted)
	}
	now = start.Add(4 * time.Minute)
	if _, err := v.Parse(toks[1]); err != nil || obs.last.CacheEvicted != 1 {
		t.Fatalf("another token's insertion past the first's MaxAge: %v, evicted %d, want 1", err, obs.last.CacheEvicted)
	}
	if n, _ := v.cache.len(); n != 1 {
		t.Fatalf("%d entries held, want 1", n)
	}
}
