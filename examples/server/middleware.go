package main

import (
	"context"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwthttp"
)

// ClaimsFrom returns the verified claims RequireToken placed in ctx.
func ClaimsFrom(ctx context.Context) (*AccessClaims, bool) {
	return jwthttp.ClaimsFrom[*AccessClaims](ctx)
}

// RequireToken is middleware that lets a request through only with a valid
// bearer token (RFC 6750 section 2.1), verified by v; the claims reach next
// through the request's context (see ClaimsFrom). The jwthttp middleware
// answers a refusal as RFC 6750 section 3 says: 401 with a challenge
// without error code when there is no token, 401 error="invalid_token" for
// a bad one, 400 invalid_request for a malformed request; it never echoes
// the token or the detailed reason. A nil v is jwt.ErrInvalidOption.
func RequireToken(v *jwt.Verifier, next http.Handler) (http.Handler, error) {
	mw, err := jwthttp.New(jwthttp.Core[AccessClaims](v), jwthttp.WithRealm("api"))
	if err != nil {
		return nil, err
	}
	return mw.Handler(next), nil
}
