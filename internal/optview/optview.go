// Package optview lets the token profiles (accesstoken, idtoken) read what
// a caller's jwt options set of the rules a profile sets itself, so that a
// conflicting option is refused rather than silently replaced, and what
// the options of a profile's Signer write. Package jwt fills Of and
// SignedType in its init (the profiles import jwt, so they are always set
// for them).
package optview

import "time"

// Rules is what a list of verify-side jwt options sets of the rules a
// profile owns.
type Rules struct {
	// Issuer is the last jwt.WithIssuer's issuer, "" when none is given.
	Issuer string
	// Audiences are every jwt.WithAudience's audiences, in order.
	Audiences []string
	// Types are the last jwt.WithType's types; nil when none is given.
	Types []string
	// Leeway is the last jwt.WithLeeway's leeway (RFC 7519 sections 4.1.4
	// to 4.1.6), when LeewaySet.
	Leeway    time.Duration
	LeewaySet bool
	// TimeFunc reports whether a jwt.WithTimeFunc is given.
	TimeFunc bool
}

// Of returns what opts, a []jwt.Option, set on the verify side; an error
// when the options are refused (jwt.NewVerifier reports the same error).
var Of func(opts any) (Rules, error)

// SignedType returns the "typ" (RFC 7515 section 4.1.9) a jwt.Signer made
// with opts, a []jwt.Option, writes: "" for none; an error when the
// options are refused on the sign side (jwt.NewSigner reports the same
// error).
var SignedType func(opts any) (string, error)
