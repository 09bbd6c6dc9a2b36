package accesstoken

import (
	"fmt"
	"slices"

	"github.com/jotlib/jwt"
)

// Signer mints JWT access tokens (RFC 9068 section 2), for authorization
// servers and tests. It is safe for concurrent use.
type Signer struct {
	core *jwt.Signer
}

// NewSigner returns a Signer with alg and key (as jwt.NewSigner takes them)
// that writes "typ" "at+jwt" (RFC 9068 section 2.1), whatever opts say.
// opts are jwt sign-side options (jwt.WithKeyID, jwt.WithHeader,
// jwt.WithEncoder, ...).
func NewSigner(alg jwt.Algorithm, key any, opts ...jwt.Option) (*Signer, error) {
	core, err := jwt.NewSigner(alg, key, append(slices.Clip(opts), jwt.WithType(Type))...)
	if err != nil {
		return nil, err
	}
	return &Signer{core: core}, nil
}

// Algorithm returns the signer's "alg" (RFC 7515 section 4.1.1; RFC 9068
// section 2.1: it is never "none").
func (s *Signer) Algorithm() jwt.Algorithm {
	if s == nil || s.core == nil {
		return ""
	}
	return s.core.Algorithm()
}

// Sign returns c as a signed access token. It refuses, with
// jwt.ErrMissingClaim, claims without any of the ones RFC 9068 section 2.2
// requires: "iss", "exp", "aud" (with no empty audience), "sub",
// "client_id", "iat" and "jti".
func (s *Signer) Sign(c Claims) (string, error) {
	if s == nil || s.core == nil {
		return "", fmt.Errorf("%w: accesstoken: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey)
	}
	if missing := missingClaims(&c); len(missing) > 0 {
		return "", fmt.Errorf("%w: RFC 9068 section 2.2 requires %q", jwt.ErrMissingClaim, missing)
	}
	return s.core.Sign(c)
}

// missingClaims lists the section 2.2 claims c lacks.
func missingClaims(c *Claims) []string {
	var missing []string
	check := func(name string, ok bool) {
		if !ok {
			missing = append(missing, name)
		}
	}
	check("iss", c.Issuer != "")
	check("exp", c.ExpiresAt != nil)
	check("aud", len(c.Audience) > 0 && !slices.Contains(c.Audience, ""))
	check("sub", c.Subject != "")
	check("client_id", c.ClientID != "")
	check("iat", c.IssuedAt != nil)
	check("jti", c.ID != "")
	return missing
}
