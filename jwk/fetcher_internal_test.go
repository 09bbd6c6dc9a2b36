package jwk

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// TestRFC9110_10_2_3_ReadyAndBackgroundWaitOutRetryAfter: Ready's retry
// and the background refresh both wait for a server's Retry-After. When
// they are due at the same instant and the background's fetch fails first,
// with a new Retry-After, Ready does not fetch right after it (the hook
// makes that interleaving certain): no two requests are closer than the
// Retry-After (here 1 s, bounded by WithRateLimit to 300 ms).
func TestRFC9110_10_2_3_ReadyAndBackgroundWaitOutRetryAfter(t *testing.T) {
	t.Parallel()
	const gap = 300 * time.Millisecond
	srv := newHitServer(t)
	srv.failKeys.Store(2)
	r, err := NewRemoteSet(srv.URL+"/jwks", WithHTTPClient(srv.Client()), WithRateLimit(gap), WithStartupRetryForTest(10*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	steps := 0
	r.readyHook = func() {
		if steps++; steps == 2 { // Ready's retry, due with the background's
			waitFor(t, "the background's fetch to fail", func() bool {
				r.mu.Lock()
				defer r.mu.Unlock()
				return r.gate.failures >= 2 && r.flight == nil
			})
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.Ready(ctx); err != nil {
		t.Fatalf("Ready: %v", err)
	}
	keys, _ := srv.hits()
	if len(keys) != 3 {
		t.Errorf("%d requests, want 3 (two 503s, then the set)", len(keys))
	}
	for i := 1; i < len(keys); i++ {
		if d := keys[i].Sub(keys[i-1]); d < gap-5*time.Millisecond {
			t.Errorf("request %d came %v after the one before, whose answer said Retry-After (%v here)", i+1, d, gap)
		}
	}
}

// TestRFC9110_10_2_3_ReadyWaitsOutAVerificationsRetryAfter: Ready called
// after a verification's fetch was answered 503 with Retry-After (1 s,
// bounded by WithRateLimit to 300 ms) fetches once it has passed, not at
// once, for a RemoteSet (its JWK Set) and a Provider (its document) alike;
// only Refresh ignores it.
func TestRFC9110_10_2_3_ReadyWaitsOutAVerificationsRetryAfter(t *testing.T) {
	t.Parallel()
	const gap = 300 * time.Millisecond
	for _, owner := range []string{"RemoteSet", "Provider"} {
		srv := newHitServer(t)
		opts := []RemoteOption{WithHTTPClient(srv.Client()), WithRateLimit(gap)}
		var src interface {
			VerificationKeys(context.Context, *jwt.Header) ([]any, error)
			Ready(context.Context) error
			Close() error
		}
		var err error
		if owner == "RemoteSet" {
			srv.failKeys.Store(1)
			src, err = NewRemoteSet(srv.URL+"/jwks", opts...)
		} else {
			srv.failDocs.Store(1)
			src, err = NewProvider(srv.URL, opts...)
		}
		if err != nil {
			t.Fatal(err)
		}
		defer src.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := src.VerificationKeys(ctx, &jwt.Header{Algorithm: "ES256", KeyID: "a"}); !errors.Is(err, ErrFetch) {
			t.Fatalf("%s: verification: %v, want ErrFetch", owner, err)
		}
		if err := src.Ready(ctx); err != nil {
			t.Fatalf("%s.Ready: %v", owner, err)
		}
		keys, docs := srv.hits()
		hits := keys
		if owner == "Provider" {
			hits = docs
		}
		if len(hits) != 2 {
			t.Fatalf("%s: %d requests, want 2 (the 503, then Ready's)", owner, len(hits))
		}
		if d := hits[1].Sub(hits[0]); d < gap-5*time.Millisecond {
			t.Errorf("%s.Ready fetched %v after a 503 with Retry-After (%v here)", owner, d, gap)
		}
	}
}
