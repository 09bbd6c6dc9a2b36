package logout

import "github.com/jotlib/jwt"

// Type is the "typ" of an explicitly typed logout token: the media type
// "application/logout+jwt" without its "application/" prefix (OpenID
// Connect Back-Channel Logout 1.0 section 2.4: "It is RECOMMENDED that
// Logout Tokens be explicitly typed ... typ (type) Header Parameter with a
// value of logout+jwt"; RFC 8725 section 3.11).
const Type = "logout+jwt"

// typeRule is the "typ" rule as the jwt package checks it (jwt.WithType,
// compared as a media type, right after the signature; a refusal is
// jwt.ErrInvalidType). Section 2.4 RECOMMENDS "logout+jwt" and section
// 2.6 checks no "typ", so by default "logout+jwt" and an absent "typ"
// pass. "JWT" (RFC 7519 section 5.1) is refused by default, though section
// 2.6 does not forbid it: it is the "typ" ID tokens carry, and a logout
// token so typed is told apart by its claims alone; Config.AllowJWTType
// accepts it, for providers that write it (Keycloak before version 25).
// Config.RequireExplicitType refuses an absent "typ" too. Any other "typ"
// ("at+jwt", "secevent+jwt") is another kind of JWT and always refused.
func typeRule(cfg *Config) jwt.Option {
	switch {
	case cfg.RequireExplicitType:
		return jwt.WithType(Type)
	case cfg.AllowJWTType:
		return jwt.WithType(Type, "JWT", "")
	}
	return jwt.WithType(Type, "")
}
