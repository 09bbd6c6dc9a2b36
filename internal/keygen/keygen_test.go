package keygen_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/keygen"
)

// RFC 7518 section 3 / RFC 8037 section 3.1: each asymmetric algorithm
// gets a key of its kind and size.
func TestRFC7518_3_KeyOfEachAlgorithm(t *testing.T) {
	for alg, check := range map[jwt.Algorithm]func(any) bool{
		jwt.RS256:   func(k any) bool { r, ok := k.(*rsa.PrivateKey); return ok && r.N.BitLen() == 2048 },
		jwt.PS512:   func(k any) bool { _, ok := k.(*rsa.PrivateKey); return ok },
		jwt.ES256:   func(k any) bool { e, ok := k.(*ecdsa.PrivateKey); return ok && e.Curve.Params().BitSize == 256 },
		jwt.ES384:   func(k any) bool { e, ok := k.(*ecdsa.PrivateKey); return ok && e.Curve.Params().BitSize == 384 },
		jwt.ES512:   func(k any) bool { e, ok := k.(*ecdsa.PrivateKey); return ok && e.Curve.Params().BitSize == 521 },
		jwt.EdDSA:   func(k any) bool { _, ok := k.(ed25519.PrivateKey); return ok },
		jwt.Ed25519: func(k any) bool { _, ok := k.(ed25519.PrivateKey); return ok },
	} {
		k, err := keygen.Private(alg, 0)
		if err != nil || !check(k) {
			t.Errorf("%s: %T, %v", alg, k, err)
		}
	}
}

// RFC 7518 section 3.3: RSA keys of 2048 bits or more (and a finite bound).
func TestRFC7518_3_3_RSABitsBounded(t *testing.T) {
	for _, bits := range []int{-1, 1024, 2047, keygen.MaxRSABits + 1} {
		if _, err := keygen.Private(jwt.RS256, bits); !errors.Is(err, keygen.ErrRSABits) {
			t.Errorf("%d bits: %v, want ErrRSABits", bits, err)
		}
	}
	k, err := keygen.Private(jwt.PS256, 3072)
	if err != nil || k.(*rsa.PrivateKey).N.BitLen() != 3072 {
		t.Fatalf("3072 bits: %v", err)
	}
}

func TestSymmetricNoneAndUnknownUnsupported(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.HS256, "none", "", "XX1"} {
		if k, err := keygen.Private(alg, 0); !errors.Is(err, keygen.ErrUnsupported) || k != nil {
			t.Errorf("%q: %v, %v", alg, k, err)
		}
	}
}

// RFC 9964 section 3: ML-DSA keys with Go 1.27; an older build refuses
// them with jwt.ErrAlgorithmNotAllowed.
func TestRFC9964_3_MLDSAByBuild(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		k, err := keygen.Private(alg, 0)
		if alg.Available() {
			if err != nil || k == nil {
				t.Errorf("%s: %v", alg, err)
			}
		} else if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || k != nil {
			t.Errorf("%s in an older Go: %v, %v", alg, k, err)
		}
	}
}
