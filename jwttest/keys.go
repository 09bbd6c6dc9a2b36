package jwttest

import (
	"crypto"
	"errors"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/keygen"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/logout"
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
	lo     *logout.Signer
}

// generateKey makes a fresh private key for alg (internal/keygen: RFC
// 7518 section 3, RFC 8037 section 3.1, RFC 9964 section 3 for ML-DSA).
// An alg the kit cannot sign with (HS*, "none", unknown) or ML-DSA in a
// build with a Go older than 1.27 is ErrUnsupportedAlgorithm.
func generateKey(alg jwt.Algorithm) (crypto.Signer, error) {
	if isMLDSA(alg) && !alg.Available() {
		return nil, fmt.Errorf("%w: %q needs Go 1.27 or later (crypto/mldsa)", ErrUnsupportedAlgorithm, string(alg))
	}
	k, err := keygen.Private(alg, 0)
	if errors.Is(err, keygen.ErrUnsupported) {
		return nil, fmt.Errorf("%w: %q", ErrUnsupportedAlgorithm, string(alg))
	}
	return k, err
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
	lo, err := logout.NewSigner(alg, priv, jwt.WithKeyID(kid))
	if err != nil {
		return nil, err
	}
	return &signingKey{alg: alg, kid: kid, priv: priv, public: pub, at: at, id: id, lo: lo}, nil
}
