package jwthttp

import (
	"fmt"
	"net/http"
	"reflect"
)

// This file exports the pieces of the Middleware a transport other than
// net/http needs (the jwtgrpc module's interceptors): the same extraction
// rules, the same classification of a refusal and its fixed descriptions,
// the same reading of scopes, so no rule is written twice.

// ParseAuthorization returns the one bearer token of an Authorization
// field's values (RFC 6750 section 2.1; gRPC's "authorization" metadata),
// by the rules of Sources.Extract for the header: ErrNoToken when values
// is empty, holds one empty value or one of another scheme alone; an error
// matching ErrInvalidRequest for more than one value (RFC 9110 section
// 11.6.2), two credentials, a tab after the scheme, "Bearer" without a
// token, or anything after the token68. Surrounding SP and HTAB are
// trimmed, as net/http's server does for a header field.
func ParseAuthorization(values []string) (string, error) {
	token, ok, err := fromHeader(http.Header{"Authorization": values})
	switch {
	case err != nil:
		return "", err
	case !ok:
		return "", ErrNoToken
	}
	return token, nil
}

// Classify returns the answer the Middleware gives a request refused with
// err (see Error: RFC 6750 section 3.1's code, its fixed
// error_description, the HTTP status), without realm, scope or
// resource_metadata, which belong to a Middleware's configuration. Its
// Status is 401 with a Challenge without error code for ErrNoToken, 400
// invalid_request, 401 invalid_token (the description chosen by the jwt
// sentinel err matches), 403 insufficient_scope (ErrInsufficientScope,
// ErrForbidden), 503 without Challenge (jwk.ErrFetch, jwk.ErrClosed, an
// ended context), 500 without Challenge (jwt.ErrInvalidOption). A nil err
// is nil.
func Classify(err error) *Error {
	if err == nil {
		return nil
	}
	var zero Middleware[struct{}]
	return zero.refuse(err, noScheme)
}

// RuleCause returns the cause the Middleware gives a Rule's error (RFC
// 6750 section 3.1): err itself when it matches a jwt sentinel of a bad
// token (a 401 invalid_token; wrap jwt.ErrTokenInvalidClaims for a
// revoked token) or an outage (jwk.ErrFetch, jwk.ErrClosed, an ended
// context: a 503), else err wrapped with ErrForbidden (a 403
// insufficient_scope, whatever else err wraps: ErrForbidden is classified
// before ErrNoToken and ErrInvalidRequest). A nil err is nil: the rule let
// the request through.
func RuleCause(err error) error {
	if err == nil {
		return nil
	}
	if _, bad := tokenCause(err); bad || unavailable(err) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrForbidden, err)
}

// HasScopes reports whether granted holds every scope of required (RFC
// 6749 section 3.3: scope-tokens compared exactly, case-sensitive), as
// RequireScopes checks them.
func HasScopes(granted []string, required ...string) bool {
	return !missingScope(granted, required)
}

// GrantedScopes returns the scope-tokens verified claims grant (RFC 6749
// section 3.3; "scope" and "scp", as RequireScopes reads them), and
// whether claims' type reports scopes at all: a Scoped value
// (*accesstoken.Claims, a struct embedding ScopeClaims; a nil pointer
// grants none) or a map[string]any (or a pointer to one). For any other
// type ok is false: a scope requirement on it could never pass.
func GrantedScopes(claims any) (scopes []string, ok bool) {
	switch c := claims.(type) {
	case Scoped:
		if rv := reflect.ValueOf(c); rv.Kind() == reflect.Pointer && rv.IsNil() {
			return nil, true
		}
		return c.Scopes(), true
	case map[string]any:
		return mapScopes(c), true
	case *map[string]any:
		if c == nil {
			return nil, true
		}
		return mapScopes(*c), true
	}
	return nil, false
}
