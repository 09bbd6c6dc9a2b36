package main

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/jotlib/jwt"
)

type claimsKey struct{}

// ClaimsFrom returns the verified claims RequireToken stored in ctx.
func ClaimsFrom(ctx context.Context) (*AccessClaims, bool) {
	c, ok := ctx.Value(claimsKey{}).(*AccessClaims)
	return c, ok
}

// RequireToken is middleware that lets a request through only with a valid
// bearer token (RFC 6750 section 2.1), verified by v; the claims reach next
// through the request's context (see ClaimsFrom). Failures answer 401 with
// a WWW-Authenticate challenge (RFC 6750 section 3) and never echo the
// token or the detailed reason.
func RequireToken(v *jwt.Verifier, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, ok := bearerToken(r.Header.Get("Authorization"))
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="api"`)
			http.Error(w, "missing bearer token", http.StatusUnauthorized)
			return
		}
		c := new(AccessClaims)
		if _, err := v.ParseWithClaimsContext(r.Context(), tok, c); err != nil {
			desc := "invalid token"
			if errors.Is(err, jwt.ErrTokenExpired) {
				desc = "token expired"
			}
			w.Header().Set("WWW-Authenticate", `Bearer realm="api", error="invalid_token", error_description="`+desc+`"`)
			http.Error(w, desc, http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), claimsKey{}, c)))
	})
}

// bearerToken extracts the token of an "Authorization: Bearer <token>"
// header; the scheme is case-insensitive (RFC 9110 section 11.1).
func bearerToken(h string) (string, bool) {
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimLeft(tok, " ")
	return tok, tok != ""
}
