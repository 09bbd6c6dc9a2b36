//go:build go1.27

package jwt_test

import (
	"crypto/mldsa"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// TestRFC9964_CacheMLDSAKeyMadeAnewHits: an ML-DSA-65 token is held; a
// KeyFunc giving an *mldsa.PublicKey decoded anew from the same bytes
// still hits (crypto/mldsa's Equal), and one giving another key refuses
// the token at once.
func TestRFC9964_CacheMLDSAKeyMadeAnewHits(t *testing.T) {
	k, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		t.Fatal(err)
	}
	other, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		t.Fatal(err)
	}
	tok := cacheToken(t, jwt.MLDSA65, k, cacheClaims(time.Now()))
	use := k.PublicKey().Bytes()
	keyFunc := jwt.KeyFunc(func(*jwt.Header) (any, error) { return mldsa.NewPublicKey(mldsa.MLDSA65(), use) })
	obs := &cacheEvents{}
	v := cacheVerifier(t, keyFunc, obs)
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "ML-DSA key made anew")
	use = other.PublicKey().Bytes()
	if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("another ML-DSA key: %v, want ErrSignatureInvalid", err)
	}
	wantCache(t, obs, jwt.CacheMiss, "another key")
}
