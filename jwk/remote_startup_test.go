package jwk_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// Issue 21 item 2: a failed start-up fetch must not block key fetches for
// a whole rate-limit period. While no JWK Set (RFC 7517 section 5) can be
// served, a verification fetches again after a short backoff (one second,
// doubling up to the rate-limit period), and concurrent verifications
// share one fetch.

// TestRemoteSet_StartupFetchFailed_TheNextTokenFetchesAgainAfterAShortBackoff:
// 503 at start, Refresh fails, the provider recovers: a token soon after is
// verified (it waited a minute before), while one within the backoff gets
// ErrFetch at once, without a request.
func TestRemoteSet_StartupFetchFailed_TheNextTokenFetchesAgainAfterAShortBackoff(t *testing.T) {
	k := testKeys()
	srv := newJWKSServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	srv.status.Store(http.StatusServiceUnavailable)
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithStartupRetryForTest(60*time.Millisecond)) // default rate limit: 1 min
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Refresh(context.Background()); !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("Refresh against a 503: %v", err)
	}
	srv.status.Store(http.StatusOK)
	tok := mustSign(t, jwt.ES256, k.ec256, "a")
	if _, err := jwt.Parse(tok, r); !errors.Is(err, jwk.ErrFetch) || srv.hits.Load() != 1 {
		t.Fatalf("within the backoff: %v, %d requests; want ErrFetch at once, 1 request", err, srv.hits.Load())
	}
	time.Sleep(80 * time.Millisecond)
	if _, err := jwt.Parse(tok, r); err != nil {
		t.Fatalf("after the backoff, the provider up again: %v", err)
	}
}

// TestRemoteSet_StartupOutage_RetriesBackOffAndAreBounded: the provider is
// down; eight goroutines verify without pause for 640 ms. The retries
// double from the first delay up to the rate-limit period: a handful of
// requests, not a storm, yet more than one.
func TestRemoteSet_StartupOutage_RetriesBackOffAndAreBounded(t *testing.T) {
	t.Parallel()
	const first, period, run = 20 * time.Millisecond, 160 * time.Millisecond, 640 * time.Millisecond
	srv := newJWKSServer(t, nil)
	srv.status.Store(http.StatusServiceUnavailable)
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithStartupRetryForTest(first), jwk.WithRateLimit(period))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	v, _ := jwt.NewVerifier(r)
	tok := mustSign(t, jwt.ES256, testKeys().ec256, "a")
	ctx, cancel := context.WithTimeout(context.Background(), run)
	defer cancel()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if _, err := v.ParseContext(context.Background(), tok); !errors.Is(err, jwk.ErrFetch) {
					t.Errorf("provider down: %v", err)
					return
				}
				time.Sleep(200 * time.Microsecond)
			}
		}()
	}
	wg.Wait()
	// Starts at 0, 20, 60, 140, 300, 460, 620 ms: 7, plus scheduling slack.
	hits := srv.hits.Load()
	t.Logf("%d requests in %v", hits, run)
	if hits < 4 || hits > 10 {
		t.Fatalf("%d requests in %v, want between 4 and 10 (1 + backoff 20 ms doubling to %v)", hits, run, period)
	}
}

// TestRemoteSet_StartupRetry_ConcurrentCallersShareOneFetch: after a failed
// first fetch and its backoff, 100 concurrent verifications make one
// request, and all verify.
func TestRemoteSet_StartupRetry_ConcurrentCallersShareOneFetch(t *testing.T) {
	k := testKeys()
	srv := newJWKSServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	srv.status.Store(http.StatusServiceUnavailable)
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithStartupRetryForTest(30*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_ = r.Refresh(context.Background())
	srv.status.Store(http.StatusOK)
	srv.delay.Store(int64(20 * time.Millisecond))
	time.Sleep(40 * time.Millisecond)
	v, _ := jwt.NewVerifier(r)
	res := storm(t, v, mustSign(t, jwt.ES256, k.ec256, "a"), 100, nil)
	if res.ok != 100 || srv.hits.Load() != 2 {
		t.Fatalf("%d of 100 verified with %d requests; want all, 2 (the failed one and one shared)", res.ok, srv.hits.Load())
	}
}

// TestProvider_StartupDiscoveryFailed_TheNextTokenDiscoversAgainAfterAShortBackoff:
// the discovery document (OpenID Connect Discovery 1.0 section 4) answers
// 503 at the first verification; once it is back, a token after the short
// backoff is verified, with the default one-minute rate limit.
func TestProvider_StartupDiscoveryFailed_TheNextTokenDiscoversAgainAfterAShortBackoff(t *testing.T) {
	k := testKeys()
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	idp.down.Store(true)
	p, err := jwk.NewProvider(idp.issuer, jwk.WithStartupRetryForTest(60*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	v, err := jwt.NewVerifier(p)
	if err != nil {
		t.Fatal(err)
	}
	tok := signFor(t, jwt.ES256, k.ec256, "a", idp.issuer)
	if _, err := v.Parse(tok); !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("discovery 503: %v", err)
	}
	idp.down.Store(false)
	if _, err := v.Parse(tok); !errors.Is(err, jwk.ErrFetch) || idp.docHits.Load() != 1 {
		t.Fatalf("within the backoff: %v, %d document requests; want ErrFetch at once, 1", err, idp.docHits.Load())
	}
	time.Sleep(80 * time.Millisecond)
	if _, err := v.Parse(tok); err != nil {
		t.Fatalf("after the backoff: %v", err)
	}
}
