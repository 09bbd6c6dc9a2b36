package logout

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// DefaultLifetime is the "exp" the Signer writes, after "iat", when the
// claims have none: two minutes (OpenID Connect Back-Channel Logout 1.0
// section 4: "preferably at most two minutes in the future").
const DefaultLifetime = 2 * time.Minute

// Signer mints logout tokens (OpenID Connect Back-Channel Logout 1.0
// section 2.4), for OpenID Providers and tests. It is safe for concurrent
// use.
type Signer struct {
	core *jwt.Signer
	now  func() time.Time
}

// NewSigner returns a Signer with alg and key (as jwt.NewSigner takes them)
// that writes "typ" "logout+jwt" (section 2.4: explicit typing is
// RECOMMENDED; RFC 8725 section 3.11). A jwt.WithType in opts may spell it
// otherwise ("application/logout+jwt"); any other "typ", or none, is
// jwt.ErrInvalidOption. opts are jwt sign-side options (jwt.WithKeyID,
// jwt.WithHeader, jwt.WithEncoder, ...). Sign's clock is time.Now.
func NewSigner(alg jwt.Algorithm, key any, opts ...jwt.Option) (*Signer, error) {
	core, err := profile.NewSigner(alg, key, opts)
	if err != nil {
		return nil, err
	}
	return &Signer{core: core, now: time.Now}, nil
}

// Sign returns c as a signed logout token. It fills in what c leaves
// empty: "jti" (128 random bits, base64url), "iat" (now), "exp" ("iat"
// plus DefaultLifetime) and the EventBackChannelLogout member of "events"
// ({}); c itself is not changed. It refuses, with jwt.ErrMissingClaim,
// claims without "iss" or "aud" (with no empty audience), or with neither
// "sub" nor "sid" (ErrNoSubjectOrSession); with jwt.ErrEncoding, an
// EventBackChannelLogout member whose value is not a JSON object (section
// 2.4). Claims has no "nonce", which section 2.4 forbids.
func (s *Signer) Sign(c Claims) (string, error) {
	if s == nil || s.core == nil {
		return "", fmt.Errorf("%w: logout: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey)
	}
	if c.Subject == "" && c.SessionID == "" {
		return "", fmt.Errorf("%w (OpenID Connect Back-Channel Logout 1.0 section 2.4)", ErrNoSubjectOrSession)
	}
	if ev, ok := c.Events[EventBackChannelLogout]; ok {
		var obj map[string]json.RawMessage
		if json.Unmarshal(ev, &obj) != nil || obj == nil {
			return "", fmt.Errorf("%w: logout: the value of %q in Events must be a JSON object (OpenID Connect Back-Channel Logout 1.0 section 2.4)",
				jwt.ErrEncoding, EventBackChannelLogout)
		}
	} else {
		events := make(map[string]json.RawMessage, len(c.Events)+1)
		maps.Copy(events, c.Events)
		events[EventBackChannelLogout] = json.RawMessage("{}")
		c.Events = events
	}
	if c.ID == "" {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", fmt.Errorf("%w: logout: jti: %v", jwt.ErrSigningFailed, err)
		}
		c.ID = base64.RawURLEncoding.EncodeToString(b[:])
	}
	if c.IssuedAt == nil {
		c.IssuedAt = claims.NewNumericDate(s.now())
	}
	if c.ExpiresAt == nil {
		c.ExpiresAt = claims.NewNumericDate(c.IssuedAt.Add(DefaultLifetime))
	}
	return profile.Sign(s.core, c, &c.Registered, func(name string) bool { return name == "events" })
}
