//go:build go1.27

package dpop_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"errors"
	"slices"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// sgMLDSAKey is a fresh ML-DSA private key of alg's parameter set.
func sgMLDSAKey(t testing.TB, alg jwt.Algorithm) *mldsa.PrivateKey {
	t.Helper()
	p := map[jwt.Algorithm]mldsa.Parameters{jwt.MLDSA44: mldsa.MLDSA44(), jwt.MLDSA65: mldsa.MLDSA65(), jwt.MLDSA87: mldsa.MLDSA87()}[alg]
	k, err := mldsa.GenerateKey(p)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// RFC 9449 section 4.2 with ML-DSA (RFC 9964, Go 1.27): the header's
// "jwk" is the AKP public key ("kty", "alg", "pub"; never "priv"), the
// proof verifies with it, and an ML-DSA key fits only its own parameter
// set's algorithm.
func TestRFC9964_MLDSAProofHeaderHasPublicAKPOnly(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		s, err := dpop.NewSigner(alg, sgMLDSAKey(t, alg))
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		proof, err := s.Proof("POST", "https://server.example.com/token", dpop.ProofOptions{})
		if err != nil {
			t.Fatal(err)
		}
		d := sgDecode(t, proof)
		var members map[string]any
		_ = sgUnmarshal(d.header["jwk"], &members)
		if names := slices.Sorted(sgMapKeys(members)); !slices.Equal(names, []string{"alg", "kty", "pub"}) || members["alg"] != string(alg) {
			t.Errorf("%s: jwk %q", alg, names)
		}
		k, err := jwk.ParseKey(d.header["jwk"])
		if err != nil || k.IsPrivate() {
			t.Fatalf("%s: %v", alg, err)
		}
		if _, err := jwt.Parse(proof, k.PublicKey(), jwt.WithType("dpop+jwt")); err != nil {
			t.Errorf("%s: %v", alg, err)
		}
	}
	if _, err := dpop.NewSigner(jwt.MLDSA65, sgMLDSAKey(t, jwt.MLDSA44)); !errors.Is(err, dpop.ErrInvalidConfig) {
		t.Errorf("ML-DSA-44 key for ML-DSA-65: %v", err)
	}
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if _, err := dpop.NewSigner(jwt.MLDSA44, ec); !errors.Is(err, dpop.ErrInvalidConfig) {
		t.Errorf("ECDSA key for ML-DSA-44: %v", err)
	}
}

// RFC 9449 sections 4.2 and 4.3 with ML-DSA (RFC 9964, Go 1.27): a proof
// signed with each ML-DSA parameter set verifies with dpop.Verifier, to the
// Signer's thumbprint, and binds as an access token's "cnf" "jkt" does.
func TestRFC9964_MLDSAProofRoundTrip(t *testing.T) {
	v, err := dpop.NewVerifier(dpop.Config{})
	if err != nil {
		t.Fatal(err)
	}
	const token = "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU"
	for _, alg := range []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		s, err := dpop.NewSigner(alg, sgMLDSAKey(t, alg))
		if err != nil {
			t.Fatal(err)
		}
		proof, err := s.Proof("GET", "https://rs.example.com/resource?x=1", dpop.ProofOptions{AccessToken: token})
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.Verify(context.Background(), proof, dpop.Request{Method: "GET", URL: "https://rs.example.com/resource", AccessToken: token})
		if err != nil {
			t.Fatalf("%s (%d bytes): %v", alg, len(proof), err)
		}
		if p.Algorithm != alg || p.JKT != s.JKT() || p.CheckBinding(s.JKT()) != nil {
			t.Errorf("%s: %+v", alg, p)
		}
	}
}
