package idtoken_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// OpenID Connect Core 1.0 section 3.1.3.8: in the Authorization Code Flow
// "at_hash" is OPTIONAL, and "If the ID Token contains an at_hash Claim,
// the Client MAY use it to validate the Access Token in the same manner as
// for the Implicit Flow". Checks.AccessTokenHashOptional checks it when
// present, with the hash of the token's own "alg", and passes a token
// without one; a present hash that does not match is still refused.
func TestOIDCCore_3_1_3_8_AtHashCheckedWhenPresent(t *testing.T) {
	const accessToken = "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"
	checks := idtoken.Checks{AccessToken: accessToken, AccessTokenHashOptional: true}
	for _, k := range algKeys(t) {
		s, err := idtoken.NewSigner(k.alg, k.sign)
		if err != nil {
			t.Fatal(err)
		}
		v, err := idtoken.NewVerifier(k.verify, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
		if err != nil {
			t.Fatal(err)
		}
		sign := func(atHash string) string {
			c := idClaims()
			c.AccessTokenHash = atHash
			tok, err := s.Sign(c)
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
		if _, err := v.Verify(idCtx, sign(""), checks); err != nil {
			t.Errorf("%s, no at_hash: %v", k.alg, err)
		}
		h, err := idtoken.LeftHalfHash(k.alg, accessToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.Verify(idCtx, sign(h), checks); err != nil {
			t.Errorf("%s, at_hash of the token: %v", k.alg, err)
		}
		other, _ := idtoken.LeftHalfHash(k.alg, "another access token")
		_, err = v.Verify(idCtx, sign(other), checks)
		idRefused(t, err, idtoken.ErrInvalidAccessTokenHash, jwt.ErrTokenInvalidClaims)
		if errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("%s: a present at_hash reported missing: %v", k.alg, err)
		}
		// Without the mode, at_hash is required (sections 3.2.2.9 and 3.2.2.10).
		_, err = v.Verify(idCtx, sign(""), idtoken.Checks{AccessToken: accessToken})
		idRefused(t, err, idtoken.ErrInvalidAccessTokenHash, jwt.ErrMissingClaim)
	}
}

// Checks.AccessTokenHashOptional without Checks.AccessToken checks nothing:
// it is refused (jwt.ErrInvalidOption), never silently ignored.
func TestOIDCCore_3_1_3_8_AtHashOptionalNeedsTheAccessToken(t *testing.T) {
	_, err := idVerifier(t, nil).Verify(idCtx, idSign(t, idClaims()), idtoken.Checks{AccessTokenHashOptional: true})
	if !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("%v, want ErrInvalidOption", err)
	}
}
