package jwk_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// headerServer serves a JWK Set at /jwks and a discovery document naming
// it at /.well-known/openid-configuration, each with its own status and
// Retry-After, and records each request's path and Cache-Control.
type headerServer struct {
	*httptest.Server
	jwks       atomic.Pointer[[]byte]
	keyStatus  atomic.Int32
	docStatus  atomic.Int32
	retryAfter atomic.Pointer[string] // sent with every status but 200

	mu   sync.Mutex
	reqs []recordedRequest
}

type recordedRequest struct{ path, cacheControl string }

func newHeaderServer(t testing.TB, jwks []byte) *headerServer {
	t.Helper()
	s := &headerServer{}
	s.jwks.Store(&jwks)
	s.keyStatus.Store(http.StatusOK)
	s.docStatus.Store(http.StatusOK)
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *headerServer) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.reqs = append(s.reqs, recordedRequest{r.URL.Path, r.Header.Get("Cache-Control")})
	s.mu.Unlock()
	var status int
	var body []byte
	switch r.URL.Path {
	case "/jwks":
		status, body = int(s.keyStatus.Load()), *s.jwks.Load()
	case "/.well-known/openid-configuration":
		status = int(s.docStatus.Load())
		body = []byte(`{"issuer":"` + s.URL + `","jwks_uri":"` + s.URL + `/jwks"}`)
	default:
		http.NotFound(w, r)
		return
	}
	if status != http.StatusOK {
		if ra := s.retryAfter.Load(); ra != nil {
			w.Header().Set("Retry-After", *ra)
		}
		http.Error(w, "not now", status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// requests returns the requests so far to path.
func (s *headerServer) requests(path string) []recordedRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []recordedRequest
	for _, r := range s.reqs {
		if r.path == path {
			out = append(out, r)
		}
	}
	return out
}

// TestRemoteSet_RFC9111_5_2_1_4_UnknownKidRefetchSendsNoCache: a fetch for
// a "kid" not in the set (a key rotation) asks caches between us and the
// provider to revalidate (Cache-Control: no-cache, RFC 9111 section
// 5.2.1.4), so a caching proxy cannot answer it with the set we already
// hold; other fetches leave caches to their rules.
func TestRemoteSet_RFC9111_5_2_1_4_UnknownKidRefetchSendsNoCache(t *testing.T) {
	k := testKeys()
	srv := newHeaderServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	r, err := jwk.NewRemoteSet(srv.URL + "/jwks")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "a"), r); err != nil {
		t.Fatal(err)
	}
	if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "rotated"), r); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatal(err)
	}
	reqs := srv.requests("/jwks")
	if len(reqs) != 2 || reqs[0].cacheControl != "" || reqs[1].cacheControl != "no-cache" {
		t.Fatalf("requests %+v, want the first without Cache-Control and the unknown-kid one with no-cache", reqs)
	}
}

// retryAfterCases are the two forms of Retry-After (RFC 9110 section
// 10.2.3): delay-seconds and an HTTP-date.
func retryAfterCases() map[string]string {
	return map[string]string{
		"delay-seconds": "2",
		"HTTP-date":     time.Now().Add(3 * time.Second).UTC().Format(http.TimeFormat),
	}
}

// TestRemoteSet_RFC9110_10_2_3_RetryAfterOn503And429IsHonoured: with no set
// yet, a 503 or 429 with Retry-After holds back the verifications' retries
// until then, though the start-up backoff would allow one sooner, and the
// error says when.
func TestRemoteSet_RFC9110_10_2_3_RetryAfterOn503And429IsHonoured(t *testing.T) {
	t.Parallel()
	tok := mustSign(t, jwt.ES256, testKeys().ec256, "a")
	for _, status := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		for form, value := range retryAfterCases() {
			t.Run(strconv.Itoa(status)+" "+form, func(t *testing.T) {
				srv := newHeaderServer(t, nil)
				srv.keyStatus.Store(int32(status))
				srv.retryAfter.Store(&value)
				r, err := jwk.NewRemoteSet(srv.URL+"/jwks", jwk.WithStartupRetryForTest(10*time.Millisecond))
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				if err := r.Refresh(context.Background()); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "Retry-After") {
					t.Fatalf("Refresh: %v, want ErrFetch naming Retry-After", err)
				}
				time.Sleep(60 * time.Millisecond) // past the start-up backoff, not past Retry-After
				if _, err := jwt.Parse(tok, r); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "Retry-After") {
					t.Fatalf("within Retry-After: %v", err)
				}
				if n := len(srv.requests("/jwks")); n != 1 {
					t.Fatalf("%d requests within Retry-After, want 1", n)
				}
			})
		}
	}
}

