package idtoken

import "github.com/jotlib/jwt"

// Signer mints ID tokens (OpenID Connect Core 1.0 section 2), for identity
// providers and tests. It is safe for concurrent use.
type Signer struct {
	core *jwt.Signer
}

// NewSigner returns a Signer with alg and key (as jwt.NewSigner takes them)
// that writes "typ" "JWT" (RFC 7519 section 5.1), or no "typ" with
// jwt.WithType("") (OpenID Connect Core 1.0 section 2 requires none; RFC
// 7515 section 4.1.9: OPTIONAL). Any other "typ" ("at+jwt") is
// jwt.ErrInvalidOption, so an ID token is never typed as another kind of
// JWT (RFC 8725 section 3.11). opts are jwt sign-side options
// (jwt.WithKeyID, jwt.WithHeader, jwt.WithEncoder, ...).
func NewSigner(alg jwt.Algorithm, key any, opts ...jwt.Option) (*Signer, error) {
	core, err := profile.NewSigner(alg, key, opts)
	if err != nil {
		return nil, err
	}
	return &Signer{core: core}, nil
}

// Algorithm returns the signer's "alg" (RFC 7515 section 4.1.1), the one
// LeftHalfHash needs for the "at_hash" and "c_hash" of the tokens it signs
// (OpenID Connect Core 1.0 section 3.1.3.6).
func (s *Signer) Algorithm() jwt.Algorithm {
	if s == nil {
		return ""
	}
	return s.core.Algorithm()
}

// Sign returns c as a signed ID token. It refuses, with jwt.ErrMissingClaim,
// claims without any of the ones OpenID Connect Core 1.0 section 2
// requires: "iss", "sub", "aud" (with no empty audience), "exp" and "iat".
func (s *Signer) Sign(c Claims) (string, error) {
	var core *jwt.Signer
	if s != nil {
		core = s.core
	}
	return profile.Sign(core, c, &c.Registered, nil)
}
