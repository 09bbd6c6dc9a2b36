//go:build go1.27

package idtoken_test

import (
	"crypto/mldsa"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// OpenID Connect Core 1.0 section 3.1.3.6 names the at_hash hash by "alg",
// and defines none for ML-DSA (RFC 9964); the draft OpenID Connect Token
// Hash Algorithms 1.0 is not followed yet. An ML-DSA ID token verifies,
// its "at_hash" is never guessed: with Checks.AccessToken it is
// ErrInvalidAccessTokenHash matching jwt.ErrAlgorithmNotAllowed, also in
// the "when present" mode when it carries one; without one, that mode
// passes.
func TestOIDCCore_3_1_3_6_MLDSAHasNoAtHashYet(t *testing.T) {
	key, err := mldsa.GenerateKey(mldsa.MLDSA44())
	if err != nil {
		t.Fatal(err)
	}
	s, err := idtoken.NewSigner(jwt.MLDSA44, key)
	if err != nil {
		t.Fatal(err)
	}
	v, err := idtoken.NewVerifier(key.PublicKey(), idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := s.Sign(idClaims())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(idCtx, plain, idtoken.Checks{}); err != nil {
		t.Fatalf("ML-DSA ID token: %v", err)
	}
	_, err = v.Verify(idCtx, plain, idtoken.Checks{AccessToken: "at"})
	idRefused(t, err, idtoken.ErrInvalidAccessTokenHash, jwt.ErrAlgorithmNotAllowed)
	if _, err := v.Verify(idCtx, plain, idtoken.Checks{AccessToken: "at", AccessTokenHashOptional: true}); err != nil {
		t.Errorf("no at_hash, when-present mode: %v", err)
	}
	c := idClaims()
	c.AccessTokenHash = "x"
	hashed, err := s.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	_, err = v.Verify(idCtx, hashed, idtoken.Checks{AccessToken: "at", AccessTokenHashOptional: true})
	idRefused(t, err, idtoken.ErrInvalidAccessTokenHash, jwt.ErrAlgorithmNotAllowed)
	if _, err := idtoken.LeftHalfHash(jwt.MLDSA44, "at"); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Errorf("LeftHalfHash: %v", err)
	}
}
