package jwk_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt/jwk"
)

// TestRFC9110_10_2_3_DocumentReReadWaitsOutRetryAfter: a re-read of the
// discovery document answered 503 with Retry-After is not tried again
// before it (within the rate limit), though the re-read backoff is shorter.
func TestRFC9110_10_2_3_DocumentReReadWaitsOutRetryAfter(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	var (
		mu    sync.Mutex
		reads []time.Time
		down  atomic.Bool
	)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/.well-known/openid-configuration":
			mu.Lock()
			reads = append(reads, time.Now())
			mu.Unlock()
			if down.Load() {
				w.Header().Set("Retry-After", "1")
				http.Error(w, "down", http.StatusServiceUnavailable)
				return
			}
			json.NewEncoder(w).Encode(map[string]any{"issuer": srv.URL, "jwks_uri": srv.URL + "/jwks"})
		case "/jwks":
			w.Write(jwks)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	p, err := jwk.Discover(context.Background(), srv.URL, jwk.WithInsecureHTTP(),
		jwk.WithRefreshInterval(100*time.Millisecond), jwk.WithMinRefreshInterval(20*time.Millisecond),
		jwk.WithRateLimit(500*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	down.Store(true)
	time.Sleep(900 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	failed := reads[1:] // after the first read, every read is answered 503
	if len(failed) < 2 {
		t.Fatalf("%d re-reads in 0.9 s, want a failed one and the one after its Retry-After", len(failed))
	}
	for i := 1; i < len(failed); i++ {
		if gap := failed[i].Sub(failed[i-1]); gap < 450*time.Millisecond {
			t.Errorf("re-read %d came %v after a 503 with Retry-After (capped at the 500ms rate limit)", i, gap)
		}
	}
}
