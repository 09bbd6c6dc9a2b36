// Package verified is the seam between package jwt's verification and the
// code built on it (the token profiles accesstoken and idtoken, and the
// HTTP middleware and DPoP code to come): it hands them the members of a
// verified token's claims as the core's one strict pass finds them (RFC
// 7519 section 7.2), so that they never split, decode or parse the token
// again, and takes their per-call rules as an argument, never as a
// context value. Package jwt fills Parse in its init (whoever imports this
// package imports jwt, so it is always set for them).
package verified

import (
	"context"

	"github.com/jotlib/jwt/claims"
)

// Rules are one verification's rules beside its verifier's own: a
// profile's, made for the call (idtoken's Checks).
type Rules interface {
	// Registered returns where the core stores the registered claims (RFC
	// 7519 section 4.1) as its strict pass found them, once the claim
	// rules passed and before any Encoder sees the claims; nil when the
	// rules read none of them (reading them costs their strings).
	Registered() *claims.Registered
	// Member is given each top-level member of the claims of a token whose
	// signature verified, as the core's strict pass finds them (the JSON
	// well-formed, the registered claims type-checked), in the token's
	// order and before any Encoder sees them, so that no codec changes
	// what it keeps: the member's name and its raw JSON value, views valid
	// during the call only (copy what is kept, a name kept as a map key
	// included). A token the pass refuses
	// has its members up to the refused one given, and never reaches
	// Check.
	Member(name string, value []byte)
	// Check runs once the claim rules, the "typ" rule and the claims
	// type's Validate method passed, before the jwt.WithValidator checks,
	// with the verified token (a *jwt.Token, its Claims decoded). Its
	// error refuses the token as a jwt.WithValidator check's does: wrapped
	// to match jwt.ErrTokenInvalidClaims, in a *jwt.ValidationError.
	Check(ctx context.Context, token any) error
}

// Final is Rules with a last step: Final runs once every other rule passed,
// the jwt.WithValidator checks of the verifier's options included, so that
// a step that uses something up (a replay store's one-use "jti": RFC 7523
// section 3 item 7, OpenID Connect Back-Channel Logout 1.0 section 2.6 step
// 8) is taken only for a token nothing else refuses. Its error refuses the
// token as Check's does.
type Final interface {
	Final(ctx context.Context, token any) error
}

// Parse, set by package jwt, is verifier's (a *jwt.Verifier)
// ParseWithClaimsContext with rules beside the verifier's own (nil:
// none). It returns the verified *jwt.Token (nil when refused) and the
// error ParseWithClaimsContext would.
var Parse func(ctx context.Context, verifier any, token string, claims any, rules Rules) (any, error)
