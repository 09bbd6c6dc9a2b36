package jwk_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestRemoteSet_UnknownKidRightAfterTheFirstFetchTriggersAFetch_KeyRotatedInOneSecondLaterVerifies:
// the rate limit does not count the first fetch. With the default rate
// limit (1 min), a key published 1 s after the first fetch verifies its
// tokens at once, through jwt.Parse and a jwt.Verifier alike.
func TestRemoteSet_UnknownKidRightAfterTheFirstFetchTriggersAFetch_KeyRotatedInOneSecondLaterVerifies(t *testing.T) {
	t.Parallel()
	k := testKeys()
	old := mustKey(t, k.ec256, jwk.Params{KeyID: "old"})
	next := mustKey(t, k.ec384, jwk.Params{KeyID: "new"})
	f := newFixture(t, publish(t, old)) // DefaultRateLimit
	if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "old")); err != nil {
		t.Fatal(err) // the first fetch, started by the first verification
	}
	time.Sleep(time.Second)
	f.srv.setBody(publish(t, old, next)) // rotation
	tok := mustSign(t, jwt.ES384, k.ec384, "new")
	if _, err := jwt.Parse(tok, f.remote); err != nil {
		t.Fatalf("jwt.Parse, key rotated in 1 s after the first fetch: %v", err)
	}
	if err := f.parse(tok); err != nil {
		t.Fatalf("Verifier, key rotated in 1 s after the first fetch: %v", err)
	}
	if n := f.srv.hits.Load(); n != 2 {
		t.Fatalf("%d fetches, want 2 (first, then one for the unknown kid)", n)
	}
}

// TestRemoteSet_UnknownKidRightAfterAScheduledRefreshTriggersAFetch: a
// background refresh does not count against the rate limit either.
func TestRemoteSet_UnknownKidRightAfterAScheduledRefreshTriggersAFetch(t *testing.T) {
	t.Parallel()
	k := testKeys()
	old := mustKey(t, k.ec256, jwk.Params{KeyID: "old"})
	next := mustKey(t, k.ec384, jwk.Params{KeyID: "new"})
	f := newFixture(t, publish(t, old), jwk.WithRateLimit(time.Hour),
		jwk.WithRefreshInterval(time.Second), jwk.WithMinRefreshInterval(time.Second))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	first := f.remote.Stats().FetchedAt
	if !waitFor(5*time.Second, func() bool { return f.remote.Stats().FetchedAt.After(first) }) {
		t.Fatalf("no scheduled refresh: %d requests", f.srv.hits.Load())
	}
	f.srv.setBody(publish(t, old, next))
	if err := f.parse(mustSign(t, jwt.ES384, k.ec384, "new")); err != nil {
		t.Fatalf("key rotated in right after a scheduled refresh: %v", err)
	}
	if st := f.remote.Stats(); st.Fetches != 3 {
		t.Fatalf("stats %+v, want 3 fetches (first, scheduled, unknown kid)", st)
	}
}

// TestRemoteSet_RateLimitSpacesUnknownKidRefreshesFromEachOtherOnly: after
// an unknown-kid fetch, a Refresh (like a scheduled one) neither resets nor
// extends the rate-limit period: another unknown kid within the period of
// the first unknown-kid fetch is refused without a fetch, and one after it
// fetches even though the Refresh was more recent.
func TestRemoteSet_RateLimitSpacesUnknownKidRefreshesFromEachOtherOnly(t *testing.T) {
	t.Parallel()
	k := testKeys()
	const period = 600 * time.Millisecond
	a := mustKey(t, k.ec256, jwk.Params{KeyID: "a"})
	b := mustKey(t, k.ec384, jwk.Params{KeyID: "b"})
	c := mustKey(t, k.ed, jwk.Params{KeyID: "c"})
	f := newFixture(t, publish(t, a), jwk.WithRateLimit(period))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.srv.setBody(publish(t, a, b))
	missAt := time.Now()
	if err := f.parse(mustSign(t, jwt.ES384, k.ec384, "b")); err != nil {
		t.Fatalf("first unknown kid: %v", err)
	}
	// The unknown-kid fetch happened between missAt and missEnd: its
	// period has surely begun at missAt and surely ended at missEnd+period.
	missEnd := time.Now()
	time.Sleep(period / 2)
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.srv.setBody(publish(t, a, b, c))
	hits := f.srv.hits.Load()
	err := f.parse(mustSign(t, jwt.EdDSA, k.ed, "c"))
	if time.Since(missAt) < period {
		if !errors.Is(err, jwk.ErrKeyNotFound) || f.srv.hits.Load() != hits {
			t.Fatalf("unknown kid within the period of the last unknown-kid fetch: %v, %d new fetches; want ErrKeyNotFound, none", err, f.srv.hits.Load()-hits)
		}
	}
	time.Sleep(time.Until(missEnd.Add(period + 50*time.Millisecond)))
	// Now within the period of the Refresh, but not of the unknown-kid fetch.
	if err := f.parse(mustSign(t, jwt.EdDSA, k.ed, "c")); err != nil {
		t.Fatalf("unknown kid after the period of the last unknown-kid fetch: %v", err)
	}
}

