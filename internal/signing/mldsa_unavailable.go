//go:build !go1.27

package signing

import (
	"crypto"
	"fmt"
	"io"
)

// This file stands in for mldsa.go when the program is built with a Go
// older than 1.27, whose standard library has no crypto/mldsa: the ML-DSA
// algorithms are known (Lookup, Known, All) but not Available, and
// NewSigningKey, VerifyingKey.Check and the functions below refuse them
// with ErrAlgorithmNotAllowed, saying that Go 1.27 is needed. No ML-DSA key
// type exists in such a build, so no key reaches the ML-DSA code.

// mldsaAvailable reports whether this build has ML-DSA.
const mldsaAvailable = false

// mldsaPublic stands in for *mldsa.PublicKey; no VerifyingKey holds one.
type mldsaPublic struct{}

func newMLDSAVerifyingKey(any) (*VerifyingKey, bool, error) { return nil, false, nil }

func mldsaSigner(any) (crypto.Signer, bool, error) { return nil, false, nil }

func isMLDSAPublic(crypto.PublicKey) bool { return false }

func isMLDSAKey(any) bool { return false }

func signMLDSA(_ crypto.Signer, _ io.Reader, _ []byte) ([]byte, error) {
	return nil, errMLDSAUnavailable(MLDSA44)
}

func verifyMLDSA(_ mldsaPublic, alg Algorithm, _, _ []byte) error { return errMLDSAUnavailable(alg) }

// notMLDSA refuses a name that is not an ML-DSA algorithm, and every ML-DSA
// one as unavailable.
func notMLDSA(alg Algorithm) error {
	if info, ok := lookup(alg); ok && info.fam == famMLDSA {
		return errMLDSAUnavailable(alg)
	}
	return fmt.Errorf("%w: %q is not an ML-DSA algorithm", ErrAlgorithmNotAllowed, string(alg))
}

// NewMLDSAPublicKey decodes the public key of an ML-DSA algorithm (the
// "pub" member of an RFC 9964 AKP JWK). This build has no crypto/mldsa (it
// needs Go 1.27), so it always fails with ErrAlgorithmNotAllowed.
func NewMLDSAPublicKey(alg Algorithm, pub []byte) (crypto.PublicKey, error) {
	return nil, notMLDSA(alg)
}

// NewMLDSAPrivateKey expands the private key of an ML-DSA algorithm from its
// 32-byte seed (the "priv" member of an RFC 9964 AKP JWK). This build has no
// crypto/mldsa (it needs Go 1.27), so it always fails with
// ErrAlgorithmNotAllowed.
func NewMLDSAPrivateKey(alg Algorithm, seed []byte) (crypto.Signer, error) {
	return nil, notMLDSA(alg)
}

// MLDSAKeyBytes returns the algorithm, public key encoding and seed of an
// ML-DSA key. This build has no crypto/mldsa (it needs Go 1.27) and so no
// ML-DSA key: it always fails with ErrInvalidKey.
func MLDSAKeyBytes(key any) (alg Algorithm, pub, seed []byte, err error) {
	return "", nil, nil, fmt.Errorf("%w: %T is not an ML-DSA key (ML-DSA needs Go 1.27 or later)", ErrInvalidKey, key)
}
