package logout

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/replay"
)

// Errors of the logout token rules no jwt sentinel names (OpenID Connect
// Back-Channel Logout 1.0 section 2.6). Each matches
// jwt.ErrTokenInvalidClaims: the signature verified, a claim rule failed.
var (
	// ErrNotLogoutToken reports a token whose "events" claim is not a JSON
	// object holding the member EventBackChannelLogout with a JSON object
	// as its value (section 2.4; section 2.6 step 6): it is some other
	// kind of JWT (RFC 8725 section 3.12), so it also matches
	// jwt.ErrInvalidType. A token without "events" is
	// jwt.ErrMissingClaim.
	ErrNotLogoutToken error = sentinel.New("logout: the token is not a logout token (no back-channel logout event)",
		jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
	// ErrNoncePresent reports a token carrying "nonce", whatever its value
	// (null included): "A nonce Claim MUST NOT be present" (section 2.4;
	// section 2.6 step 7), so that a logout token is never taken for an ID
	// token and the other way round.
	ErrNoncePresent error = sentinel.New(`logout: the token carries "nonce", which a logout token must not`,
		jwt.ErrTokenInvalidClaims)
	// ErrNoSubjectOrSession reports a token with neither a "sub" nor a
	// "sid" (an empty string counts as absent): "A Logout Token MUST
	// contain either a sub or a sid Claim" (section 2.4; section 2.6 step
	// 5). It matches jwt.ErrMissingClaim.
	ErrNoSubjectOrSession error = sentinel.New(`logout: the token has neither "sub" nor "sid"`,
		jwt.ErrMissingClaim)
	// ErrReplayed reports a logout token whose "jti" was already accepted
	// from the same issuer (section 2.6 step 8: "verify that another
	// Logout Token with the same jti value has not been recently
	// received"). It matches replay.ErrReplayed.
	ErrReplayed error = sentinel.New(`logout: "jti" already used`, replay.ErrReplayed, jwt.ErrTokenInvalidClaims)
)
