package clientauth

import (
	"crypto/rand"
	"fmt"
	"net/url"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
)

// DefaultLifetime is how long a Signer's assertions live by default: "exp"
// is "iat" plus a minute (RFC 7523 section 3 item 4 leaves it to the
// parties; OpenID Connect Core 1.0 section 9 wants a short one, as the
// assertion is sent at once).
const DefaultLifetime = time.Minute

// MaxSignerLifetime is the longest lifetime WithLifetime takes: it is also
// the Verifier's DefaultMaxLifetime, so that a Signer never mints what a
// default Verifier refuses.
const MaxSignerLifetime = 5 * time.Minute

// Signer mints client assertions for one client (RFC 7523 sections 2.2
// and 3; OpenID Connect Core 1.0 section 9): private_key_jwt with an
// asymmetric key, client_secret_jwt with jwt.HS256 and the client secret.
// It is safe for concurrent use.
type Signer struct {
	core     *jwt.Signer
	clientID string
	lifetime time.Duration
	now      func() time.Time
}

// NewSigner returns a Signer for clientID with alg and key (as
// jwt.NewSigner takes them) that writes "typ" "client-authentication+jwt"
// (draft-ietf-oauth-rfc7523bis), or none with jwt.WithType("") for a
// server that refuses unknown types; any other "typ" is
// jwt.ErrInvalidOption (RFC 8725 section 3.11). opts are jwt sign-side
// options (jwt.WithKeyID, which most servers need to pick the client's
// key, jwt.WithEncoder, ...). An empty clientID is jwt.ErrInvalidOption.
func NewSigner(alg jwt.Algorithm, key any, clientID string, opts ...jwt.Option) (*Signer, error) {
	if clientID == "" {
		return nil, fmt.Errorf("%w: clientauth: empty client id (RFC 7523 section 3 items 1 and 2)", jwt.ErrInvalidOption)
	}
	core, err := profile.NewSigner(alg, key, opts)
	if err != nil {
		return nil, err
	}
	return &Signer{core: core, clientID: clientID, lifetime: DefaultLifetime, now: time.Now}, nil
}

// WithLifetime returns a copy of s whose assertions live d: more than zero
// and at most MaxSignerLifetime, else jwt.ErrInvalidOption.
func (s *Signer) WithLifetime(d time.Duration) (*Signer, error) {
	if s == nil || s.core == nil {
		return nil, fmt.Errorf("%w: clientauth: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey)
	}
	if d <= 0 || d > MaxSignerLifetime {
		return nil, fmt.Errorf("%w: clientauth: lifetime %v is not in (0, %v]", jwt.ErrInvalidOption, d, MaxSignerLifetime)
	}
	c := *s
	c.lifetime = d
	return &c, nil
}

// WithClock returns a copy of s reading the time from now ("iat" and
// "exp"), for tests; nil is jwt.ErrInvalidOption.
func (s *Signer) WithClock(now func() time.Time) (*Signer, error) {
	if s == nil || s.core == nil {
		return nil, fmt.Errorf("%w: clientauth: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey)
	}
	if now == nil {
		return nil, fmt.Errorf("%w: clientauth: nil clock", jwt.ErrInvalidOption)
	}
	c := *s
	c.now = now
	return &c, nil
}

// ClientID returns the client id the Signer's assertions carry as "iss"
// and "sub" (RFC 7523 section 3 items 1 and 2).
func (s *Signer) ClientID() string {
	if s == nil {
		return ""
	}
	return s.clientID
}

// Assertion mints one client assertion for audience (RFC 7523 section 3):
// "iss" = "sub" = the client id, "aud" = audience (a single string), "iat"
// now, "exp" now plus the lifetime, and a random 128-bit "jti". audience
// is the authorization server's issuer identifier (RFC 8414;
// draft-ietf-oauth-rfc7523bis, which servers following it require), or
// its token endpoint URL for a server that wants RFC 7523's or OpenID
// Connect Core 1.0 section 9's form. An empty audience is
// jwt.ErrInvalidOption.
func (s *Signer) Assertion(audience string) (string, error) {
	if s == nil || s.core == nil {
		return "", fmt.Errorf("%w: clientauth: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey)
	}
	if audience == "" {
		return "", fmt.Errorf("%w: clientauth: empty audience (RFC 7523 section 3 item 3)", jwt.ErrInvalidOption)
	}
	jti, err := newJTI()
	if err != nil {
		return "", err
	}
	now := s.now()
	c := Claims{Registered: claims.Registered{
		Issuer:    s.clientID,
		Subject:   s.clientID,
		Audience:  claims.Audience{audience},
		IssuedAt:  claims.NewNumericDate(now),
		ExpiresAt: claims.NewNumericDate(now.Add(s.lifetime)),
		ID:        jti,
	}}
	return profile.Sign(s.core, c, &c.Registered, nil)
}

// FormValues returns the token request's client authentication parameters
// (RFC 7523 section 2.2): client_assertion_type AssertionType,
// client_assertion a fresh Assertion for audience, and client_id (OPTIONAL
// by RFC 7521 section 4.2, required by some servers, and checked equal to
// the assertion's by this package's Verifier). Add grant_type and the
// grant's own parameters.
func (s *Signer) FormValues(audience string) (url.Values, error) {
	a, err := s.Assertion(audience)
	if err != nil {
		return nil, err
	}
	return url.Values{
		"client_assertion_type": {AssertionType},
		"client_assertion":      {a},
		"client_id":             {s.clientID},
	}, nil
}

// newJTI returns 128 random bits, base64url: a "jti" no other assertion
// has (RFC 7519 section 4.1.7).
func newJTI() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("%w: clientauth: jti: %w", jwt.ErrSigningFailed, err)
	}
	return b64url.EncodeToString(b[:]), nil
}
