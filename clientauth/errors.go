package clientauth

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/replay"
)

// ErrInvalidRequest reports a token request whose client authentication
// parameters are malformed (RFC 6749 section 5.2, invalid_request): not a
// POST of form parameters, client_assertion or client_assertion_type
// missing or repeated, a repeated or empty client_id, client credentials
// in the URL query (RFC 6749 section 2.3.1), or a second authentication
// method beside the assertion, an Authorization header or a client_secret
// (RFC 6749 section 2.3). It matches
// jwt.ErrTokenMalformed: no assertion could be read from the request.
var ErrInvalidRequest error = sentinel.New("clientauth: malformed client authentication request", jwt.ErrTokenMalformed)

// ErrUnsupportedAssertionType reports a client_assertion_type other than
// AssertionType (RFC 7523 section 2.2; RFC 7521 section 4.2). It matches
// ErrInvalidRequest.
var ErrUnsupportedAssertionType error = sentinel.New("clientauth: client_assertion_type is not "+AssertionType, ErrInvalidRequest)

// ErrClientMismatch reports an assertion whose "iss" and "sub" are not both
// the client id (RFC 7523 section 3 items 1 and 2; OpenID Connect Core 1.0
// section 9), or a form client_id that is not the assertion's (RFC 7521
// section 4.2). It matches jwt.ErrTokenInvalidClaims.
var ErrClientMismatch error = sentinel.New(`clientauth: "iss" and "sub" are not the client id`, jwt.ErrTokenInvalidClaims)

// ErrAudience reports an "aud" the audience rule refuses (RFC 7523 section 3
// item 3; draft-ietf-oauth-rfc7523bis; see AudienceRule). It matches
// jwt.ErrInvalidAudience.
var ErrAudience error = sentinel.New(`clientauth: "aud" is not this authorization server`, jwt.ErrInvalidAudience)

// ErrLifetime reports an assertion whose "exp" is further ahead than
// Config.MaxLifetime, of now or of its "iat" (RFC 7523 section 3 item 4;
// OpenID Connect Core 1.0 section 9). It matches jwt.ErrTokenInvalidClaims.
var ErrLifetime error = sentinel.New("clientauth: the assertion lives longer than Config.MaxLifetime", jwt.ErrTokenInvalidClaims)

// ErrReplayed reports an assertion whose "jti" this client used before
// (RFC 7523 section 3 item 7; OpenID Connect Core 1.0 section 9). It
// matches replay.ErrReplayed and jwt.ErrTokenInvalidClaims.
var ErrReplayed error = sentinel.New(`clientauth: the assertion's "jti" was used before`, replay.ErrReplayed, jwt.ErrTokenInvalidClaims)

// ErrOtherKind reports a token of another kind presented as a client
// assertion: it carries a claim of an access token, an ID token, a logout
// token or a DPoP proof (RFC 8725 section 3.12). It matches
// jwt.ErrInvalidType and jwt.ErrTokenInvalidClaims.
var ErrOtherKind error = sentinel.New("clientauth: the token is another kind of JWT, not a client assertion",
	jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)

// ErrUnknownClient reports a client Config.ClientKeys gave no key for: its
// error, wrapped (RFC 6749 section 5.2, invalid_client). It matches
// jwt.ErrInvalidKey.
var ErrUnknownClient error = sentinel.New("clientauth: no key for the client", jwt.ErrInvalidKey)

// errNilVerifier reports a nil or zero Verifier: the server's bug, not the
// client's (ErrorCode: server_error).
var errNilVerifier = sentinel.New("clientauth: nil or zero Verifier; use NewVerifier", jwt.ErrInvalidKey)
