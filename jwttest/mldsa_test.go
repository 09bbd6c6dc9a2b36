//go:build go1.27

package jwttest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

var mldsaAlgorithms = []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87}

// RFC 9964 (Go 1.27): the provider publishes an AKP key and its tokens
// verify through the JWK Set, discovery and a DPoP proof of ML-DSA.
func TestRFC9964_MLDSAProviderTokensVerify(t *testing.T) {
	t.Parallel()
	for _, alg := range mldsaAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			if p.Algorithm() != alg {
				t.Fatalf("alg %s", p.Algorithm())
			}
			if _, err := accessVerifier(t, p, p.RemoteSet()).Verify(context.Background(), p.AccessToken(accesstoken.Claims{})); err != nil {
				t.Fatal(err)
			}
			tok := p.IDToken(idtoken.Claims{}, jwttest.WithNonce("n"))
			if _, err := idVerifier(t, p, p.Discovery()).Verify(context.Background(), tok, idtoken.Checks{Nonce: "n"}); err != nil {
				t.Fatal(err)
			}
			// OpenID Connect Core 1.0 section 3.1.3.6 names no at_hash hash for ML-DSA.
			if _, err := p.SignIDToken(idtoken.Claims{}, jwttest.WithAccessTokenHash("at")); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
				t.Fatalf("at_hash with ML-DSA: %v, want jwt.ErrAlgorithmNotAllowed", err)
			}
			if s := p.DPoPSigner(alg); s.Algorithm() != alg {
				t.Fatalf("DPoP signer alg %s", s.Algorithm())
			}
			if kid := p.Rotate(false); kid == "" {
				t.Fatal("Rotate")
			}
		})
	}
}

// RFC 8725 with ML-DSA keys: the catalogue builds for an ML-DSA Target and
// every attack is refused by our verifiers.
func TestRFC9964_MLDSAAttacksRefused(t *testing.T) {
	t.Parallel()
	for _, alg := range mldsaAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			// The shared kit's catalogues (its Target has the attacker's
			// server and another tenant: every attack of p.Attacks() and
			// more), built once for this test and the naive verifiers'.
			k := sharedAttackKit(t, alg)
			p := k.p
			genuine, err := jwttest.GenuineToken(k.target)
			if err != nil {
				t.Fatal(err)
			}
			v := accessVerifier(t, p, p.Set())
			verify := func(tok string) error { _, err := v.Verify(context.Background(), tok); return err }
			if err := verify(genuine); err != nil {
				t.Fatalf("genuine refused: %v", err)
			}
			jwttest.RunAgainst(t, k.attacks, verify)
			iv := idVerifier(t, p, p.Set())
			jwttest.RunAgainst(t, sharedIDTokenAttacks(t, alg, 0), func(tok string) error { _, err := iv.Verify(context.Background(), tok, idtoken.Checks{}); return err })
		})
	}
}
