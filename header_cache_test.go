package jwt

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

// TestHeaderCacheHoldsOnlyHeadersOfVerifiedTokens: the per-Verifier header
// cache is filled only after a token's signature verifies, so unsigned
// tokens with large distinct headers cannot make a Verifier hold their
// bytes (64 headers near the 1 MiB cap would pin about 64 MiB).
func TestHeaderCacheHoldsOnlyHeadersOfVerifiedTokens(t *testing.T) {
	secret := []byte("header-cache-test-secret-32bytes")
	v, err := NewVerifier(secret)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding
	for i := range 80 {
		hdr := `{"alg":"HS256","x":"` + strings.Repeat(string(rune('a'+i%26)), 10_000+i) + `"}`
		tok := enc.EncodeToString([]byte(hdr)) + ".e30." + enc.EncodeToString(make([]byte, 32))
		if _, err := v.Parse(tok); !errors.Is(err, ErrSignatureInvalid) {
			t.Fatalf("unsigned token %d: got %v, want ErrSignatureInvalid", i, err)
		}
	}
	if n := cachedHeaders(&v.headers); n != 0 {
		t.Fatalf("the cache holds %d headers of tokens whose signature failed", n)
	}
	// A verified token's header is cached, and then served from the cache.
	input := enc.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`)) + ".e30"
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(input))
	tok := input + "." + enc.EncodeToString(mac.Sum(nil))
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	if n := cachedHeaders(&v.headers); n != 1 {
		t.Fatalf("the cache holds %d headers after one verified token, want 1", n)
	}
}

func cachedHeaders(c *headerCache) int {
	if m := c.m.Load(); m != nil {
		return len(*m)
	}
	return 0
}
