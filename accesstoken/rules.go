package accesstoken

import (
	"context"
	"fmt"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/profileclaims"
)

// profile is RFC 9068's: the claims section 2.2 requires (the verifier's
// and the Signer's), the "typ" section 2.1 writes, and the claims Claims
// decodes beyond the registered ones (sections 2.2, 2.2.1 and 2.2.3) with
// their JSON types, then the ID-token markers.
//
// The markers are the claims OpenID Connect Core 1.0 defines for ID tokens
// only: "nonce" (section 2), "at_hash" (sections 3.1.3.6 and 3.2.2.10) and
// "c_hash" (section 3.3.2.11). RFC 9068 section 2.2 defines none of them
// for access tokens, so a token typed "JWT" or untyped (AllowJWTType) with
// one of them, present and not null, is an ID token (RFC 8725 section
// 3.12). ("auth_time", "acr", "amr" and "azp" appear in both kinds, and a
// missing "client_id" is section 2.2's ErrMissingClaim.)
var profile = profileclaims.Profile{
	Package:  "accesstoken",
	Spec:     "RFC 9068 section 2.2",
	TypeSpec: "RFC 9068 section 2.1",
	ClaimOf:  "a claim of RFC 9068's profile",
	Type:     Type,
	Required: []string{"iss", "exp", "aud", "sub", "client_id", "iat", "jti"},

	IssuerField:   "Config.Issuer",
	AudienceField: "Config.Audience",
	TypeField:     "Config.AllowJWTType",
	Claims: []profileclaims.Claim{
		{Name: "client_id", Kind: profileclaims.String},
		{Name: "scope", Kind: profileclaims.String},
		{Name: "auth_time", Kind: profileclaims.Date},
		{Name: "acr", Kind: profileclaims.String},
		{Name: "amr", Kind: profileclaims.Strings},
		{Name: "groups", Kind: profileclaims.Strings},
		{Name: "roles", Kind: profileclaims.Strings},
		{Name: "entitlements", Kind: profileclaims.Strings},
		{Name: "nonce", Kind: profileclaims.Marker},
		{Name: "at_hash", Kind: profileclaims.Marker},
		{Name: "c_hash", Kind: profileclaims.Marker},
	},
}

// call is one Verify call's rules of the profile, given to the core as an
// argument (internal/verified): what the core's strict pass found of the
// profile's claims.
type call struct {
	// idClaims are the ID-token markers present, in the token's order; err
	// is the profile's claims' first error.
	idClaims []string
	err      error
}

// Registered implements verified.Rules: no registered claim is read.
func (c *call) Registered() *claims.Registered { return nil }

// Member implements verified.Rules: one member of the verified claims,
// read by the profile (profileclaims.Profile.Member) and by the "cnf" rule
// (checkConfirmation).
func (c *call) Member(name string, value []byte) {
	if c.err == nil {
		c.err = profile.Member(name, value, c.found)
	}
	if c.err == nil {
		c.err = checkConfirmation(name, value)
	}
}

// found keeps the ID-token markers present.
func (c *call) found(claim profileclaims.Claim, _ profileclaims.Value) {
	if claim.Kind == profileclaims.Marker {
		c.idClaims = append(c.idClaims, claim.Name)
	}
}

// Check implements verified.Rules: the profile's claim check, run by the
// jwt package after the signature, the "typ" rule, the registered claims
// and the claims type's Validate passed, before the jwt.WithValidator
// checks: the profile's claims must have their types, no member may be a
// look-alike of one, and a token whose "typ" does not say "at+jwt"
// (AllowJWTType: "JWT" or none) must not be an ID token (RFC 8725 section
// 3.12). A token typed "at+jwt" is an access token by its header (RFC 9068
// sections 2.1 and 4), so the markers are not read there: an access token
// that also carries the request's "nonce" (Keycloak until its issue 26893)
// passes. ("aud" must contain the configured audience whatever
// jwt.WithAudience options were added: jwt.WithAllAudiences, a claim rule
// of the jwt package's.)
func (c *call) Check(_ context.Context, token any) error {
	t, err := profileclaims.VerifiedToken("accesstoken", token)
	if err != nil {
		return err
	}
	if c.err != nil {
		return c.err
	}
	if len(c.idClaims) > 0 && !isAccessTokenType(t.Header.Type) {
		return fmt.Errorf("%w: its \"typ\" is %s and it carries %q, claims OpenID Connect Core 1.0 defines for ID tokens only (RFC 8725 section 3.12; OpenID Connect Core 1.0 section 2)",
			ErrIDToken, typeName(t.Header.Type), c.idClaims)
	}
	return nil
}
