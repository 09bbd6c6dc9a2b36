//go:build !go1.27

package mldsa

import (
	"crypto"
	"io"
)

// Available reports whether this build has ML-DSA: false, built with a Go
// older than 1.27, which has no crypto/mldsa.
const Available = false

// PublicKey stands in for *mldsa.PublicKey: no value of it is ever made.
type PublicKey = *struct{}

// KindOf reports whether key is a Go ML-DSA key: never, in this build.
func KindOf(any) Kind { return NotMLDSA }

// PublicOf reports no key as an ML-DSA key (ok is false).
func PublicOf(any) (PublicKey, string, bool, error) { return nil, "", false, nil }

// Signer reports no key as an ML-DSA key (ok is false).
func Signer(any) (crypto.Signer, bool, error) { return nil, false, nil }

// Sign refuses: this build has no ML-DSA.
func Sign(crypto.Signer, io.Reader, []byte) ([]byte, error) { return nil, Unavailable(MLDSA44) }

// Verify accepts nothing: this build has no ML-DSA.
func Verify(PublicKey, []byte, []byte) bool { return false }

// isName reports whether alg names an ML-DSA algorithm.
func isName(alg string) bool { return alg == MLDSA44 || alg == MLDSA65 || alg == MLDSA87 }

// refuse refuses an ML-DSA algorithm as unavailable, and any other name as
// not an ML-DSA algorithm.
func refuse(alg string) error {
	if isName(alg) {
		return Unavailable(alg)
	}
	return notAnAlgorithm(alg)
}

// NewPublicKey always fails with ErrAlgorithmNotAllowed: this build has no
// crypto/mldsa (it needs Go 1.27).
func NewPublicKey(alg string, _ []byte) (crypto.PublicKey, error) { return nil, refuse(alg) }

// NewPrivateKey always fails with ErrAlgorithmNotAllowed: this build has
// no crypto/mldsa (it needs Go 1.27).
func NewPrivateKey(alg string, _ []byte) (crypto.Signer, error) { return nil, refuse(alg) }

// KeyBytes reports no key as an ML-DSA key (ok is false).
func KeyBytes(any) (alg string, pub, seed []byte, ok bool, err error) {
	return "", nil, nil, false, nil
}
