package jwthttp_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwthttp"
)

// httpCacheEvents counts the verifications' cache results.
type httpCacheEvents struct {
	mu    sync.Mutex
	count map[jwt.CacheResult]int
}

func (o *httpCacheEvents) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.count[e.Cache]++
}

// TestRFC6750_2_1_MiddlewareUsesVerifierCache: a Middleware over a
// Verifier with WithCache verifies a bearer token presented again from
// the cache, answering as it did the first time; an expired held token
// is refused (401).
func TestRFC6750_2_1_MiddlewareUsesVerifierCache(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	obs := &httpCacheEvents{count: map[jwt.CacheResult]int{}}
	v, err := jwt.NewVerifier(&key.PublicKey, jwt.WithIssuer(testIssuer), jwt.WithAudience(testResource),
		jwt.WithTimeFunc(clock), jwt.WithCache(jwt.CacheConfig{}), jwt.WithObserver(obs))
	if err != nil {
		t.Fatal(err)
	}
	mw, err := jwthttp.New(jwthttp.Core[apiClaims](v), jwthttp.WithRealm("api"), jwthttp.WithResource(jwthttp.Resource{
		ID: testResource, AuthorizationServers: []string{testIssuer}, Scopes: []string{"read"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.Sign(jwt.ES256, map[string]any{"iss": testIssuer, "aud": testResource, "sub": "alice", "exp": now.Add(time.Minute).Unix()}, key)
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, mw.Handler(echoSubject))
	for range 3 {
		resp, body := get(t, srv, tok)
		if resp.StatusCode != http.StatusOK || body != "alice" {
			t.Fatalf("status %d body %q, want 200 alice", resp.StatusCode, body)
		}
	}
	obs.mu.Lock()
	misses, hits := obs.count[jwt.CacheMiss], obs.count[jwt.CacheHit]
	obs.mu.Unlock()
	if misses != 1 || hits != 2 {
		t.Fatalf("%d misses, %d hits; want 1 and 2", misses, hits)
	}
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	if resp, _ := get(t, srv, tok); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("expired: status %d, want 401", resp.StatusCode)
	}
}
