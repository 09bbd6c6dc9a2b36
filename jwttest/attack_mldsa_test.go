//go:build go1.27

package jwttest_test

import (
	"crypto"
	"crypto/mldsa"
	"testing"

	"github.com/jotlib/jwt/jwttest"
)

func init() {
	verifyMLDSA = func(pub crypto.PublicKey, input, sig []byte) (ok, handled bool) {
		k, is := pub.(*mldsa.PublicKey)
		if !is {
			return false, false
		}
		return mldsa.Verify(k, input, sig, nil) == nil, true
	}
}

// RFC 9964 with the naive verifiers: the catalogue built for an ML-DSA-65
// Target really attacks, as access tokens and as ID tokens: each attack is
// accepted by the naive verifier it targets.
func TestRFC9964_MLDSAAttacksAcceptedByNaiveVerifiers(t *testing.T) {
	t.Parallel()
	k := sharedAttackKit(t, "ML-DSA-65")
	ns := naiveSet(t, k)
	genuine, err := jwttest.GenuineToken(k.target)
	if err != nil {
		t.Fatal(err)
	}
	if err := ns["iss/aud/exp, case-insensitive names"](genuine); err != nil {
		t.Fatalf("the naive verifier refuses the genuine ML-DSA token: %v", err)
	}
	t.Run("access tokens", func(t *testing.T) { acceptedByTheNaiveTheyTarget(t, k.attacks, ns) })
	t.Run("ID tokens", func(t *testing.T) {
		sigOnly := ns["signature only"]
		id := map[string]func(string) error{}
		for name, n := range ns {
			id[name] = n
		}
		id["iss/aud/exp, case-insensitive names"] = naiveClaims(sigOnly, k.p.Issuer(), k.p.ClientID(), k.p.Now(), false)
		id["iss/aud/exp, first duplicate wins"] = naiveClaims(sigOnly, k.p.Issuer(), k.p.ClientID(), k.p.Now(), true)
		target := k.target
		target.Nonce, target.AZP = "n", jwttest.AZPErrata1
		attacks, err := jwttest.IDTokenAttacks(target)
		if err != nil {
			t.Fatal(err)
		}
		acceptedByTheNaiveTheyTarget(t, attacks, id, idDefeats...)
	})
}
