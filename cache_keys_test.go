package jwt_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// sameVerdict checks that a cached Verifier's error matches a fresh,
// uncached Verifier's on the same token: same sentinel, same acceptance.
func sameVerdict(t *testing.T, cachedErr, freshErr error) {
	t.Helper()
	if (cachedErr == nil) != (freshErr == nil) {
		t.Fatalf("cached verifier: %v; uncached: %v", cachedErr, freshErr)
	}
	for _, s := range []error{jwt.ErrSignatureInvalid, jwt.ErrInvalidKey, jwt.ErrTokenInvalidClaims, jwt.ErrAlgorithmNotAllowed} {
		if errors.Is(cachedErr, s) != errors.Is(freshErr, s) {
			t.Fatalf("cached verifier: %v; uncached: %v (differ on %v)", cachedErr, freshErr, s)
		}
	}
}

// TestRFC8725_3_8_CacheKeyFuncSwitchedRefused: a KeyFunc that now returns
// another key makes the held token fail at once, as it would uncached; a
// KeyFunc returning a key made anew from the same material still hits.
func TestRFC8725_3_8_CacheKeyFuncSwitchedRefused(t *testing.T) {
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()))
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pub := cacheKey().PublicKey
	raw, err := pub.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	var current atomic.Value
	current.Store(func() any { // a fresh *ecdsa.PublicKey each call, same material
		k, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
		if err != nil {
			panic(err)
		}
		return k
	})
	keyFunc := jwt.KeyFunc(func(*jwt.Header) (any, error) { return current.Load().(func() any)(), nil })
	obs := &cacheEvents{}
	v := cacheVerifier(t, keyFunc, obs)
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "identical fresh key")

	current.Store(func() any { return &other.PublicKey })
	_, err = v.Parse(tok)
	if !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("key switched: %v, want ErrSignatureInvalid", err)
	}
	wantCache(t, obs, jwt.CacheMiss, "key switched")
	_, fresh := jwt.Parse(tok, keyFunc)
	sameVerdict(t, err, fresh)

	current.Store(func() any { return &pub }) // back: verified and held again
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "key back")

	current.Store(func() any { return []byte("not a key of this algorithm, 32b") })
	_, err = v.Parse(tok)
	_, fresh = jwt.Parse(tok, keyFunc)
	sameVerdict(t, err, fresh)
}

// swappableSet is an application's key set, replaced as a whole on
// reload: a *jwk.Set behind an atomic pointer.
type swappableSet struct{ set atomic.Pointer[jwk.Set] }

func (s *swappableSet) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	return s.set.Load().VerificationKeys(ctx, h)
}

func jwkKey(t *testing.T, key any, kid string) *jwk.Key {
	t.Helper()
	k, err := jwk.NewKey(key, jwk.Params{KeyID: kid, Algorithm: "ES256", Use: "sig"})
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestRFC7517_5_CacheKeyDroppedFromSetRefused: a key dropped from a
// jwk.Set (the set reloaded without it) refuses its held tokens at once.
func TestRFC7517_5_CacheKeyDroppedFromSetRefused(t *testing.T) {
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()), jwt.WithKeyID("a"))
	set := &swappableSet{}
	set.set.Store(jwk.NewSet(jwkKey(t, &cacheKey().PublicKey, "a"), jwkKey(t, &other.PublicKey, "b")))
	obs := &cacheEvents{}
	v := cacheVerifier(t, set, obs)
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "held")

	set.set.Store(jwk.NewSet(jwkKey(t, &other.PublicKey, "b")))
	_, err = v.Parse(tok)
	if !errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatalf("key dropped: %v, want ErrInvalidKey", err)
	}
	_, fresh := jwt.Parse(tok, set)
	sameVerdict(t, err, fresh)

	// The kid reused for another key: the held entry's key is not among
	// the candidates, and the signature fails.
	set.set.Store(jwk.NewSet(jwkKey(t, &other.PublicKey, "a")))
	_, err = v.Parse(tok)
	if !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("kid reused: %v, want ErrSignatureInvalid", err)
	}
	_, fresh = jwt.Parse(tok, set)
	sameVerdict(t, err, fresh)
}

// jwksServer serves a JWK Set over TLS that the test replaces.
type jwksServer struct {
	mu   sync.Mutex
	body []byte
	srv  *httptest.Server
}

func newJWKSServer(t *testing.T, set *jwk.Set) *jwksServer {
	t.Helper()
	s := &jwksServer{}
	s.publish(t, set)
	s.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		body := s.body
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/jwk-set+json")
		_, _ = w.Write(body)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *jwksServer) publish(t *testing.T, set *jwk.Set) {
	t.Helper()
	body, err := set.Public().MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.body = body
	s.mu.Unlock()
}

// TestRFC7517_5_CacheKeyRotatedOutOfRemoteSetRefused: a remote JWK Set
// (an httptest TLS server) refreshed without the key refuses the held
// token at once, as an uncached verifier does.
func TestRFC7517_5_CacheKeyRotatedOutOfRemoteSetRefused(t *testing.T) {
	next, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	nextKey, err := jwk.NewKey(next, jwk.Params{KeyID: "next", Algorithm: "RS256", Use: "sig"})
	if err != nil {
		t.Fatal(err)
	}
	srv := newJWKSServer(t, jwk.NewSet(jwkKey(t, cacheKey(), "a"), nextKey))
	remote, err := jwk.NewRemoteSet(srv.srv.URL, jwk.WithHTTPClient(srv.srv.Client()), jwk.WithRateLimit(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = remote.Close() })
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()), jwt.WithKeyID("a"))
	obs := &cacheEvents{}
	v := cacheVerifier(t, remote, obs)
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "held")

	srv.publish(t, jwk.NewSet(nextKey))
	if err := remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, err = v.Parse(tok)
	if !errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatalf("rotated out: %v, want ErrInvalidKey", err)
	}
	wantCache(t, obs, jwt.CacheMiss, "rotated out: the lookup failed")
	_, fresh := jwt.Parse(tok, remote)
	sameVerdict(t, err, fresh)
}

// issuerKeys is an IssuerKeySet whose keys per issuer the test replaces.
type issuerKeys struct {
	mu   sync.Mutex
	keys map[string][]any
}

func (s *issuerKeys) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, errors.New("keys are chosen by issuer")
}

func (s *issuerKeys) IssuerVerificationKeys(_ context.Context, iss string, _ *jwt.Header) ([]any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k, ok := s.keys[iss]
	if !ok {
		return nil, jwt.ErrInvalidIssuer
	}
	return k, nil
}

// TestRFC8725_3_8_CacheIssuerKeysChangedRefused: with keys chosen by
// issuer, a held token's issuer is read and its keys asked for on every
// hit: the issuer's key removed refuses the token at once.
func TestRFC8725_3_8_CacheIssuerKeysChangedRefused(t *testing.T) {
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	src := &issuerKeys{keys: map[string][]any{"https://issuer.example": {&other.PublicKey, &cacheKey().PublicKey}}}
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()))
	obs := &cacheEvents{}
	v := cacheVerifier(t, src, obs)
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "held")
	src.mu.Lock()
	src.keys["https://issuer.example"] = []any{&other.PublicKey}
	src.mu.Unlock()
	_, err = v.Parse(tok)
	if !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("issuer's key removed: %v, want ErrSignatureInvalid", err)
	}
	_, fresh := jwt.Parse(tok, src)
	sameVerdict(t, err, fresh)
}
