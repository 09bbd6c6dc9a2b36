package accesstoken

import "github.com/jotlib/jwt"

// Signer mints JWT access tokens (RFC 9068 section 2), for authorization
// servers and tests. It is safe for concurrent use.
type Signer struct {
	core *jwt.Signer
}

// NewSigner returns a Signer with alg and key (as jwt.NewSigner takes them)
// that writes "typ" "at+jwt" (RFC 9068 section 2.1: "JWT access tokens
// MUST include this media type in the "typ" header parameter"), or the
// "application/at+jwt" a jwt.WithType asks for; any other "typ", or none
// (jwt.WithType("")), is jwt.ErrInvalidOption. opts are jwt sign-side
// options (jwt.WithKeyID, jwt.WithHeader, jwt.WithEncoder, ...).
func NewSigner(alg jwt.Algorithm, key any, opts ...jwt.Option) (*Signer, error) {
	core, err := profile.NewSigner(alg, key, opts)
	if err != nil {
		return nil, err
	}
	return &Signer{core: core}, nil
}

// Algorithm returns the signer's "alg" (RFC 7515 section 4.1.1; RFC 9068
// section 2.1: it is never "none").
func (s *Signer) Algorithm() jwt.Algorithm {
	if s == nil {
		return ""
	}
	return s.core.Algorithm()
}

// Sign returns c as a signed access token. It refuses, with
// jwt.ErrMissingClaim, claims without any of the ones RFC 9068 section 2.2
// requires: "iss", "exp", "aud" (with no empty audience), "sub",
// "client_id", "iat" and "jti".
func (s *Signer) Sign(c Claims) (string, error) {
	var core *jwt.Signer
	if s != nil {
		core = s.core
	}
	return profile.Sign(core, c, &c.Registered, func(name string) bool { return name == "client_id" && c.ClientID != "" })
}
