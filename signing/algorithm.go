// Package signing implements the JWS signature algorithms of RFC 7518 and
// RFC 8037 for jotlib/jwt: HMAC (HS*), RSASSA-PKCS1-v1_5 (RS*), RSASSA-PSS
// (PS*), ECDSA (ES*) and Ed25519 (EdDSA).
//
// Keys are checked once, when a SigningKey or VerifyingKey is made: the key's
// type fixes the algorithm family (RFC 8725 section 3.1) and its size must
// meet RFC 7518's minimums. Nothing in this package panics on a bad key or a
// bad signature.
package signing

import (
	"crypto"
	"errors"

	_ "crypto/sha256" // registers SHA-256 for crypto.Hash
	_ "crypto/sha512" // registers SHA-384 and SHA-512 for crypto.Hash
)

// Algorithm is a JWS "alg" value (RFC 7515 section 4.1.1).
type Algorithm string

// The supported algorithms (RFC 7518 section 3.1, RFC 8037 section 3.1,
// RFC 9864 section 2.2).
const (
	HS256   Algorithm = "HS256"   // HMAC using SHA-256
	HS384   Algorithm = "HS384"   // HMAC using SHA-384
	HS512   Algorithm = "HS512"   // HMAC using SHA-512
	RS256   Algorithm = "RS256"   // RSASSA-PKCS1-v1_5 using SHA-256
	RS384   Algorithm = "RS384"   // RSASSA-PKCS1-v1_5 using SHA-384
	RS512   Algorithm = "RS512"   // RSASSA-PKCS1-v1_5 using SHA-512
	PS256   Algorithm = "PS256"   // RSASSA-PSS using SHA-256 and MGF1 with SHA-256
	PS384   Algorithm = "PS384"   // RSASSA-PSS using SHA-384 and MGF1 with SHA-384
	PS512   Algorithm = "PS512"   // RSASSA-PSS using SHA-512 and MGF1 with SHA-512
	ES256   Algorithm = "ES256"   // ECDSA using P-256 and SHA-256
	ES384   Algorithm = "ES384"   // ECDSA using P-384 and SHA-384
	ES512   Algorithm = "ES512"   // ECDSA using P-521 and SHA-512
	EdDSA   Algorithm = "EdDSA"   // Ed25519 signatures (RFC 8037)
	Ed25519 Algorithm = "Ed25519" // Ed25519 signatures, fully specified (RFC 9864)
)

// Errors returned by this package; the root package re-exports them.
var (
	// ErrInvalidKey reports a key that is nil, of an unsupported type, the
	// wrong size, too weak, or unfit for the operation (a public key to sign).
	ErrInvalidKey = errors.New("jwt: invalid key")
	// ErrSignatureInvalid reports a signature that does not verify.
	ErrSignatureInvalid = errors.New("jwt: signature is invalid")
	// ErrAlgorithmNotAllowed reports an algorithm that is unknown, "none",
	// or does not fit the key's type.
	ErrAlgorithmNotAllowed = errors.New("jwt: algorithm not allowed")
	// ErrSigningFailed reports a signer (a KMS or HSM crypto.Signer, say)
	// that failed or returned a malformed signature.
	ErrSigningFailed = errors.New("jwt: signing failed")
)

// family is an algorithm family: the key type an algorithm binds to.
type family uint8

const (
	famNone family = iota
	famHMAC
	famRSA // RS* and PS*
	famECDSA
	famEd25519
)

// algInfo is what the package knows about one algorithm.
type algInfo struct {
	fam  family
	hash crypto.Hash
	pss  bool
	// size is the exact signature size for HMAC and ECDSA, and the key-size
	// minimum in bytes for HMAC (RFC 7518 section 3.2).
	size int
}

// lookup returns what the package knows about the algorithm named exactly
// a. A switch on the name, not a map: it runs on every verification and
// needs no hashing.
func lookup(a Algorithm) (algInfo, bool) {
	switch a {
	case HS256:
		return algInfo{famHMAC, crypto.SHA256, false, 32}, true
	case HS384:
		return algInfo{famHMAC, crypto.SHA384, false, 48}, true
	case HS512:
		return algInfo{famHMAC, crypto.SHA512, false, 64}, true
	case RS256:
		return algInfo{famRSA, crypto.SHA256, false, 0}, true
	case RS384:
		return algInfo{famRSA, crypto.SHA384, false, 0}, true
	case RS512:
		return algInfo{famRSA, crypto.SHA512, false, 0}, true
	case PS256:
		return algInfo{famRSA, crypto.SHA256, true, 0}, true
	case PS384:
		return algInfo{famRSA, crypto.SHA384, true, 0}, true
	case PS512:
		return algInfo{famRSA, crypto.SHA512, true, 0}, true
	case ES256:
		return algInfo{famECDSA, crypto.SHA256, false, 64}, true
	case ES384:
		return algInfo{famECDSA, crypto.SHA384, false, 96}, true
	case ES512:
		return algInfo{famECDSA, crypto.SHA512, false, 132}, true
	case EdDSA, Ed25519:
		return algInfo{famEd25519, 0, false, 64}, true
	}
	return algInfo{}, false
}

// infoOf is lookup for a known algorithm (the zero algInfo otherwise).
func infoOf(a Algorithm) algInfo {
	info, _ := lookup(a)
	return info
}

// Lookup returns the algorithm whose name is exactly name (case-sensitive,
// RFC 7515 section 4.1.1). "none" and unknown names report false.
func Lookup(name string) (Algorithm, bool) {
	a := Algorithm(name)
	_, ok := lookup(a)
	return a, ok
}

// All returns every supported algorithm, in a fixed order.
func All() []Algorithm {
	return []Algorithm{HS256, HS384, HS512, RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519}
}

// Known reports whether a is a supported algorithm.
func (a Algorithm) Known() bool {
	_, ok := lookup(a)
	return ok
}

// Hash returns the hash function a uses (RFC 7518 section 3.1), or 0 for
// Ed25519 and unknown names.
func (a Algorithm) Hash() crypto.Hash { return infoOf(a).hash }

// String returns the "alg" value.
func (a Algorithm) String() string { return string(a) }

// MinRSABits is the smallest RSA modulus accepted, RFC 7518 section 3.3:
// "A key of size 2048 bits or larger MUST be used with these algorithms."
const MinRSABits = 2048
