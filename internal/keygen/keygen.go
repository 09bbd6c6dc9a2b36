// Package keygen makes fresh private keys for the asymmetric JWS
// algorithms: the one place the module's tools (cmd/jwt's keygen, jwttest's
// provider and attack keys) generate them.
package keygen

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/signing"
)

// ErrUnsupported reports an algorithm Private makes no key for: a
// symmetric (HS*) one, "none" or an unknown name.
var ErrUnsupported error = sentinel.New("keygen: no asymmetric key for this algorithm")

// ErrRSABits reports an RSA modulus size outside MinRSABits..MaxRSABits.
var ErrRSABits error = sentinel.New("keygen: RSA modulus size out of range")

// The RSA modulus sizes Private takes (RFC 7518 sections 3.3 and 3.5: "2048
// bits or larger"; the upper bound keeps generation finite).
const (
	MinRSABits = 2048
	MaxRSABits = 16384
)

// Private makes a fresh private key for alg: an RSA key of rsaBits (0 is
// MinRSABits) for RS*/PS* (RFC 7518 sections 3.3, 3.5), the curve's key
// for ES256/384/512 (section 3.4), an Ed25519 key for EdDSA and Ed25519
// (RFC 8037 section 3.1), and for ML-DSA-44/65/87 the key of a random
// 32-byte seed (RFC 9964 section 3, FIPS 204 Algorithm 1), whose error in
// a build with a Go older than 1.27 is internal/signing's
// (jwt.ErrAlgorithmNotAllowed). Another alg is ErrUnsupported.
func Private(alg jwt.Algorithm, rsaBits int) (crypto.Signer, error) {
	switch alg {
	case jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512:
		if rsaBits == 0 {
			rsaBits = MinRSABits
		}
		if rsaBits < MinRSABits || rsaBits > MaxRSABits {
			return nil, fmt.Errorf("%w: %d bits", ErrRSABits, rsaBits)
		}
		return rsa.GenerateKey(rand.Reader, rsaBits)
	case jwt.ES256:
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case jwt.ES384:
		return ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case jwt.ES512:
		return ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case jwt.EdDSA, jwt.Ed25519:
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		return priv, err
	case jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87:
		seed := make([]byte, 32)
		if _, err := rand.Read(seed); err != nil {
			return nil, err
		}
		return signing.NewMLDSAPrivateKey(signing.Algorithm(alg), seed)
	}
	return nil, fmt.Errorf("%w: %q", ErrUnsupported, string(alg))
}
