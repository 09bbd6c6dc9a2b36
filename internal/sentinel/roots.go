package sentinel

// Claim sentinels the jwt package re-exports (jwt.ErrTokenExpired, ...):
// the verdicts of the claim rules (internal/claimrules) on RFC 7519
// section 4.1's registered claims. Each also matches TokenInvalidClaims.
var (
	// TokenInvalidClaims: the signature verified but a claim rule failed
	// (RFC 7519 section 7.2, step 10: the claims are validated after the
	// signature). Every other claim sentinel matches it.
	TokenInvalidClaims = &Child{Msg: "jwt: token has invalid claims"}
	// TokenExpired: now is on or after "exp" plus the leeway (RFC 7519
	// section 4.1.4).
	TokenExpired = New("jwt: token is expired", TokenInvalidClaims)
	// TokenNotValidYet: now is before "nbf" minus the leeway (RFC 7519
	// section 4.1.5).
	TokenNotValidYet = New("jwt: token is not valid yet", TokenInvalidClaims)
	// TokenUsedBeforeIssued: "iat" is after now plus the leeway (RFC 7519
	// section 4.1.6).
	TokenUsedBeforeIssued = New("jwt: token used before issued", TokenInvalidClaims)
	// InvalidAudience: "aud" names none of the required audiences (RFC 7519
	// section 4.1.3).
	InvalidAudience = New("jwt: token has an invalid audience", TokenInvalidClaims)
	// InvalidIssuer: "iss" is not the required issuer (RFC 7519 section 4.1.1).
	InvalidIssuer = New("jwt: token has an invalid issuer", TokenInvalidClaims)
	// InvalidSubject: "sub" is not the required subject (RFC 7519 section 4.1.2).
	InvalidSubject = New("jwt: token has an invalid subject", TokenInvalidClaims)
	// MissingClaim: a required claim is absent.
	MissingClaim = New("jwt: token is missing a required claim", TokenInvalidClaims)
)
