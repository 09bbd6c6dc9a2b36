//go:build go1.27

package dpop_test

import (
	"context"
	"crypto/mldsa"
	"slices"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// vfMLDSAKey is a fresh ML-DSA key of alg's parameter set.
func vfMLDSAKey(t testing.TB, alg jwt.Algorithm) vfKey {
	t.Helper()
	p := map[jwt.Algorithm]mldsa.Parameters{jwt.MLDSA44: mldsa.MLDSA44(), jwt.MLDSA65: mldsa.MLDSA65(), jwt.MLDSA87: mldsa.MLDSA87()}[alg]
	k, err := mldsa.GenerateKey(p)
	if err != nil {
		t.Fatal(err)
	}
	return vfKey{alg, k}
}

// TestRFC9964_MLDSAProofAccepted: an ML-DSA proof (RFC 9964, an "AKP"
// "jwk") verifies with Go 1.27, ML-DSA-87's within the default
// MaxProofSize; a key of another parameter set, or with "priv", is
// refused; the default algorithms list the three.
func TestRFC9964_MLDSAProofAccepted(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	if a := v.Algorithms(); !slices.Contains(a, jwt.MLDSA44) || !slices.Contains(a, jwt.MLDSA65) || !slices.Contains(a, jwt.MLDSA87) {
		t.Errorf("Algorithms() = %v, want the ML-DSA ones", a)
	}
	for _, alg := range []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		k := vfMLDSAKey(t, alg)
		proof := vfProof(t, k, nil, nil)
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfAccepted(t, string(alg)+" ("+jsonInt(int64(len(proof)))+" bytes)", p, err)
		if p != nil && (p.Algorithm != alg || p.JKT != vfJKT(t, k.priv) || p.Key.KeyType() != "AKP") {
			t.Errorf("%s: %+v", alg, p)
		}
		p, err = v.Verify(context.Background(), vfProof(t, k, map[string]any{"jwk": vfJWK(t, k.priv)}, nil), vfReq)
		vfRefused(t, string(alg)+" with priv", p, err, dpop.ErrInvalidProof, jwt.ErrInvalidKey)
	}
	k44, k65 := vfMLDSAKey(t, jwt.MLDSA44), vfMLDSAKey(t, jwt.MLDSA65)
	proof := vfProof(t, vfKey{jwt.MLDSA65, k44.priv}, map[string]any{"jwk": vfJWK(t, k44.priv.Public())}, nil)
	p, err := v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "ML-DSA-44 key for ML-DSA-65", p, err, dpop.ErrInvalidProof)
	proof = vfProof(t, k65, map[string]any{"jwk": vfJWK(t, k44.priv.Public())}, nil)
	p, err = v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "ML-DSA-65 signed, ML-DSA-44 jwk", p, err, dpop.ErrInvalidProof)
}
