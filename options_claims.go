package jwt

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Claim-rule options: the checks a Verifier applies to the registered claims
// of RFC 7519 section 4.1 after the signature verifies. "exp" and "nbf" are
// always checked when present. Each failure matches ErrTokenInvalidClaims.
// All are verify side only; given to Sign, they are ErrInvalidOption.

// WithAudience requires "aud" to contain one of aud (RFC 7519 section
// 4.1.3: "Each principal intended to process the JWT MUST identify itself
// with a value in the audience claim"). Several calls add to the list: any
// one audience is enough. To write "aud", put it in the claims.
func WithAudience(aud ...string) Option {
	return func(c *config) {
		if !c.use("WithAudience", verifySide) || !c.audiences("WithAudience", aud) {
			return
		}
		c.validator.Audiences = append(c.validator.Audiences, aud...)
	}
}

// WithAllAudiences requires "aud" to contain every one of aud (RFC 7519
// section 4.1.3). With WithAudience too, both rules apply.
func WithAllAudiences(aud ...string) Option {
	return func(c *config) {
		if !c.use("WithAllAudiences", verifySide) || !c.audiences("WithAllAudiences", aud) {
			return
		}
		c.validator.AllAudiences = append(c.validator.AllAudiences, aud...)
	}
}

// audiences refuses an empty list and empty audiences: neither names a
// principal, and a rule that could never fail must not look like one.
func (c *config) audiences(name string, aud []string) bool {
	if len(aud) == 0 {
		c.fail("%s needs at least one audience", name)
		return false
	}
	for _, a := range aud {
		if a == "" {
			c.fail("%s: empty audience", name)
			return false
		}
	}
	return true
}

// WithIssuer requires "iss" to equal iss exactly (RFC 7519 section 4.1.1).
// An empty iss names no issuer and is refused with ErrInvalidOption (where
// golang-jwt reads "" as no check): to check nothing, leave the option out.
func WithIssuer(iss string) Option {
	return func(c *config) {
		if !c.use("WithIssuer", verifySide) {
			return
		}
		if iss == "" {
			c.fail(`WithIssuer(""): an empty issuer names no issuer; leave the option out to check none`)
			return
		}
		c.validator.Issuer, c.validator.IssuerSet = iss, true
	}
}

// WithSubject requires "sub" to equal sub exactly (RFC 7519 section 4.1.2).
// An empty sub names no subject and is refused with ErrInvalidOption (where
// golang-jwt reads "" as no check): to check nothing, leave the option out.
func WithSubject(sub string) Option {
	return func(c *config) {
		if !c.use("WithSubject", verifySide) {
			return
		}
		if sub == "" {
			c.fail(`WithSubject(""): an empty subject names no subject; leave the option out to check none`)
			return
		}
		c.validator.Subject, c.validator.SubjectSet = sub, true
	}
}

// WithExpirationRequired refuses tokens without "exp" (ErrMissingClaim;
// RFC 7519 section 4.1.4).
func WithExpirationRequired() Option {
	return func(c *config) {
		if c.use("WithExpirationRequired", verifySide) {
			c.validator.RequireExpiration = true
		}
	}
}

// WithNotBeforeRequired refuses tokens without "nbf" (ErrMissingClaim;
// RFC 7519 section 4.1.5).
func WithNotBeforeRequired() Option {
	return func(c *config) {
		if c.use("WithNotBeforeRequired", verifySide) {
			c.validator.RequireNotBefore = true
		}
	}
}

// WithIssuedAt refuses a token whose "iat" is after now plus the leeway
// (ErrTokenUsedBeforeIssued; RFC 7519 section 4.1.6: "the time at which
// the JWT was issued"). A token without "iat" passes; see WithMaxAge or
// WithRequiredClaims to require one.
func WithIssuedAt() Option {
	return func(c *config) {
		if c.use("WithIssuedAt", verifySide) {
			c.validator.CheckIssuedAt = true
		}
	}
}

// WithMaxAge requires "iat" (ErrMissingClaim) and refuses a token issued
// more than d plus the leeway ago (ErrTokenExpired, saying by how much) or
// in the future (ErrTokenUsedBeforeIssued, as WithIssuedAt); RFC 7519
// section 4.1.6.
func WithMaxAge(d time.Duration) Option {
	return func(c *config) {
		if !c.use("WithMaxAge", verifySide) {
			return
		}
		if d <= 0 {
			c.fail("WithMaxAge needs a positive duration, got %v", d)
			return
		}
		c.validator.MaxAge = d
	}
}

// WithRequiredClaims refuses tokens in which any of the named top-level
// claims is absent or null (ErrMissingClaim). Names are compared exactly
// (RFC 7519 section 4: names are case-sensitive).
//
// A requirement no token could meet is ErrInvalidOption at construction:
// an empty name or one that is not valid UTF-8; a case-folded look-alike of
// a registered claim ("ISS", "Exp", "ıss" with U+0131), since the strict
// pass refuses every token carrying a member so named; and two names that
// are case-folded look-alikes of each other ("role" and "ROLE"), since it
// refuses every token carrying both.
func WithRequiredClaims(names ...string) Option {
	return func(c *config) {
		if !c.use("WithRequiredClaims", verifySide) {
			return
		}
		if len(names) == 0 {
			c.fail("WithRequiredClaims needs at least one claim name")
			return
		}
		if why := unmeetableRequirement(names); why != "" {
			c.fail("WithRequiredClaims: %s", why)
			return
		}
		c.validator.Required = append(c.validator.Required, names...)
	}
}

// unmeetableRequirement says why no token accepted by the strict pass
// could carry every one of names, or returns "". The look-alike rules are
// the strict pass's own (strictjson.LookAlike, strictjson.FoldKey).
func unmeetableRequirement(names []string) string {
	seen := make(map[string]string, len(names))
	for _, n := range names {
		switch {
		case n == "":
			return "empty claim name"
		case !utf8.ValidString(n):
			return fmt.Sprintf("claim name %s is not valid UTF-8, which no JSON member name is", bounded.Quote(n))
		}
		if reg := strictjson.LookAlike(n, claimrules.RegisteredNames[:]...); reg != "" {
			return fmt.Sprintf("claim name %s is a case-folded look-alike of the registered claim %q, "+
				"which every token carrying it is refused for (RFC 7519 section 4: names are case-sensitive); require %q",
				bounded.Quote(n), reg, reg)
		}
		key := strictjson.FoldKey(n)
		if prev, ok := seen[key]; ok && prev != n {
			return fmt.Sprintf("claim names %s and %s are case-folded look-alikes, which no token may carry together",
				bounded.Quote(prev), bounded.Quote(n))
		}
		seen[key] = n
	}
	return ""
}
