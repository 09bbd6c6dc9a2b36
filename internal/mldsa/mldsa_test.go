package mldsa

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/sentinel"
)

// TestRFC9964_NotAnAlgorithmRefused: a name that is not ML-DSA's is
// ErrAlgorithmNotAllowed with either Go (RFC 9964 section 4 names three).
func TestRFC9964_NotAnAlgorithmRefused(t *testing.T) {
	for _, alg := range []string{"ES256", "ml-dsa-44", ""} {
		_, errPub := NewPublicKey(alg, make([]byte, 1312))
		_, errPriv := NewPrivateKey(alg, make([]byte, SeedSize))
		for _, err := range []error{errPub, errPriv} {
			if !errors.Is(err, sentinel.AlgorithmNotAllowed) || !strings.Contains(err.Error(), "not an ML-DSA algorithm") {
				t.Errorf("%q: %v, want ErrAlgorithmNotAllowed: not an ML-DSA algorithm", alg, err)
			}
		}
	}
}

// TestRFC9964_SeedRoundTripOrGo127Needed: with Go 1.27 a 32-byte seed
// (RFC 9964 section 3) makes a private key whose KeyBytes give the seed
// back and a public key NewPublicKey reads; with an older Go every ML-DSA
// constructor says Go 1.27 is needed and no key is an ML-DSA key.
func TestRFC9964_SeedRoundTripOrGo127Needed(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, SeedSize)
	for _, alg := range []string{MLDSA44, MLDSA65, MLDSA87} {
		priv, err := NewPrivateKey(alg, seed)
		if !Available {
			_, errPub := NewPublicKey(alg, nil)
			for _, err := range []error{err, errPub} {
				if !errors.Is(err, sentinel.AlgorithmNotAllowed) || !strings.Contains(err.Error(), "needs Go 1.27") {
					t.Errorf("%s: %v, want ErrAlgorithmNotAllowed saying Go 1.27 is needed", alg, err)
				}
			}
			if _, _, _, ok, _ := KeyBytes(seed); ok || KindOf(seed) != NotMLDSA {
				t.Errorf("%s: a key is an ML-DSA key in a build without ML-DSA", alg)
			}
			continue
		}
		if err != nil || KindOf(priv) != Private {
			t.Fatalf("%s: NewPrivateKey = %T, %v", alg, priv, err)
		}
		got, pub, back, ok, err := KeyBytes(priv)
		if !ok || err != nil || got != alg || !bytes.Equal(back, seed) {
			t.Fatalf("%s: KeyBytes = %q, seed %x, %v, %v", alg, got, back, ok, err)
		}
		pk, err := NewPublicKey(alg, pub)
		if err != nil || KindOf(pk) != Public {
			t.Fatalf("%s: NewPublicKey = %T, %v", alg, pk, err)
		}
		if _, err := NewPrivateKey(alg, seed[1:]); !errors.Is(err, sentinel.InvalidKey) {
			t.Errorf("%s: a 31-byte seed: %v, want ErrInvalidKey", alg, err)
		}
	}
}
