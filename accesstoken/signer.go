package accesstoken

import (
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
)

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

// SignWith is Sign for claims of your own type, c, that embeds Claims (an
// Extended, as VerifyInto reads): the whole value is marshaled by the
// Encoder, with its further claims (RFC 9068 section 2.2.2's identity
// claims, a tenant), under the same "typ". The embedded Claims must hold
// every claim RFC 9068 section 2.2 requires, as for Sign
// (jwt.ErrMissingClaim). It is jwt.ErrEncoding, and no token, when c is
// nil (or a nil pointer, or embeds a nil *Claims), when a field of c
// outside the embedded Claims has the JSON name of one of its claims
// (`json:"iss"`, `json:"scope"`: encoding/json would shadow the embedded
// one, or drop both, silently), or when the Encoder's output does not hold
// the embedded claims as they are, or holds a look-alike of a profile
// claim ("Client_ID"), which the Verifier would refuse.
func (s *Signer) SignWith(c Extended) (string, error) {
	if rv := reflect.ValueOf(c); !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
		return "", fmt.Errorf("%w: accesstoken: SignWith needs non-nil claims", jwt.ErrEncoding)
	}
	own := c.accessClaims()
	if own == nil {
		return "", fmt.Errorf("%w: accesstoken: SignWith: the embedded *Claims is nil", jwt.ErrEncoding)
	}
	var core *jwt.Signer
	if s != nil {
		core = s.core
	}
	return profile.SignWith(core, c, own, &own.Registered, func(name string) bool { return name == "client_id" && own.ClientID != "" })
}
