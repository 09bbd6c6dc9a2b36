// Package mldsa is the one place that differs between Go 1.26 and Go 1.27
// for ML-DSA (FIPS 204; RFC 9964 for JWS, RFC 9881 for PKCS#8 and SPKI):
// Go 1.27's standard library has crypto/mldsa, older ones do not.
// available.go, built with Go 1.27 and later, wraps crypto/mldsa;
// unavailable.go stands in for it with an older Go, where no ML-DSA key
// type exists, so no key is one and every constructor refuses, saying that
// Go 1.27 is needed. internal/signing, jwk and pemkey build the same with
// either Go through it; only their tests carry build tags.
//
// Algorithms are named by their JWS "alg" ("ML-DSA-44", RFC 9964 section
// 4): this package imports neither jwt nor internal/signing.
package mldsa

import (
	"fmt"
	"runtime"

	"github.com/jotlib/jwt/internal/sentinel"
)

// The ML-DSA algorithms (RFC 9964 section 4), one per parameter set.
const (
	MLDSA44 = "ML-DSA-44"
	MLDSA65 = "ML-DSA-65"
	MLDSA87 = "ML-DSA-87"
)

// SeedSize is the size of an ML-DSA private key's seed ξ (FIPS 204
// Algorithm 1; RFC 9964 section 3: "MUST have a length of 32 bytes").
const SeedSize = 32

// Kind tells the Go ML-DSA keys from other keys.
type Kind int

// The kinds of key KindOf reports.
const (
	NotMLDSA Kind = iota // any other key, and every key with a Go before 1.27
	Public               // an *mldsa.PublicKey, even a nil one
	Private              // an *mldsa.PrivateKey, even a nil one
)

// Unavailable refuses an ML-DSA algorithm in a build without crypto/mldsa:
// ErrAlgorithmNotAllowed saying that Go 1.27 is needed.
func Unavailable(alg string) error {
	return fmt.Errorf("%w: %s needs Go 1.27 or later (crypto/mldsa); this program was built with %s",
		sentinel.AlgorithmNotAllowed, alg, runtime.Version())
}

// notAnAlgorithm refuses a name that is not an ML-DSA algorithm.
func notAnAlgorithm(alg string) error {
	return fmt.Errorf("%w: %q is not an ML-DSA algorithm", sentinel.AlgorithmNotAllowed, alg)
}
