// Package optview lets the token profiles (accesstoken, idtoken) read what
// a caller's jwt options set of the rules a profile sets itself, so that a
// conflicting option is refused rather than silently replaced. Package jwt
// fills Of in its init (the profiles import jwt, so it is always set for
// them).
package optview

// Rules is what a list of verify-side jwt options sets of the rules a
// profile owns.
type Rules struct {
	// Issuer is the last jwt.WithIssuer's issuer, "" when none is given.
	Issuer string
	// Audiences are every jwt.WithAudience's audiences, in order.
	Audiences []string
	// Types are the last jwt.WithType's types; nil when none is given.
	Types []string
}

// Of returns what opts, a []jwt.Option, set; an error when the options
// are refused (jwt.NewVerifier reports the same error).
var Of func(opts any) (Rules, error)
