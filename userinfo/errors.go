package userinfo

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Sentinel errors, matched with errors.Is.
var (
	// ErrResponse: the response is not a UserInfo response that may be used
	// (OpenID Connect Core 1.0 sections 5.3.2 and 5.3.4): a status other
	// than 200 that is not a refusal of the access token, a Content-Type
	// other than application/json or application/jwt, a body that is not
	// one strict JSON object, a JWT that does not verify or whose claims
	// are refused (the jwt error is wrapped too), no "sub", or claims the
	// destination cannot hold.
	ErrResponse error = sentinel.New("userinfo: response refused")
	// ErrBodyTooLarge: the body exceeds Config.MaxBodySize. It also matches
	// ErrResponse.
	ErrBodyTooLarge error = sentinel.New("userinfo: response body too large", ErrResponse)
	// ErrSubjectMismatch: the response's "sub" is not exactly the ID
	// token's (section 5.3.4: "if they do not match, the UserInfo Response
	// values MUST NOT be used"). It also matches ErrResponse and
	// jwt.ErrInvalidSubject.
	ErrSubjectMismatch error = sentinel.New(`userinfo: "sub" is not the ID token's`, ErrResponse, jwt.ErrInvalidSubject)
	// ErrOtherKind: a signed response is another kind of JWT: its claims
	// carry an access token's, a logout token's or an ID token's marker
	// ("nonce", "at_hash", "c_hash", "auth_time", "azp"; RFC 8725 section
	// 3.12). It also matches ErrResponse and
	// jwt.ErrInvalidType; a "typ" of another kind is refused by the core as
	// jwt.ErrInvalidType (with ErrResponse).
	ErrOtherKind error = sentinel.New("userinfo: the signed response is another kind of JWT", ErrResponse, jwt.ErrInvalidType)
	// ErrRefused: the endpoint refused the request (section 5.3.3; RFC 6750
	// section 3): a 401 or 403, or a 400 with a WWW-Authenticate challenge.
	// The error is an *Error with the challenge's error code.
	ErrRefused error = sentinel.New("userinfo: the endpoint refused the access token")
	// ErrInvalidToken: a refusal whose error code is "invalid_token" (RFC
	// 6750 section 3.1: expired, revoked, malformed): get a new access
	// token. It also matches ErrRefused.
	ErrInvalidToken error = sentinel.New("userinfo: invalid_token", ErrRefused)
	// ErrInsufficientScope: a refusal whose error code is
	// "insufficient_scope" (RFC 6750 section 3.1: the access token lacks
	// the "openid" scope, section 5.3). It also matches ErrRefused.
	ErrInsufficientScope error = sentinel.New("userinfo: insufficient_scope", ErrRefused)
	// ErrFetch: the request could not be made or sent, or its answer not
	// read (network, TLS, timeout, context).
	ErrFetch error = sentinel.New("userinfo: request failed")
	// ErrNoEndpoint: no UserInfo Endpoint is known: Config.Endpoint is empty
	// and the provider's discovery document has no "userinfo_endpoint"
	// (OpenID Connect Discovery 1.0 section 3: RECOMMENDED, not required).
	ErrNoEndpoint error = sentinel.New("userinfo: no UserInfo Endpoint")
)

// Error is a refusal by the UserInfo Endpoint (section 5.3.3; RFC 6750
// section 3): the HTTP status and the auth-params of its WWW-Authenticate
// challenge. It matches ErrRefused, and ErrInvalidToken or
// ErrInsufficientScope by Code.
type Error struct {
	// StatusCode is the HTTP status (401, 403 or 400).
	StatusCode int
	// Scheme is the challenge's auth-scheme ("Bearer" or "DPoP"), empty
	// when the response had no WWW-Authenticate challenge.
	Scheme string
	// Code is the challenge's "error" (RFC 6750 section 3.1), e.g.
	// "invalid_token"; empty when absent.
	Code string
	// Description is "error_description" (RFC 6750 section 3), for people,
	// not programs.
	Description string
	// Scope is "scope" (RFC 6750 section 3): the scope the request needs.
	Scope string
}

// Error implements error, quoting the endpoint's words.
func (e *Error) Error() string {
	if e == nil {
		return "userinfo: <nil *Error>"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "userinfo: the endpoint refused the access token: %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	if e.Scheme != "" {
		fmt.Fprintf(&b, ", %s", e.Scheme)
	}
	if e.Code != "" {
		fmt.Fprintf(&b, " error=%q", e.Code)
	}
	if e.Description != "" {
		fmt.Fprintf(&b, " error_description=%q", e.Description)
	}
	if e.Scope != "" {
		fmt.Fprintf(&b, " scope=%q", e.Scope)
	}
	return b.String()
}

// Is matches ErrRefused, and ErrInvalidToken or ErrInsufficientScope by
// Code (RFC 6750 section 3.1).
func (e *Error) Is(target error) bool {
	if e == nil {
		return false
	}
	switch target {
	case ErrRefused:
		return true
	case ErrInvalidToken:
		return e.Code == "invalid_token"
	case ErrInsufficientScope:
		return e.Code == "insufficient_scope"
	}
	return false
}

// refused wraps ErrResponse with a reason.
func refused(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrResponse}, args...)...)
}

// isOurs reports whether err already carries one of this package's
// sentinels.
func isOurs(err error) bool {
	return errors.Is(err, ErrResponse) || errors.Is(err, ErrRefused) || errors.Is(err, ErrFetch)
}
