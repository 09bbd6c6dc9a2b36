package clientauth

import "github.com/jotlib/jwt/internal/profileclaims"

// Type is the explicit "typ" of a client authentication JWT
// (draft-ietf-oauth-rfc7523bis; RFC 8725 section 3.11), the one the Signer
// writes by default.
const Type = "client-authentication+jwt"

// AssertionType is the client_assertion_type of a JWT client assertion
// (RFC 7523 section 2.2).
const AssertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// profile is RFC 7523 section 3's with OpenID Connect Core 1.0 section 9's
// required claims: "iss", "sub", "aud", "exp" and "jti" ("iat" is
// OPTIONAL in both). Its claims are all markers of other kinds of JWT
// (RFC 8725 section 3.12): "scope" (RFC 9068 section 2.2.3), the ID token
// claims "nonce", "auth_time", "at_hash" and "c_hash" (OpenID Connect Core
// 1.0 section 2), "events" (OpenID Connect Back-Channel Logout 1.0 section
// 2.4), "htm" and "htu" (RFC 9449 section 4.2).
var profile = profileclaims.Profile{
	Package:       "clientauth",
	Spec:          "RFC 7523 section 3; OpenID Connect Core 1.0 section 9",
	ClaimOf:       "a claim of another kind of JWT",
	Type:          Type,
	Untyped:       true,
	TypeSpec:      "draft-ietf-oauth-rfc7523bis",
	Required:      []string{"iss", "sub", "aud", "exp", "jti"},
	IssuerField:   "the client id",
	AudienceField: "Config.Issuer",
	Claims: []profileclaims.Claim{
		{Name: "scope", Kind: profileclaims.Marker},
		{Name: "nonce", Kind: profileclaims.Marker},
		{Name: "auth_time", Kind: profileclaims.Marker},
		{Name: "at_hash", Kind: profileclaims.Marker},
		{Name: "c_hash", Kind: profileclaims.Marker},
		{Name: "events", Kind: profileclaims.Marker},
		{Name: "htm", Kind: profileclaims.Marker},
		{Name: "htu", Kind: profileclaims.Marker},
	},
}
