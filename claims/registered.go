package claims

// Registered holds the registered claim names of RFC 7519 section 4.1.
// Embed it in a struct to add private claims:
//
//	type AccessClaims struct {
//		claims.Registered
//		Roles []string `json:"roles"`
//	}
//
// Registered carries values only: jwt.Parse validates them from the token's
// bytes, whatever type the claims are decoded into.
type Registered struct {
	// Issuer is "iss", RFC 7519 section 4.1.1: the principal that issued the JWT.
	Issuer string `json:"iss,omitempty"`
	// Subject is "sub", RFC 7519 section 4.1.2: the principal that is the subject of the JWT.
	Subject string `json:"sub,omitempty"`
	// Audience is "aud", RFC 7519 section 4.1.3: the recipients the JWT is intended for.
	Audience Audience `json:"aud,omitempty"`
	// ExpiresAt is "exp", RFC 7519 section 4.1.4: the time on or after which
	// the JWT MUST NOT be accepted.
	ExpiresAt *NumericDate `json:"exp,omitempty"`
	// NotBefore is "nbf", RFC 7519 section 4.1.5: the time before which the
	// JWT MUST NOT be accepted.
	NotBefore *NumericDate `json:"nbf,omitempty"`
	// IssuedAt is "iat", RFC 7519 section 4.1.6: the time at which the JWT was issued.
	IssuedAt *NumericDate `json:"iat,omitempty"`
	// ID is "jti", RFC 7519 section 4.1.7: a unique identifier for the JWT.
	ID string `json:"jti,omitempty"`
}

// Registered claim names (RFC 7519 section 4.1).
const (
	NameIssuer    = "iss"
	NameSubject   = "sub"
	NameAudience  = "aud"
	NameExpiresAt = "exp"
	NameNotBefore = "nbf"
	NameIssuedAt  = "iat"
	NameID        = "jti"
)

// IsRegistered reports whether name is exactly one of the registered claim
// names of RFC 7519 section 4.1 (names are case-sensitive, section 4).
func IsRegistered(name string) bool {
	switch name {
	case NameIssuer, NameSubject, NameAudience, NameExpiresAt, NameNotBefore, NameIssuedAt, NameID:
		return true
	}
	return false
}
