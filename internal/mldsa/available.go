//go:build go1.27

package mldsa

import (
	"crypto"
	std "crypto/mldsa"
	"fmt"
	"io"

	"github.com/jotlib/jwt/internal/sentinel"
)

// Available reports whether this build has ML-DSA: built with Go 1.27 or
// later, whose standard library has crypto/mldsa.
const Available = true

// PublicKey is the public key a verifying key holds: crypto/mldsa's.
type PublicKey = *std.PublicKey

// KindOf reports whether key is an *mldsa.PublicKey or *mldsa.PrivateKey,
// however incomplete (a nil pointer).
func KindOf(key any) Kind {
	switch key.(type) {
	case *std.PublicKey:
		return Public
	case *std.PrivateKey:
		return Private
	}
	return NotMLDSA
}

// parameters returns the crypto/mldsa parameter set of an ML-DSA algorithm.
func parameters(alg string) (std.Parameters, bool) {
	switch alg {
	case MLDSA44:
		return std.MLDSA44(), true
	case MLDSA65:
		return std.MLDSA65(), true
	case MLDSA87:
		return std.MLDSA87(), true
	}
	return std.Parameters{}, false
}

// algorithmOf returns the one algorithm pub may be used with: the ML-DSA-*
// of its parameter set. A nil or zero key (whose Parameters method panics)
// is ErrInvalidKey.
func algorithmOf(pub *std.PublicKey) (alg string, err error) {
	if pub == nil {
		return "", fmt.Errorf("%w: nil ML-DSA public key", sentinel.InvalidKey)
	}
	defer func() {
		if recover() != nil {
			alg, err = "", fmt.Errorf("%w: zero or incomplete ML-DSA public key; use mldsa.NewPublicKey", sentinel.InvalidKey)
		}
	}()
	switch pub.Parameters() {
	case std.MLDSA44():
		return MLDSA44, nil
	case std.MLDSA65():
		return MLDSA65, nil
	case std.MLDSA87():
		return MLDSA87, nil
	}
	return "", fmt.Errorf("%w: unsupported ML-DSA parameter set %s", sentinel.InvalidKey, pub.Parameters())
}

// publicOfPrivate returns the public half of priv and its algorithm; a nil
// or zero private key is ErrInvalidKey.
func publicOfPrivate(priv *std.PrivateKey) (pub *std.PublicKey, alg string, err error) {
	const incomplete = "%w: zero or incomplete ML-DSA private key; use mldsa.NewPrivateKey or mldsa.GenerateKey"
	if priv == nil {
		return nil, "", fmt.Errorf("%w: nil ML-DSA private key", sentinel.InvalidKey)
	}
	func() {
		defer func() {
			if recover() != nil {
				pub = nil
			}
		}()
		pub = priv.PublicKey()
	}()
	if pub == nil {
		return nil, "", fmt.Errorf(incomplete, sentinel.InvalidKey)
	}
	if alg, err = algorithmOf(pub); err != nil {
		return nil, "", fmt.Errorf(incomplete, sentinel.InvalidKey)
	}
	return pub, alg, nil
}

// PublicOf checks an *mldsa.PublicKey or *mldsa.PrivateKey for verifying
// and returns its public key and algorithm; a nil or zero key is
// ErrInvalidKey. ok is false for every other key.
func PublicOf(key any) (pub PublicKey, alg string, ok bool, err error) {
	switch k := key.(type) {
	case *std.PublicKey:
		alg, err := algorithmOf(k)
		if err != nil {
			return nil, "", true, err
		}
		return k, alg, true, nil
	case *std.PrivateKey:
		pub, alg, err := publicOfPrivate(k)
		return pub, alg, true, err
	}
	return nil, "", false, nil
}

// Signer accepts an *mldsa.PrivateKey for signing and refuses an
// *mldsa.PublicKey (ErrInvalidKey); ok is false for every other key.
func Signer(key any) (s crypto.Signer, ok bool, err error) {
	switch k := key.(type) {
	case *std.PrivateKey:
		if _, _, err := publicOfPrivate(k); err != nil {
			return nil, true, err
		}
		return k, true, nil
	case *std.PublicKey:
		return nil, true, fmt.Errorf("%w: %T is a public key; signing needs the private key", sentinel.InvalidKey, key)
	}
	return nil, false, nil
}

