package jwttest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwk"
)

// signingKey is one key of the provider: its private half, its published
// JWK (RFC 7517 section 4) and the profile Signers that mint with it.
type signingKey struct {
	alg    jwt.Algorithm
	kid    string
	priv   crypto.Signer
	public *jwk.Key
	at     *accesstoken.Signer
	id     *idtoken.Signer
}

// generateKey makes a fresh private key for alg (RFC 7518 section 3.1,
// RFC 8037 section 3.1; RFC 9964 section 3 for ML-DSA, built with Go 1.27
// or later: keys_mldsa.go).
func generateKey(alg jwt.Algorithm) (crypto.Signer, error) {
	switch alg {
	case jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512:
		return rsa.GenerateKey(rand.Reader, 2048) // RFC 7518 sections 3.3, 3.5: at least 2048 bits
	case jwt.ES256:
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case jwt.ES384:
		return ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case jwt.ES512:
		return ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case jwt.EdDSA, jwt.Ed25519:
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		return priv, err
	}
	if k, ok, err := generateMLDSA(alg); ok {
		return k, err
	}
	return nil, fmt.Errorf("%w: %q", ErrUnsupportedAlgorithm, string(alg))
}

// newSigningKey makes a key for alg named kid, with its public JWK
// ("kid", "alg", "use" "sig": RFC 7517 sections 4.2, 4.4, 4.5) and Signers
// writing that "kid" (RFC 7515 section 4.1.4).
func newSigningKey(alg jwt.Algorithm, kid string) (*signingKey, error) {
	priv, err := generateKey(alg)
	if err != nil {
		return nil, err
	}
	k, err := jwk.NewKey(priv, jwk.Params{KeyID: kid, Algorithm: string(alg), Use: "sig"})
	if err != nil {
		return nil, err
	}
	pub, err := k.Public()
	if err != nil {
		return nil, err
	}
	at, err := accesstoken.NewSigner(alg, priv, jwt.WithKeyID(kid))
	if err != nil {
		return nil, err
	}
	id, err := idtoken.NewSigner(alg, priv, jwt.WithKeyID(kid))
	if err != nil {
		return nil, err
	}
	return &signingKey{alg: alg, kid: kid, priv: priv, public: pub, at: at, id: id}, nil
}
