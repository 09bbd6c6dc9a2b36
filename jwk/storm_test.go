package jwk_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// stormResult is what one storm of concurrent verifications measured.
type stormResult struct {
	ok, failed    int
	p50, p99, max time.Duration
	wall          time.Duration
}

// storm runs n concurrent Verifier.ParseContext calls of tok, released
// together, and measures each call's latency.
func storm(t *testing.T, v *jwt.Verifier, tok string, n int, wantErr error) stormResult {
	t.Helper()
	toks := make([]string, n)
	for i := range toks {
		toks[i] = tok
	}
	return stormOf(t, v, toks, wantErr)
}

// stormOf is storm with one token per call.
func stormOf(t *testing.T, v *jwt.Verifier, toks []string, wantErr error) stormResult {
	t.Helper()
	n := len(toks)
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		lat   = make([]time.Duration, n)
		errs  = make([]error, n)
	)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			t0 := time.Now()
			_, errs[i] = v.ParseContext(context.Background(), toks[i])
			lat[i] = time.Since(t0)
		}()
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	r := stormResult{wall: time.Since(t0)}
	for _, err := range errs {
		switch {
		case err == nil:
			r.ok++
		case wantErr != nil && errors.Is(err, wantErr):
			r.failed++
		default:
			t.Fatalf("unexpected error: %v", err)
		}
	}
	slices.Sort(lat)
	r.p50, r.p99, r.max = lat[n/2], lat[n*99/100], lat[n-1]
	return r
}

