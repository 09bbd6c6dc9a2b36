package main

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/jotlib/jwt"
)

type claimsKey struct{}

// requireToken lets a request through with a valid bearer token only; its
// claims reach next in the request's context. golang-jwt:
//
//	var c accessClaims
//	tok, err := parser.ParseWithClaims(raw, &c, k.Keyfunc)
//	if err != nil || !tok.Valid { ... 401 ... }
//
// Ported: ParseWithClaimsContext (the request's context bounds a key
// fetch); a nil error is a valid token.
func (s *service) requireToken(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, ok := bearer(r)
		if !ok {
			deny(w, http.StatusUnauthorized, "missing bearer token")
			return
		}
		var c accessClaims
		if _, err := s.verifier.ParseWithClaimsContext(r.Context(), raw, &c); err != nil {
			if errors.Is(err, errUnknownTenant) { // Validate's own error, wrapped
				deny(w, http.StatusForbidden, "unknown tenant")
				return
			}
			reason := "invalid token"
			if errors.Is(err, jwt.ErrTokenExpired) {
				reason = "token expired"
			}
			deny(w, http.StatusUnauthorized, reason)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), claimsKey{}, &c)))
	})
}

// bearer reads "Authorization: Bearer <token>" (golang-jwt's
// request.BearerExtractor); the scheme is case-insensitive (RFC 9110
// section 11.1).
func bearer(r *http.Request) (string, bool) {
	scheme, raw, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || raw == "" {
		return "", false
	}
	return raw, true
}

// deny answers a refused request without echoing the token or the reason's
// details (RFC 6750 section 3).
func deny(w http.ResponseWriter, status int, reason string) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="api", error="invalid_token"`)
	http.Error(w, reason, status)
}
