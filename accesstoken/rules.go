package accesstoken

import (
	"context"
	"fmt"

	"github.com/jotlib/jwt"
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
// for access tokens, so a token with one of them, present and not null, is
// an ID token. ("auth_time", "acr", "amr" and "azp" appear in both kinds,
// and a missing "client_id" is section 2.2's ErrMissingClaim.)
var profile = profileclaims.Profile{
	Package:  "accesstoken",
	Spec:     "RFC 9068 section 2.2",
	ClaimOf:  "a claim of RFC 9068's profile",
	Type:     Type,
	Required: []string{"iss", "exp", "aud", "sub", "client_id", "iat", "jti"},
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

// rules is the profile's claim check, run by the jwt package after the
// signature, the "typ" rule and the registered claims passed
// (jwt.WithValidator): the profile's claims must have their types, no
// member may be a look-alike of one, and the token must not be an ID token
// (RFC 9068 section 5). ("aud" must contain the configured audience
// whatever jwt.WithAudience options were added: jwt.WithAllAudiences, a
// claim rule of the jwt package's.)
func rules(_ context.Context, t *jwt.Token) error {
	var idClaims []string
	err := profile.Scan(t.Raw, func(c profileclaims.Claim, _ profileclaims.Value) {
		if c.Kind == profileclaims.Marker {
			idClaims = append(idClaims, c.Name)
		}
	})
	if err != nil {
		return err
	}
	if len(idClaims) > 0 {
		return fmt.Errorf("%w: it carries %q (RFC 9068 section 5; OpenID Connect Core 1.0 section 2)", ErrIDToken, idClaims)
	}
	return nil
}