// TestRemoteSet_RetryAfterIsBoundedByTheRateLimit: a Retry-After of an
// hour holds fetches back for the rate-limit period at most.
func TestRemoteSet_RetryAfterIsBoundedByTheRateLimit(t *testing.T) {
	t.Parallel()
	k := testKeys()
	srv := newHeaderServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
	srv.keyStatus.Store(http.StatusServiceUnavailable)
	srv.retryAfter.Store(ptr("3600"))
	r, err := jwk.NewRemoteSet(srv.URL+"/jwks", jwk.WithStartupRetryForTest(10*time.Millisecond), jwk.WithRateLimit(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_ = r.Refresh(context.Background())
	srv.keyStatus.Store(http.StatusOK)
	time.Sleep(130 * time.Millisecond)
	if _, err := jwt.Parse(mustSign(t, jwt.ES256, k.ec256, "a"), r); err != nil {
		t.Fatalf("after the rate-limit period: %v", err)
	}
}

// TestProvider_RFC9110_10_2_3_RetryAfterOnTheDiscoveryDocumentIsHonoured:
// the discovery document (OpenID Connect Discovery 1.0 section 4) answers
// 503 with Retry-After: no verification asks for it again before then.
func TestProvider_RFC9110_10_2_3_RetryAfterOnTheDiscoveryDocumentIsHonoured(t *testing.T) {
	t.Parallel()
	k := testKeys()
	for form, value := range retryAfterCases() {
		t.Run(form, func(t *testing.T) {
			srv := newHeaderServer(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})))
			srv.docStatus.Store(http.StatusServiceUnavailable)
			srv.retryAfter.Store(&value)
			p, err := jwk.NewProvider(srv.URL, jwk.WithStartupRetryForTest(10*time.Millisecond))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			v, _ := jwt.NewVerifier(p)
			tok := signFor(t, jwt.ES256, k.ec256, "a", srv.URL)
			if _, err := v.Parse(tok); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "Retry-After") {
				t.Fatalf("discovery 503: %v", err)
			}
			time.Sleep(60 * time.Millisecond)
			if _, err := v.Parse(tok); !errors.Is(err, jwk.ErrFetch) {
				t.Fatalf("within Retry-After: %v", err)
			}
			if n := len(srv.requests("/.well-known/openid-configuration")); n != 1 {
				t.Fatalf("%d document requests within Retry-After, want 1", n)
			}
		})
	}
}

// TestRemoteSet_RFC9110_10_2_3_RetryAfterHoldsBackReadyAndTheBackground:
// Ready's retry loop (250 ms) and the background retry (the start-up
// backoff) wait for Retry-After too.
func TestRemoteSet_RFC9110_10_2_3_RetryAfterHoldsBackReadyAndTheBackground(t *testing.T) {
	t.Parallel()
	srv := newHeaderServer(t, nil)
	srv.keyStatus.Store(http.StatusServiceUnavailable)
	srv.retryAfter.Store(ptr("2"))
	r, err := jwk.NewRemoteSet(srv.URL+"/jwks", jwk.WithStartupRetryForTest(10*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := r.Ready(ctx); !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("Ready: %v", err)
	}
	if n := len(srv.requests("/jwks")); n != 1 {
		t.Fatalf("%d requests in %v, want 1: Ready retried within Retry-After", n, time.Since(start))
	}
	if next := r.Stats().NextRefresh; next.Before(start.Add(1500 * time.Millisecond)) {
		t.Fatalf("background retry due %v after the failure, want after Retry-After (2 s)", next.Sub(start))
	}
}
