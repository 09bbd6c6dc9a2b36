// Package signing implements the JWS signature algorithms of RFC 7518,
// RFC 8037, RFC 9864 and RFC 9964 for jotlib/jwt: HMAC (HS*),
// RSASSA-PKCS1-v1_5 (RS*), RSASSA-PSS (PS*), ECDSA (ES*), Ed25519 (EdDSA,
// Ed25519) and ML-DSA (ML-DSA-44, ML-DSA-65, ML-DSA-87).
//
// ML-DSA uses the standard library's crypto/mldsa, which Go 1.27 added: the
// ML-DSA code is built only with Go 1.27 or later. With an older Go the
// three names still exist, are Known and are listed by All, but
// Algorithm.Available reports false and every attempt to sign or verify
// with them is refused with ErrAlgorithmNotAllowed, whose message says that
// Go 1.27 is needed. Code that names them compiles with either Go.
//
// Keys are checked once, when a SigningKey or VerifyingKey is made: the key's
// type fixes the algorithm family (RFC 8725 section 3.1) and its size must
// meet RFC 7518's minimums. Nothing in this package panics on a bad key or a
// bad signature.
package signing

import (
	"crypto"

	"github.com/jotlib/jwt/internal/mldsa"
	"github.com/jotlib/jwt/internal/sentinel"

	_ "crypto/sha256" // registers SHA-256 for crypto.Hash
	_ "crypto/sha512" // registers SHA-384 and SHA-512 for crypto.Hash
)

// Algorithm is a JWS "alg" value (RFC 7515 section 4.1.1).
type Algorithm string

// The supported algorithms (RFC 7518 section 3.1, RFC 8037 section 3.1,
// RFC 9864 section 2.2, RFC 9964 section 4).
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

	// ML-DSA (FIPS 204) with the empty context string, RFC 9964. Each name
	// binds to its parameter set: an ML-DSA-65 key verifies ML-DSA-65 only.
	// Signing and verifying need Go 1.27 (crypto/mldsa); see Available.
	MLDSA44 Algorithm = "ML-DSA-44" // ML-DSA-44 (RFC 9964)
	MLDSA65 Algorithm = "ML-DSA-65" // ML-DSA-65 (RFC 9964)
	MLDSA87 Algorithm = "ML-DSA-87" // ML-DSA-87 (RFC 9964)
)

// The errors this package reports are the jwt package's sentinels, made
// once in internal/sentinel (jwt.ErrInvalidKey is ErrInvalidKey); these
// are this package's names for them.
var (
	// ErrInvalidKey reports a key that is nil, of an unsupported type, the
	// wrong size, too weak, or unfit for the operation (a public key to sign).
	ErrInvalidKey = sentinel.InvalidKey
	// ErrSignatureInvalid reports a signature that does not verify.
	ErrSignatureInvalid = sentinel.SignatureInvalid
	// ErrAlgorithmNotAllowed reports an algorithm that is unknown, "none",
	// or does not fit the key's type.
	ErrAlgorithmNotAllowed = sentinel.AlgorithmNotAllowed
	// ErrSigningFailed reports a signer (a KMS or HSM crypto.Signer, say)
	// that failed or returned a malformed signature.
	ErrSigningFailed = sentinel.SigningFailed
)

// family is an algorithm family: the key type an algorithm binds to.
type family uint8

const (
	famNone family = iota
	famHMAC
	famRSA // RS* and PS*
	famECDSA
	famEd25519
	famMLDSA // one parameter set per key, like ECDSA's curves
)

// algInfo is what the package knows about one algorithm.
type algInfo struct {
	fam  family
	hash crypto.Hash
	pss  bool
	// size is the exact signature size for HMAC, ECDSA, Ed25519 and ML-DSA,
	// and the key-size minimum in bytes for HMAC (RFC 7518 section 3.2).
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
	case MLDSA44: // FIPS 204 Table 2; crypto/mldsa.MLDSA44SignatureSize
		return algInfo{famMLDSA, 0, false, 2420}, true
	case MLDSA65:
		return algInfo{famMLDSA, 0, false, 3309}, true
	case MLDSA87:
		return algInfo{famMLDSA, 0, false, 4627}, true
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

// All returns every supported algorithm, in a fixed order. It lists the
// ML-DSA names whatever the Go version; see Algorithm.Available.
func All() []Algorithm {
	return []Algorithm{HS256, HS384, HS512, RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519,
		MLDSA44, MLDSA65, MLDSA87}
}

// Known reports whether a is a supported algorithm: one of All, whether or
// not this build can use it (see Available).
func (a Algorithm) Known() bool {
	_, ok := lookup(a)
	return ok
}

// Available reports whether this build can sign and verify with a: true for
// every known algorithm, except the ML-DSA ones when the program was built
// with a Go older than 1.27 (they need crypto/mldsa). False for unknown
// names.
func (a Algorithm) Available() bool {
	info, ok := lookup(a)
	return ok && (info.fam != famMLDSA || mldsaAvailable)
}

// errMLDSAUnavailable refuses an ML-DSA algorithm in a build without
// crypto/mldsa.
func errMLDSAUnavailable(alg Algorithm) error { return mldsa.Unavailable(string(alg)) }

// MaxSignatureSize is the size in bytes of the largest signature made by
// the algorithms with keys in practical use: ML-DSA-87's 4,627 (FIPS 204
// Table 2). An RSA signature is as long as the modulus (512 bytes for
// RSA-4096), so only an RSA key of more than 37,016 bits would exceed it.
// A buffer of this size holds any such signature.
const MaxSignatureSize = 4627

// Hash returns the hash function a uses (RFC 7518 section 3.1), or 0 for
// Ed25519, ML-DSA and unknown names.
func (a Algorithm) Hash() crypto.Hash { return infoOf(a).hash }

// String returns the "alg" value.
func (a Algorithm) String() string { return string(a) }

// MinRSABits is the smallest RSA modulus accepted, RFC 7518 section 3.3:
// "A key of size 2048 bits or larger MUST be used with these algorithms."
const MinRSABits = 2048
