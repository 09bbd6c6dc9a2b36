package idtoken

import (
	"fmt"

	"github.com/jotlib/jwt"
)

// DefaultAZP is the default "azp" policy (Config.AZP): OpenID Connect Core
// 1.0 section 3.1.3.7 steps 4 and 5, as published with errata set 1:
//
//  4. If the ID Token contains multiple audiences, the Client SHOULD verify
//     that an azp Claim is present.
//  5. If an azp (authorized party) Claim is present, the Client SHOULD
//     verify that its client_id is the Claim Value.
//
// Both SHOULDs are enforced: several audiences without "azp", or an "azp"
// other than clientID, are ErrInvalidAuthorizedParty (the first also
// jwt.ErrMissingClaim). An empty "azp" counts as absent. Audiences beyond
// clientID are otherwise accepted; a policy of your own can refuse those it
// does not trust (step 3) or accept an "azp" that is another client of the
// same project.
func DefaultAZP(c *Claims, clientID string) error {
	if c.AuthorizedParty == "" {
		if len(c.Audience) > 1 {
			return fmt.Errorf("%w: %w: %q: the ID token has %d audiences and no \"azp\" (OpenID Connect Core 1.0 section 3.1.3.7 step 4)",
				ErrInvalidAuthorizedParty, jwt.ErrMissingClaim, "azp", len(c.Audience))
		}
		return nil
	}
	if c.AuthorizedParty != clientID {
		return fmt.Errorf("%w: %q, want %q (OpenID Connect Core 1.0 section 3.1.3.7 step 5)",
			ErrInvalidAuthorizedParty, c.AuthorizedParty, clientID)
	}
	return nil
}