// TestRemoteSet_FloodOfUnknownKidsTriggersAtMostOneRefreshPerTenthOfThePeriod:
// goroutines sending tokens with 64 unknown kids over and over for about
// three periods: the kids repeat, so each may look rotated in and fetch,
// but unknown-kid fetches stay a tenth of the period apart (plus the
// first fetch), and some come after the first period. No count tells a
// repeated forged kid from a rotated one before the fetch: this is the
// price of letting a rotation through within a tenth of the period
// whatever the attacker sends (remote_rotation_attack_test.go).
func TestRemoteSet_FloodOfUnknownKidsTriggersAtMostOneRefreshPerTenthOfThePeriod(t *testing.T) {
	k := testKeys()
	const period = 300 * time.Millisecond
	f := newFixture(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})), jwk.WithRateLimit(period))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	toks := make([]string, 64)
	for i := range toks {
		toks[i] = mustSign(t, jwt.ES256, k.ec256, fmt.Sprintf("unknown-%d", i))
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 3*period)
	defer cancel()
	var wg sync.WaitGroup
	var calls atomic.Int64
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; ctx.Err() == nil; i++ {
				calls.Add(1)
				if err := f.parse(toks[i%len(toks)]); !errors.Is(err, jwk.ErrKeyNotFound) {
					t.Errorf("unknown kid: %v", err)
					return
				}
				time.Sleep(100 * time.Microsecond) // a flood, not a busy loop on a shared machine
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	misses := f.srv.hits.Load() - 1
	limit := int64(elapsed/(period/10)) + 1
	t.Logf("%d verifications in %v: %d fetches for unknown kids (at most %d)", calls.Load(), elapsed, misses, limit)
	if misses > limit {
		t.Fatalf("%d fetches for unknown kids in %v, want at most %d", misses, elapsed, limit)
	}
	if misses < 2 {
		t.Fatalf("%d fetches for unknown kids in %v: the period's end allows another", misses, elapsed)
	}
}

// TestRemoteSet_ConcurrentCallersWithTheSameUnknownKidShareOneFetch: right
// after the first fetch, many concurrent verifications of a rotated-in kid
// make one fetch, and all of them verify.
func TestRemoteSet_ConcurrentCallersWithTheSameUnknownKidShareOneFetch(t *testing.T) {
	k := testKeys()
	newKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	old := mustKey(t, k.ec256, jwk.Params{KeyID: "old"})
	f := newFixture(t, publish(t, old))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.srv.setBody(publish(t, old, mustKey(t, newKey, jwk.Params{KeyID: "new"})))
	f.srv.delay.Store(int64(20 * time.Millisecond))
	n := 200
	if raceEnabled {
		n = 50
	}
	r := storm(t, f.v, mustSign(t, jwt.ES256, newKey, "new"), n, nil)
	if r.ok != n || f.srv.hits.Load() != 2 {
		t.Fatalf("%d of %d verified, %d fetches; want all and 2", r.ok, n, f.srv.hits.Load())
	}
}
