package jwt_test

import (
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
)

// rootAlgorithms are the root's constants, in the core's order.
var rootAlgorithms = []jwt.Algorithm{
	jwt.HS256, jwt.HS384, jwt.HS512, jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512,
	jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519, jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87,
}

// TestAlgorithm_ConstantsAreTheCoresNames: the root's constants are the
// names internal/signing implements, one for one, and the methods answer
// as the core does (RFC 7515 section 4.1.1: exact names).
func TestAlgorithm_ConstantsAreTheCoresNames(t *testing.T) {
	all := signing.All()
	if len(all) != len(rootAlgorithms) {
		t.Fatalf("internal/signing has %d algorithms, the root %d", len(all), len(rootAlgorithms))
	}
	for i, s := range all {
		a := rootAlgorithms[i]
		if string(a) != string(s) {
			t.Errorf("constant %d is %q, the core's %q", i, a, s)
		}
		if !a.Known() || a.Available() != s.Available() || a.Hash() != s.Hash() || a.String() != s.String() {
			t.Errorf("%s: Known %v, Available %v, Hash %v, String %q; the core says Available %v, Hash %v",
				a, a.Known(), a.Available(), a.Hash(), a.String(), s.Available(), s.Hash())
		}
	}
}

// TestAlgorithm_NoneAndVariantsUnknown: "none", "", a case variant and an
// unknown name are neither Known nor Available, with no hash (RFC 7515
// section 4.1.1; RFC 8725 section 3.1).
func TestAlgorithm_NoneAndVariantsUnknown(t *testing.T) {
	for _, a := range []jwt.Algorithm{"none", "", "hs256", "Ed448", "ML-DSA-44 "} {
		if a.Known() || a.Available() || a.Hash() != 0 {
			t.Errorf("%q: Known %v, Available %v, Hash %v", a, a.Known(), a.Available(), a.Hash())
		}
	}
}
