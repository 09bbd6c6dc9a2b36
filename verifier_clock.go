package jwt

import (
	"time"
)

// WithFutureLeeway sets the least leeway of the rules that refuse a time
// still in the future: "nbf" (RFC 7519 section 4.1.5) and "iat" (WithIssuedAt,
// WithMaxAge; RFC 7519 section 4.1.6). They allow the larger of d and
// WithLeeway's; "exp" and WithMaxAge's age keep WithLeeway's alone. A
// NumericDate is often whole seconds, so a verifier whose clock is a few
// milliseconds behind the issuer's sees a fresh token's "iat" (and an "nbf"
// equal to it) up to a second ahead: a small future leeway accepts it
// without accepting an expired token. Default 0, as golang-jwt's; the
// accesstoken and idtoken profiles use 5 s. Verify side only.
func WithFutureLeeway(d time.Duration) Option {
	return func(c *config) {
		if !c.use("WithFutureLeeway", verifySide) {
			return
		}
		if d < 0 {
			c.fail("negative future leeway %v", d)
			return
		}
		c.validator.FutureLeeway = d
	}
}

// Now returns the time by v's clock (WithTimeFunc; time.Now by default),
// the one its "exp", "nbf" and "iat" rules read, for a WithValidator check
// that compares a claim of its own with the time (OpenID Connect's
// "auth_time"), so that it agrees with them.
func (v *Verifier) Now() time.Time {
	if v == nil || v.cfg == nil || v.cfg.validator.Now == nil {
		return time.Now()
	}
	return v.cfg.validator.Now()
}

// Leeway returns v's leeways (RFC 7519 sections 4.1.4 to 4.1.6: "some
// small leeway"): past, for the rules that refuse a time already passed
// ("exp", WithMaxAge: WithLeeway's), and future, for the rules that refuse
// a time still to come ("nbf", "iat": the larger of WithLeeway's and
// WithFutureLeeway's), for a WithValidator check of the caller's that
// should agree with them.
func (v *Verifier) Leeway() (past, future time.Duration) {
	if v == nil || v.cfg == nil {
		return 0, 0
	}
	return v.cfg.validator.Leeway, v.cfg.validator.Future()
}
