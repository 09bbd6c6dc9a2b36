package sentinel

import "errors"

// Claim sentinels the jwt package re-exports (jwt.ErrTokenExpired, ...):
// the verdicts of the claim rules (internal/claimrules) on RFC 7519
// section 4.1's registered claims.
var (
	// TokenExpired: now is on or after "exp" plus the leeway (RFC 7519
	// section 4.1.4).
	TokenExpired = errors.New("jwt: token is expired")
	// TokenNotValidYet: now is before "nbf" minus the leeway (RFC 7519
	// section 4.1.5).
	TokenNotValidYet = errors.New("jwt: token is not valid yet")
	// InvalidAudience: "aud" names none of the required audiences (RFC 7519
	// section 4.1.3).
	InvalidAudience = errors.New("jwt: token has an invalid audience")
	// InvalidIssuer: "iss" is not the required issuer (RFC 7519 section 4.1.1).
	InvalidIssuer = errors.New("jwt: token has an invalid issuer")
	// InvalidSubject: "sub" is not the required subject (RFC 7519 section 4.1.2).
	InvalidSubject = errors.New("jwt: token has an invalid subject")
	// MissingClaim: a required claim is absent.
	MissingClaim = errors.New("jwt: token is missing a required claim")
)
