package idtoken

import (
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
)

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

// SignWith is Sign for claims of your own type, c, that embeds Claims (an
// Extended, as VerifyInto reads): the whole value is marshaled by the
// Encoder, with its further claims (OpenID Connect Core 1.0 section 5.1's
// "email", "name", ...), under the same "typ". The embedded Claims must
// hold every claim OpenID Connect Core 1.0 section 2 requires, as for Sign
// (jwt.ErrMissingClaim). It is jwt.ErrEncoding, and no token, when c is
// nil (or a nil pointer, or embeds a nil *Claims), when a field of c
// outside the embedded Claims has the JSON name of one of its claims
// (`json:"iss"`, `json:"nonce"`: encoding/json would shadow the embedded
// one, or drop both, silently), or when the Encoder's output does not hold
// the embedded claims as they are, or holds a look-alike of a profile
// claim ("Nonce"), which the Verifier would refuse.
func (s *Signer) SignWith(c Extended) (string, error) {
	if rv := reflect.ValueOf(c); !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
		return "", fmt.Errorf("%w: idtoken: SignWith needs non-nil claims", jwt.ErrEncoding)
	}
	own := c.idClaims()
	if own == nil {
		return "", fmt.Errorf("%w: idtoken: SignWith: the embedded *Claims is nil", jwt.ErrEncoding)
	}
	var core *jwt.Signer
	if s != nil {
		core = s.core
	}
	return profile.SignWith(core, c, own, &own.Registered, nil)
}
