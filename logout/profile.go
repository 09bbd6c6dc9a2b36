package logout

import "github.com/jotlib/jwt/internal/profileclaims"

// profile is OpenID Connect Back-Channel Logout 1.0 section 2.4's: the
// claims it requires (as of errata set 1, which made "exp" REQUIRED), the
// "typ" the Signer writes, and "sid", the one claim beyond the registered
// ones read with a JSON type. "events" and "nonce" are read by the
// Verifier's own member rule (call.Member): "events" is an object, and
// "nonce" is refused whatever its value.
var profile = profileclaims.Profile{
	Package:  "logout",
	Spec:     "OpenID Connect Back-Channel Logout 1.0 section 2.4",
	ClaimOf:  "a logout token claim",
	Type:     Type,
	TypeSpec: "OpenID Connect Back-Channel Logout 1.0 section 2.4",
	Required: []string{"iss", "aud", "iat", "exp", "jti", "events"},

	IssuerField:   "Config.Issuer",
	AudienceField: "Config.ClientID",
	TypeField:     "Config.RequireExplicitType or Config.AllowJWTType",
	Claims: []profileclaims.Claim{
		{Name: "sid", Kind: profileclaims.String},
	},
}

// requiredWithoutExp is profile.Required without "exp", for
// Config.AllowMissingExp (the final text of 2022, before errata set 1).
var requiredWithoutExp = []string{"iss", "aud", "iat", "jti", "events"}
