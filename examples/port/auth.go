package main

import (
	"errors"
	"net/http"

	"github.com/jotlib/jwt/jwthttp"
)

// requireToken lets a request through with a valid bearer token only; its
// claims reach next in the request's context (jwthttp.ClaimsFrom).
// golang-jwt:
//
//	raw := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
//	var c accessClaims
//	tok, err := parser.ParseWithClaims(raw, &c, k.Keyfunc)
//	if err != nil || !tok.Valid { ... 401 ... }
//
// Ported: the jwthttp middleware over the verifier (jwthttp.Core), which
// extracts the token (RFC 6750 section 2.1), verifies it with the request's
// context (bounding a key fetch) and answers refusals as RFC 6750 section 3
// says: 401 without error code when there is no token, 401 invalid_token
// for a bad one, 400 invalid_request for a malformed request.
func (s *service) requireToken(next http.Handler) (http.Handler, error) {
	mw, err := jwthttp.New(jwthttp.Core[accessClaims](s.verifier),
		jwthttp.WithRealm(realm), jwthttp.WithErrorHandler(writeError))
	if err != nil {
		return nil, err
	}
	return mw.Handler(next), nil
}

// realm is the challenges' realm (RFC 6750 section 3).
const realm = "api"

// writeError is jwthttp.WriteError, except for a token that Validate's
// tenant check refused: the token is genuine but does not grant access to
// this service, a 403 insufficient_scope (RFC 6750 section 3.1) rather
// than the 401 invalid_token of a bad token.
func writeError(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
	if errors.Is(e, errUnknownTenant) && e.Challenge != nil {
		c := *e.Challenge
		c.Error, c.Description = "insufficient_scope", "the token's tenant is not served here"
		e = &jwthttp.Error{Status: http.StatusForbidden, Challenge: &c, Cause: e.Cause}
	}
	jwthttp.WriteError(w, r, e)
}

// refuse answers a request the refresh endpoint refuses (RFC 6750 section
// 3): status, with the error code and fixed description given ("" for a
// request without a token, which gets no error code).
func refuse(w http.ResponseWriter, r *http.Request, status int, code, description string, cause error) {
	jwthttp.WriteError(w, r, &jwthttp.Error{Status: status, Cause: cause,
		Challenge: &jwthttp.Challenge{Realm: realm, Error: code, Description: description}})
}

// refuseExtraction answers a request whose token could not be extracted
// (jwthttp.Sources.Extract): 401 without error code when it carried none,
// 400 invalid_request when it was malformed (RFC 6750 section 3.1).
func refuseExtraction(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, jwthttp.ErrInvalidRequest) {
		refuse(w, r, http.StatusBadRequest, "invalid_request", "the request is malformed", err)
		return
	}
	refuse(w, r, http.StatusUnauthorized, "", "", err)
}
