package dpop

import (
	"crypto"
	"crypto/sha256"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/jwk"
)

// Thumbprint returns key's JWK SHA-256 Thumbprint (RFC 7638), base64url
// without padding: the "jkt" of RFC 9449 section 6.1 that binds an access
// token to the key ("cnf" "jkt") and that the dpop_jkt parameter names
// (section 10). The thumbprint of a private key is its public half's. A
// nil or zero key, and an "oct" key (a secret, never a DPoP key), are
// jwt.ErrInvalidKey.
func Thumbprint(key *jwk.Key) (string, error) {
	if key == nil || key.KeyType() == "" {
		return "", fmt.Errorf("%w: dpop: Thumbprint of a nil or zero key", jwt.ErrInvalidKey)
	}
	if key.KeyType() == jwk.KeyTypeOct {
		return "", fmt.Errorf("%w: dpop: Thumbprint of a symmetric (\"oct\") key, which is never a DPoP key (RFC 9449 section 4.2)", jwt.ErrInvalidKey)
	}
	sum, err := key.Thumbprint(crypto.SHA256)
	if err != nil {
		return "", fmt.Errorf("%w: dpop: %w", jwt.ErrInvalidKey, err)
	}
	return b64url.EncodeToString(sum), nil
}

// AccessTokenHash returns the "ath" of a proof sent with token: the
// base64url encoding, without padding, of the SHA-256 hash of the ASCII
// access token (RFC 9449 section 4.2).
func AccessTokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return b64url.EncodeToString(sum[:])
}
