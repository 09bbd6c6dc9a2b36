package idtoken

import (
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// DefaultAZP is the default "azp" policy (Config.AZP): OpenID Connect Core
// 1.0 section 3.1.3.7 steps 4 and 5 as errata set 2 (December 2023) writes
// them, for a relying party that uses no extension defining "azp":
//
//  4. If the implementation is using extensions (which are beyond the
//     scope of this specification) that result in the azp (authorized
//     party) Claim being present, it SHOULD validate the azp value as
//     specified by those extensions.
//  5. This validation MAY include that when an azp (authorized party)
//     Claim is present, the Client SHOULD verify that its client_id is the
//     Claim Value.
//
// and section 2: "implementations not using such extensions are encouraged
// to not use azp and to ignore it when it does occur". So DefaultAZP
// accepts every token: several audiences need no "azp", and a present one
// (a string, checked by the profile's claim types) is ignored. Step 3 still
// applies: "aud" must contain the client id. For step 5's MAY, use
// AZPMatchesClientID; for the errata set 1 rules, AZPErrata1; for an
// extension's rules (an "azp" that is another client of the same project,
// untrusted extra audiences), a policy of your own.
func DefaultAZP(c *Claims, clientID string) error { return nil }

// AZPMatchesClientID is step 5's MAY of OpenID Connect Core 1.0 section
// 3.1.3.7 (errata set 2): "when an azp (authorized party) Claim is present,
// the Client SHOULD verify that its client_id is the Claim Value". An
// "azp" other than clientID is ErrInvalidAuthorizedParty; an absent or
// empty one passes, whatever the audiences.
func AZPMatchesClientID(c *Claims, clientID string) error {
	if c == nil || c.AuthorizedParty == "" || c.AuthorizedParty == clientID {
		return nil
	}
	return fmt.Errorf("%w: %s, want %q (OpenID Connect Core 1.0 section 3.1.3.7 step 5)",
		ErrInvalidAuthorizedParty, bounded.Quote(c.AuthorizedParty), clientID)
}

// AZPErrata1 is the "azp" policy of OpenID Connect Core 1.0 section 3.1.3.7
// steps 4 and 5 as published with errata set 1, this package's default
// before errata set 2 replaced them:
//
//  4. If the ID Token contains multiple audiences, the Client SHOULD verify
//     that an azp Claim is present.
//  5. If an azp (authorized party) Claim is present, the Client SHOULD
//     verify that its client_id is the Claim Value.
//
// Both SHOULDs are enforced: several audiences without "azp", or an "azp"
// other than clientID, are ErrInvalidAuthorizedParty (the first also
// jwt.ErrMissingClaim). An empty "azp" counts as absent. It refuses the ID
// tokens of providers whose "azp" names another client of the same
// project (mobile sign-in with a server client id as "aud").
func AZPErrata1(c *Claims, clientID string) error {
	if c == nil {
		return nil
	}
	if c.AuthorizedParty == "" {
		if len(c.Audience) > 1 {
			return fmt.Errorf("%w: %w: %q: the ID token has %d audiences and no \"azp\" (OpenID Connect Core 1.0 with errata set 1, section 3.1.3.7 step 4)",
				ErrInvalidAuthorizedParty, jwt.ErrMissingClaim, "azp", len(c.Audience))
		}
		return nil
	}
	if c.AuthorizedParty != clientID {
		return fmt.Errorf("%w: %s, want %q (OpenID Connect Core 1.0 with errata set 1, section 3.1.3.7 step 5)",
			ErrInvalidAuthorizedParty, bounded.Quote(c.AuthorizedParty), clientID)
	}
	return nil
}
