package idtoken

import (
	"time"

	"github.com/jotlib/jwt/internal/profileclaims"
)

// profile is OpenID Connect Core 1.0 section 2's: the claims it requires
// (the verifier's and the Signer's), the "typ" the Signer writes (RFC 7519
// section 5.1), and the claims Claims decodes beyond the registered ones,
// with their JSON types, then the access-token marker.
//
// The marker is "scope" (RFC 9068 section 2.2.3; RFC 8693 section 4.2):
// the grant of an access token, which OpenID Connect Core 1.0 section 2
// defines for no ID token. "client_id", which RFC 9068 section 2.2
// requires of every access token, is not a marker: some providers write it
// into their ID tokens (ZITADEL), as others write "jti". A token with
// "scope", present and not null, is an access token (RFC 8725 section
// 3.12), unless Config.AllowScopeClaim.
//
// The other kinds' markers are "events" (OpenID Connect Back-Channel
// Logout 1.0 section 2.4: a logout token, whose "typ" "logout+jwt" is only
// RECOMMENDED, so an untyped one otherwise has an ID token's claims) and
// "htm" and "htu" (RFC 9449 section 4.2: a DPoP proof). A token with any
// of them, present and not null, is ErrOtherKind; no Config field loosens
// it. A client assertion (RFC 7523 section 3) has no claim of its own to
// mark it: it is told apart by its audience (the token endpoint, not a
// client id).
var profile = profileclaims.Profile{
	Package:  "idtoken",
	Spec:     "OpenID Connect Core 1.0 section 2",
	ClaimOf:  "an ID token claim",
	Type:     "JWT",
	Untyped:  true,
	TypeSpec: "RFC 7519 section 5.1; OpenID Connect Core 1.0 section 2 defines no \"typ\"",
	Required: []string{"iss", "sub", "aud", "exp", "iat"},

	IssuerField:   "Config.Issuer",
	AudienceField: "Config.ClientID",
	Claims: []profileclaims.Claim{
		{Name: "azp", Kind: profileclaims.String},
		{Name: "nonce", Kind: profileclaims.String},
		{Name: "auth_time", Kind: profileclaims.Date},
		{Name: "acr", Kind: profileclaims.String},
		{Name: "amr", Kind: profileclaims.Strings},
		{Name: "at_hash", Kind: profileclaims.String},
		{Name: "c_hash", Kind: profileclaims.String},
		{Name: "scope", Kind: profileclaims.Marker},
		{Name: "events", Kind: profileclaims.Marker},
		{Name: "htm", Kind: profileclaims.Marker},
		{Name: "htu", Kind: profileclaims.Marker},
	},
}

// claim is one profile claim as found in the token's bytes.
type claim struct {
	Str     string    // a string claim's value
	Time    time.Time // a NumericDate claim's value
	present bool      // present and not null
}

// scanned is what the profile found of its claims in the core's pass, by
// exact name (profileclaims.Profile.Member): the claims the rules read.
type scanned struct {
	azp, nonce, authTime, atHash, cHash claim
	// markers are the access-token markers present ("scope"), and kinds
	// the other kinds' ("events", "htm", "htu"), in the token's order.
	markers, kinds []string
}

// keep keeps one profile claim, present and not null, when a rule reads it.
func (s *scanned) keep(c profileclaims.Claim, v profileclaims.Value) {
	switch c.Name {
	case "azp":
		s.azp = claim{Str: v.Text(), present: true}
	case "nonce":
		s.nonce = claim{Str: v.Text(), present: true}
	case "auth_time":
		s.authTime = claim{Time: v.Time, present: true}
	case "at_hash":
		s.atHash = claim{Str: v.Text(), present: true}
	case "c_hash":
		s.cHash = claim{Str: v.Text(), present: true}
	}
	switch {
	case c.Kind != profileclaims.Marker:
	case c.Name == "scope":
		s.markers = append(s.markers, c.Name)
	default:
		s.kinds = append(s.kinds, c.Name)
	}
}