// TestRemoteSetUnknownKidStormSharesOneFetch: 1000 concurrent verifications
// of a token whose kid is not cached make exactly one fetch per rate-limit
// period; they all wait for that one fetch (no thundering herd), and within
// the period further unknown kids fail at once: 1000 random ones with at
// most one fetch per tenth of the period (past 256 the kid table errs on
// fetching); one kid that all 1000 carry (a rotation, not noise) with one
// shared fetch, once a tenth of the period has passed.
func TestRemoteSetUnknownKidStormSharesOneFetch(t *testing.T) {
	const n = 1000
	const period = 1500 * time.Millisecond
	const serverDelay = 20 * time.Millisecond
	k := testKeys()
	newKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	old := mustKey(t, k.ec256, jwk.Params{KeyID: "old"})
	rotated := mustKey(t, newKey, jwk.Params{KeyID: "new"})
	f := newFixture(t, publish(t, old), jwk.WithRateLimit(period))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(period) // let the rate-limit period of the first fetch pass
	f.srv.setBody(publish(t, old, rotated))
	f.srv.delay.Store(int64(serverDelay))

	// Baseline: the same storm against a static set, no fetch at all; the
	// difference is what waiting for the shared fetch costs.
	// (Skipped under -race, where it only costs time.)
	if !raceEnabled {
		static, err := jwt.NewVerifier(jwk.NewSet(old, rotated))
		if err != nil {
			t.Fatal(err)
		}
		r0 := storm(t, static, mustSign(t, jwt.ES256, newKey, "new"), n, nil)
		t.Logf("storm 0, static *jwk.Set baseline: %d ok, latency p50 %v p99 %v max %v, wall %v", r0.ok, r0.p50, r0.p99, r0.max, r0.wall)
	}

	hits := f.srv.hits.Load()
	t1 := time.Now()
	r1 := storm(t, f.v, mustSign(t, jwt.ES256, newKey, "new"), n, nil)
	fetches1 := f.srv.hits.Load() - hits
	t.Logf("storm 1, kid rotated in: %d ok, %d fetch(es), latency p50 %v p99 %v max %v, wall %v", r1.ok, fetches1, r1.p50, r1.p99, r1.max, r1.wall)
	if r1.ok != n || fetches1 != 1 {
		t.Fatalf("storm 1: %d ok, %d fetches; want %d and 1", r1.ok, fetches1, n)
	}

	random := make([]string, n)
	for i := range random {
		random[i] = mustSign(t, jwt.ES256, newKey, fmt.Sprintf("random-%d", i))
	}
	hits = f.srv.hits.Load()
	r2 := stormOf(t, f.v, random, jwk.ErrKeyNotFound)
	fetches2 := f.srv.hits.Load() - hits
	t.Logf("storm 2, random unknown kids within the period: %d refused, %d fetch(es), latency p50 %v p99 %v max %v, wall %v", r2.failed, fetches2, r2.p50, r2.p99, r2.max, r2.wall)
	// Past 256 unknown-kid verifications between two fetches the kid
	// table cannot tell noise from a rotation and errs on fetching: at
	// most one fetch per tenth of the period.
	after := t1
	if fetches2 > 0 {
		after = time.Now()
	}
	if limit := int64(r2.wall/(period/10)) + 1; time.Since(t1) < period && fetches2 > limit {
		t.Fatalf("storm 2: %d fetches within the period, want at most %d", fetches2, limit)
	}

	time.Sleep(time.Until(after.Add(period/10 + 20*time.Millisecond)))
	hits = f.srv.hits.Load()
	r2b := storm(t, f.v, mustSign(t, jwt.ES256, newKey, "unknown-1"), n, jwk.ErrKeyNotFound)
	fetches2b := f.srv.hits.Load() - hits
	t.Logf("storm 2b, one unknown kid within the period, after a tenth of it: %d refused, %d fetch(es), latency p50 %v p99 %v max %v, wall %v", r2b.failed, fetches2b, r2b.p50, r2b.p99, r2b.max, r2b.wall)
	if r2b.failed != n || fetches2b != 1 {
		t.Fatalf("storm 2b: %d refused, %d fetches; want %d and 1 (shared)", r2b.failed, fetches2b, n)
	}

	time.Sleep(period)
	hits = f.srv.hits.Load()
	r3 := storm(t, f.v, mustSign(t, jwt.ES256, newKey, "unknown-2"), n, jwk.ErrKeyNotFound)
	fetches3 := f.srv.hits.Load() - hits
	t.Logf("storm 3, unknown kid after the period: %d refused, %d fetch(es), latency p50 %v p99 %v max %v, wall %v", r3.failed, fetches3, r3.p50, r3.p99, r3.max, r3.wall)
	if r3.failed != n || fetches3 != 1 {
		t.Fatalf("storm 3: %d refused, %d fetches; want %d and 1", r3.failed, fetches3, n)
	}
	if st := f.remote.Stats(); st.Failures != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// TestRemoteSetConcurrentUseDuringRotation: verifications, refreshes and
// rotations at once (run with -race).
func TestRemoteSetConcurrentUseDuringRotation(t *testing.T) {
	t.Parallel()
	k := testKeys()
	a := mustKey(t, k.ec256, jwk.Params{KeyID: "a"})
	b := mustKey(t, k.ed, jwk.Params{KeyID: "b"})
	f := newFixture(t, publish(t, a, b), jwk.WithRateLimit(time.Millisecond), jwk.WithMinRefreshInterval(time.Millisecond))
	f.srv.cacheControl.Store(ptr("no-cache"))
	tokA := mustSign(t, jwt.ES256, k.ec256, "a")
	tokB := mustSign(t, jwt.EdDSA, k.ed, "b")
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if _, err := f.v.ParseContext(ctx, tokA); err != nil && !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("a: %v", err)
					return
				}
				// b comes and goes: either outcome, never a panic or race.
				f.v.ParseContext(ctx, tokB)
				_ = f.remote.Set()
				_ = f.remote.Stats()
			}
		}()
	}
	for i := 0; ctx.Err() == nil; i++ {
		if i%2 == 0 {
			f.srv.setBody(publish(t, a))
		} else {
			f.srv.setBody(publish(t, a, b))
		}
		f.remote.Refresh(ctx)
	}
	wg.Wait()
}
