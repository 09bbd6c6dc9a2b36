package jwt

import "github.com/jotlib/jwt/internal/signing"

// Algorithm is a JWS "alg" value; see package signing.
type Algorithm = signing.Algorithm

// The supported algorithms (RFC 7518 section 3.1, RFC 8037, RFC 9864,
// RFC 9964). The ML-DSA ones need Go 1.27 to sign and verify (see
// signing.Algorithm.Available).
const (
	HS256   = signing.HS256
	HS384   = signing.HS384
	HS512   = signing.HS512
	RS256   = signing.RS256
	RS384   = signing.RS384
	RS512   = signing.RS512
	PS256   = signing.PS256
	PS384   = signing.PS384
	PS512   = signing.PS512
	ES256   = signing.ES256
	ES384   = signing.ES384
	ES512   = signing.ES512
	EdDSA   = signing.EdDSA
	Ed25519 = signing.Ed25519
	MLDSA44 = signing.MLDSA44
	MLDSA65 = signing.MLDSA65
	MLDSA87 = signing.MLDSA87
)
