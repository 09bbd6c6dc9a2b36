package idtoken

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Errors of the rules no jwt sentinel names. Each matches
// jwt.ErrTokenInvalidClaims; when the claim is absent, the error also
// matches jwt.ErrMissingClaim.
var (
	// ErrInvalidNonce: Checks.Nonce was given and "nonce" is absent or not
	// equal to it (OpenID Connect Core 1.0 section 3.1.3.7 step 11).
	ErrInvalidNonce error = sentinel.New(`idtoken: "nonce" is not the one sent`, jwt.ErrTokenInvalidClaims)
	// ErrInvalidAccessTokenHash: Checks.AccessToken was given and "at_hash"
	// is absent or not its hash (section 3.2.2.9).
	ErrInvalidAccessTokenHash error = sentinel.New(`idtoken: "at_hash" does not match the access token`, jwt.ErrTokenInvalidClaims)
	// ErrInvalidCodeHash: Checks.Code was given and "c_hash" is absent or
	// not its hash (section 3.3.2.10).
	ErrInvalidCodeHash error = sentinel.New(`idtoken: "c_hash" does not match the code`, jwt.ErrTokenInvalidClaims)
	// ErrInvalidAuthorizedParty: the "azp" policy refused the token
	// (section 3.1.3.7 steps 4 and 5; Config.AZP: AZPMatchesClientID,
	// AZPErrata1 or a policy of your own; DefaultAZP refuses none).
	ErrInvalidAuthorizedParty error = sentinel.New(`idtoken: "azp" is not acceptable`, jwt.ErrTokenInvalidClaims)
)

// ErrAccessToken reports a token that carries "scope" (RFC 9068 section
// 2.2.3; RFC 8693 section 4.2), the grant of an OAuth 2.0 access token,
// which OpenID Connect Core 1.0 section 2 defines for no ID token: it is an
// access token, not an ID token, whatever its "typ" says (RFC 8725 section
// 3.12; Config.AllowScopeClaim loosens it). It matches jwt.ErrInvalidType
// (the token is of the wrong kind) and jwt.ErrTokenInvalidClaims (its
// claims say so), as accesstoken.ErrIDToken does the other way.
var ErrAccessToken error = sentinel.New("idtoken: the token is an OAuth 2.0 access token, not an ID token",
	jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)

// ErrOtherKind reports a token that carries a claim of another kind of JWT
// that no ID token carries: "events", a logout token's (OpenID Connect
// Back-Channel Logout 1.0 section 2.4, whose "typ" "logout+jwt" is only
// RECOMMENDED), or "htm" or "htu", a DPoP proof's (RFC 9449 section 4.2).
// It is not an ID token whatever its "typ" says (RFC 8725 sections 3.11
// and 3.12); no Config field loosens it. It matches jwt.ErrInvalidType and
// jwt.ErrTokenInvalidClaims, as ErrAccessToken does.
var ErrOtherKind error = sentinel.New("idtoken: the token is another kind of JWT (a logout token or a DPoP proof), not an ID token",
	jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
