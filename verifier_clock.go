package jwt

import (
	"time"
)

// Now returns the time by v's clock (WithTimeFunc; time.Now by default),
// the one its "exp", "nbf" and "iat" rules read, for a WithValidator check
// that compares a claim of its own with the time (OpenID Connect's
// "auth_time"), so that it agrees with them.
func (v *Verifier) Now() time.Time {
	if v == nil || v.cfg == nil {
		return time.Now()
	}
	return v.cfg.validator.Clock()
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