// Sign signs input, the JWS Signing Input itself, with the empty context
// string (RFC 9964 section 4: "The ctx parameter MUST be the empty
// string"; no pre-hash, section 7.2). An *mldsa.PrivateKey signs hedged
// (FIPS 204 Algorithm 2 with fresh randomness); any other crypto.Signer (a
// KMS or an HSM) gets an *mldsa.Options of its own with an empty Context,
// whose HashFunc is 0: the message is signed directly.
func Sign(signer crypto.Signer, r io.Reader, input []byte) ([]byte, error) {
	if priv, ok := signer.(*std.PrivateKey); ok {
		return priv.Sign(r, input, nil)
	}
	return signer.Sign(r, input, &std.Options{})
}

// Verify reports whether sig is an ML-DSA signature of input by pub with
// the empty context string (FIPS 204 Algorithm 3). The caller checks the
// size first.
func Verify(pub PublicKey, input, sig []byte) bool { return std.Verify(pub, input, sig, nil) == nil }

// NewPublicKey decodes the public key of an ML-DSA algorithm: pub is its
// FIPS 204 encoding (pkEncode, section 7.2), as the "pub" member of an RFC
// 9964 AKP JWK holds it, of exactly 1,312, 1,952 or 2,592 bytes for
// ML-DSA-44, -65 or -87. The key is an *mldsa.PublicKey. A name that is not
// ML-DSA is ErrAlgorithmNotAllowed; a wrong size or a bad encoding
// ErrInvalidKey.
func NewPublicKey(alg string, pub []byte) (crypto.PublicKey, error) {
	params, ok := parameters(alg)
	if !ok {
		return nil, notAnAlgorithm(alg)
	}
	if len(pub) != params.PublicKeySize() {
		return nil, fmt.Errorf("%w: %s public key of %d bytes, want %d", sentinel.InvalidKey, alg, len(pub), params.PublicKeySize())
	}
	k, err := std.NewPublicKey(params, pub)
	if err != nil {
		return nil, fmt.Errorf("%w: %s public key: %v", sentinel.InvalidKey, alg, err)
	}
	return k, nil
}

// NewPrivateKey expands the private key of an ML-DSA algorithm from its
// 32-byte seed ξ (FIPS 204 Algorithm 6, ML-DSA.KeyGen_internal), which is
// what the "priv" member of an RFC 9964 AKP JWK holds (RFC 9964 section 3).
// The key is an *mldsa.PrivateKey. A name that is not ML-DSA is
// ErrAlgorithmNotAllowed; a seed of another length ErrInvalidKey.
func NewPrivateKey(alg string, seed []byte) (crypto.Signer, error) {
	params, ok := parameters(alg)
	if !ok {
		return nil, notAnAlgorithm(alg)
	}
	if len(seed) != SeedSize {
		return nil, fmt.Errorf("%w: %s seed of %d bytes, want %d", sentinel.InvalidKey, alg, len(seed), SeedSize)
	}
	k, err := std.NewPrivateKey(params, seed)
	if err != nil {
		return nil, fmt.Errorf("%w: %s seed: %v", sentinel.InvalidKey, alg, err)
	}
	return k, nil
}

// KeyBytes returns what an RFC 9964 AKP JWK holds for an *mldsa.PublicKey
// or *mldsa.PrivateKey: the algorithm of its parameter set, the public key
// encoding ("pub"), and for a private key its 32-byte seed ("priv"; nil
// otherwise). ok is false for every other key.
func KeyBytes(key any) (alg string, pub, seed []byte, ok bool, err error) {
	var pk *std.PublicKey
	switch k := key.(type) {
	case *std.PublicKey:
		pk = k
	case *std.PrivateKey:
		if pk, _, err = publicOfPrivate(k); err != nil {
			return "", nil, nil, true, err
		}
		seed = k.Bytes()
	default:
		return "", nil, nil, false, nil
	}
	if alg, err = algorithmOf(pk); err != nil {
		return "", nil, nil, true, err
	}
	return alg, pk.Bytes(), seed, true, nil
}
