package jwt_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// hsAndES is a KeySet giving an HMAC secret for HS* headers and the cache
// tests' ES256 key otherwise.
type hsAndES struct{ secret []byte }

func (s hsAndES) VerificationKeys(_ context.Context, h *jwt.Header) ([]any, error) {
	if h.Algorithm == string(jwt.HS256) {
		return []any{s.secret}, nil
	}
	return []any{&cacheKey().PublicKey}, nil
}

// TestWithCacheHSOnlyRefused: HS* tokens are never cached, so WithCache
// with a static HMAC secret, or with WithAlgorithms naming only HS* (any
// key source), could never hold a token: ErrInvalidOption. A KeySet with
// WithAlgorithms(HS256, ES256) may cache its ES256 tokens: accepted.
func TestWithCacheHSOnlyRefused(t *testing.T) {
	secret := []byte("cache-test-hs256-secret-32-bytes")
	cache := jwt.WithCache(jwt.CacheConfig{})
	if _, err := jwt.NewVerifier(secret, cache); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("static HMAC secret: %v, want ErrInvalidOption", err)
	}
	if _, err := jwt.NewVerifier(secret, cache, jwt.WithAlgorithms(jwt.HS256)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("static HMAC secret, WithAlgorithms(HS256): %v, want ErrInvalidOption", err)
	}
	set := hsAndES{secret}
	if _, err := jwt.NewVerifier(set, cache, jwt.WithAlgorithms(jwt.HS256, jwt.HS512)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("KeySet, WithAlgorithms(HS256, HS512): %v, want ErrInvalidOption", err)
	}
	kf := jwt.KeyFunc(func(*jwt.Header) (any, error) { return secret, nil })
	if _, err := jwt.NewVerifier(kf, cache, jwt.WithAlgorithms(jwt.HS384)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("KeyFunc, WithAlgorithms(HS384): %v, want ErrInvalidOption", err)
	}
	obs := &cacheEvents{}
	v, err := jwt.NewVerifier(set, cache, jwt.WithAlgorithms(jwt.HS256, jwt.ES256), jwt.WithObserver(obs))
	if err != nil {
		t.Fatalf("KeySet, WithAlgorithms(HS256, ES256): %v", err)
	}
	es := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()))
	for _, want := range []jwt.CacheResult{jwt.CacheMiss, jwt.CacheHit} {
		if _, err := v.Parse(es); err != nil {
			t.Fatal(err)
		}
		wantCache(t, obs, want, "ES256 through the mixed set")
	}
	hs := cacheToken(t, jwt.HS256, secret, cacheClaims(time.Now()))
	if _, err := v.Parse(hs); err != nil {
		t.Fatal(err)
	}
	wantCache(t, obs, jwt.CacheNotUsed, "HS256 through the mixed set")
}

// TestRFC7515_7_1_CacheTooSmallForAnySignedTokenRefused: a MaxTokenSize
// (or a MaxBytes less CacheEntryOverhead) below the shortest compact JWS
// an asymmetric algorithm makes (header '{"alg":"EdDSA"}', claims '{}',
// a 64-byte signature: 20+1+3+1+86 = 111 characters) could never hold a
// token: ErrInvalidOption. The shortest such token fits exactly.
func TestRFC7515_7_1_CacheTooSmallForAnySignedTokenRefused(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	const shortest = 111
	for _, c := range []jwt.CacheConfig{
		{MaxTokenSize: 1}, {MaxTokenSize: shortest - 1},
		{MaxBytes: jwt.CacheEntryOverhead + shortest - 1},
	} {
		if _, err := jwt.NewVerifier(pub, jwt.WithCache(c)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("WithCache(%+v): %v, want ErrInvalidOption", c, err)
		}
	}
	for _, c := range []jwt.CacheConfig{{MaxTokenSize: shortest}, {MaxBytes: jwt.CacheEntryOverhead + shortest}} {
		if _, err := jwt.NewVerifier(pub, jwt.WithCache(c)); err != nil {
			t.Errorf("WithCache(%+v): %v", c, err)
		}
	}
	// The bound is a lower bound: the shortest token this library signs is
	// no shorter, and a cache of exactly its size holds it.
	tok := cacheToken(t, jwt.EdDSA, priv, map[string]any{})
	if len(tok) < shortest {
		t.Fatalf("an EdDSA token of %d characters, under the bound %d", len(tok), shortest)
	}
	obs := &cacheEvents{}
	v := cacheVerifier(t, pub, obs, jwt.WithCache(jwt.CacheConfig{MaxTokenSize: len(tok)}))
	for _, want := range []jwt.CacheResult{jwt.CacheMiss, jwt.CacheHit} {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
		wantCache(t, obs, want, "the shortest EdDSA token")
	}
}

// TestRFC8725_3_1_CacheAlgorithmRefusedBeforeLookup: a token whose "alg"
// the Verifier refuses is refused before the cache is asked (no hash, no
// lock): CacheNotUsed, ErrAlgorithmNotAllowed.
func TestRFC8725_3_1_CacheAlgorithmRefusedBeforeLookup(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tok := cacheToken(t, jwt.EdDSA, priv, cacheClaims(time.Now()))
	set := jwt.KeyFunc(func(h *jwt.Header) (any, error) {
		if h.Algorithm == string(jwt.EdDSA) {
			return pub, nil
		}
		return &cacheKey().PublicKey, nil
	})
	obs := &cacheEvents{}
	v := cacheVerifier(t, set, obs, jwt.WithAlgorithms(jwt.ES256))
	for range 2 {
		if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
			t.Fatalf("%v, want ErrAlgorithmNotAllowed", err)
		}
		wantCache(t, obs, jwt.CacheNotUsed, "an algorithm refused")
	}
	unknown := "eyJhbGciOiJub25lIn0.e30." // {"alg":"none"}
	if _, err := v.Parse(unknown); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Fatalf("alg none: %v, want ErrAlgorithmNotAllowed", err)
	}
	wantCache(t, obs, jwt.CacheNotUsed, "alg none")
}
