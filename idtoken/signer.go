package idtoken

import (
	"fmt"
	"slices"

	"github.com/jotlib/jwt"
)

// Signer mints ID tokens (OpenID Connect Core 1.0 section 2), for identity
// providers and tests. It is safe for concurrent use.
type Signer struct {
	core *jwt.Signer
}

// NewSigner returns a Signer with alg and key (as jwt.NewSigner takes them)
// that writes "typ" "JWT" (RFC 7519 section 5.1), whatever opts say, so an
// ID token is never typed as another kind of JWT. opts are jwt sign-side
// options (jwt.WithKeyID, jwt.WithHeader, jwt.WithEncoder, ...).
func NewSigner(alg jwt.Algorithm, key any, opts ...jwt.Option) (*Signer, error) {
	core, err := jwt.NewSigner(alg, key, append(slices.Clip(opts), jwt.WithType("JWT"))...)
	if err != nil {
		return nil, err
	}
	return &Signer{core: core}, nil
}

// Algorithm returns the signer's "alg" (RFC 7515 section 4.1.1), the one
// LeftHalfHash needs for the
// "at_hash" and "c_hash" of the tokens it signs.
func (s *Signer) Algorithm() jwt.Algorithm {
	if s == nil || s.core == nil {
		return ""
	}
	return s.core.Algorithm()
}

// Sign returns c as a signed ID token. It refuses, with jwt.ErrMissingClaim,
// claims without any of the ones section 2 requires: "iss", "sub", "aud"
// (with no empty audience), "exp" and "iat".
func (s *Signer) Sign(c Claims) (string, error) {
	if s == nil || s.core == nil {
		return "", fmt.Errorf("%w: idtoken: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey)
	}
	if missing := missingClaims(&c); len(missing) > 0 {
		return "", fmt.Errorf("%w: OpenID Connect Core 1.0 section 2 requires %q", jwt.ErrMissingClaim, missing)
	}
	return s.core.Sign(c)
}

// missingClaims lists the section 2 claims c lacks.
func missingClaims(c *Claims) []string {
	var missing []string
	check := func(name string, ok bool) {
		if !ok {
			missing = append(missing, name)
		}
	}
	check("iss", c.Issuer != "")
	check("sub", c.Subject != "")
	check("aud", len(c.Audience) > 0 && !slices.Contains(c.Audience, ""))
	check("exp", c.ExpiresAt != nil)
	check("iat", c.IssuedAt != nil)
	return missing
}
