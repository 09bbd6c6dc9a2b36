package jwt

import (
	"crypto"

	"github.com/jotlib/jwt/internal/signing"
)

// Algorithm is a JWS "alg" value (RFC 7515 section 4.1.1), compared
// exactly: names are case-sensitive.
type Algorithm string

// The supported algorithms (RFC 7518 section 3.1, RFC 8037 section 3.1,
// RFC 9864 section 2.2, RFC 9964 section 4). The ML-DSA ones need Go 1.27
// to sign and verify (see Algorithm.Available).
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
	MLDSA44 Algorithm = "ML-DSA-44" // ML-DSA-44 (RFC 9964)
	MLDSA65 Algorithm = "ML-DSA-65" // ML-DSA-65 (RFC 9964)
	MLDSA87 Algorithm = "ML-DSA-87" // ML-DSA-87 (RFC 9964)
)

// Known reports whether a is one of the supported algorithms above
// (RFC 7515 section 4.1.1: exact, case-sensitive), whether or not this
// build can use it (see Available). "none" is not.
func (a Algorithm) Known() bool { return signing.Algorithm(a).Known() }

// Available reports whether this build can sign and verify with a: true for
// every known algorithm, except the ML-DSA ones (RFC 9964) when the program
// was built with a Go older than 1.27, which has no crypto/mldsa; signing or
// verifying with them is then ErrAlgorithmNotAllowed saying so. False for
// unknown names.
func (a Algorithm) Available() bool { return signing.Algorithm(a).Available() }

// Hash returns the hash function a uses (RFC 7518 section 3.1), or 0 for
// Ed25519, ML-DSA and unknown names.
func (a Algorithm) Hash() crypto.Hash { return signing.Algorithm(a).Hash() }

// String returns the "alg" value (RFC 7515 section 4.1.1).
func (a Algorithm) String() string { return string(a) }
