package jwthttp

import (
	"fmt"

	"github.com/jotlib/jwt/internal/sentinel"
)

// ErrInvalidRequest reports a malformed request (RFC 6750 section 3.1 "invalid_request", HTTP 400): two
// Authorization header fields, two credentials in one field, anything after the token68, a token sent by
// two methods, a form token on a GET, a repeated access_token parameter, ... The error's text after
// "invalid_request: " is fixed, human-readable and never echoes the request (fit for error_description).
var ErrInvalidRequest error = sentinel.New("jwthttp: invalid_request")

// ErrNoToken reports a request that carried no access token at all (RFC 6750 section 3.1: the challenge
// then carries no error code). A request whose Authorization field holds another scheme alone (Basic,
// DPoP when the Middleware does not accept DPoP, ...) and no bearer token elsewhere is ErrNoToken too: it
// attempted an unsupported authentication method, and the challenge tells the client which scheme to
// use; so is a bearer token where DPoP is required (ErrDPoPRequired).
var ErrNoToken error = sentinel.New("jwthttp: no bearer token in the request")

// invalid is ErrInvalidRequest with a fixed description (never request data).
func invalid(description string) error {
	return fmt.Errorf("%w: %s", ErrInvalidRequest, description)
}

// ErrNilClaims reports a VerifyFunc that returned nil claims (a nil pointer, map or interface) with a nil
// error: the Middleware refuses the request with 500, no challenge, rather than let unverified claims
// through.
var ErrNilClaims error = sentinel.New("jwthttp: the VerifyFunc returned nil claims with a nil error")
