package idtoken

import (
	"github.com/jotlib/jwt/internal/profileclaims"
)

// profile is OpenID Connect Core 1.0 section 2's: the claims it requires
// (the verifier's and the Signer's), the "typ" the Signer writes (RFC 7519
// section 5.1), and the claims Claims decodes beyond the registered ones,
// with their JSON types.
var profile = profileclaims.Profile{
	Package:  "idtoken",
	Spec:     "OpenID Connect Core 1.0 section 2",
	ClaimOf:  "an ID token claim",
	Type:     "JWT",
	Required: []string{"iss", "sub", "aud", "exp", "iat"},
	Claims: []profileclaims.Claim{
		{Name: "azp", Kind: profileclaims.String},
		{Name: "nonce", Kind: profileclaims.String},
		{Name: "auth_time", Kind: profileclaims.Date},
		{Name: "acr", Kind: profileclaims.String},
		{Name: "amr", Kind: profileclaims.Strings},
		{Name: "at_hash", Kind: profileclaims.String},
		{Name: "c_hash", Kind: profileclaims.String},
	},
}

// claim is one profile claim as found in the token's bytes.
type claim struct {
	profileclaims.Value
	present bool // present and not null
}

// scanned is what the profile's pass over the claims found, by exact name:
// the claims the rules read.
type scanned struct {
	azp, nonce, authTime, atHash, cHash claim
}

// scan reads the verified token's claims by their exact names (RFC 7519
// section 4), whatever the Encoder: it type-checks the profile's claims,
// refuses members whose names fold to one of them, and keeps those the
// rules read (profileclaims.Profile.Scan).
func scan(raw string) (scanned, error) {
	var s scanned
	err := profile.Scan(raw, s.keep)
	return s, err
}

// keep keeps one profile claim, present and not null, when a rule reads it.
func (s *scanned) keep(c profileclaims.Claim, v profileclaims.Value) {
	found := claim{Value: v, present: true}
	switch c.Name {
	case "azp":
		s.azp = found
	case "nonce":
		s.nonce = found
	case "auth_time":
		s.authTime = found
	case "at_hash":
		s.atHash = found
	case "c_hash":
		s.cHash = found
	}
}
