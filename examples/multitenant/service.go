package main

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// service is the multi-tenant API: it accepts each tenant's tokens only
// with that tenant's keys (a jwk.Issuers as the Verifier's key).
type service struct {
	verifier *jwt.Verifier
}

// ServeHTTP answers 200 with the tenant and subject of a verified bearer
// token, or 401 with the error's class.
func (s *service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// The scheme is case-insensitive (RFC 9110 section 11.1).
	scheme, bearer, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || bearer == "" {
		http.Error(w, "no bearer token", http.StatusUnauthorized)
		return
	}
	var c claims.Registered
	// The request's context bounds any discovery or key fetch.
	if _, err := s.verifier.ParseWithClaimsContext(r.Context(), bearer, &c); err != nil {
		http.Error(w, class(err), http.StatusUnauthorized)
		return
	}
	fmt.Fprintf(w, "tenant %s, subject %s", c.Issuer, c.Subject)
}

// class names an error by the sentinels a caller would check.
func class(err error) string {
	for _, c := range []struct {
		err  error
		name string
	}{
		{jwt.ErrInvalidIssuer, "ErrInvalidIssuer"},
		{jwt.ErrSignatureInvalid, "ErrSignatureInvalid"},
		{jwt.ErrAlgorithmNotAllowed, "ErrAlgorithmNotAllowed"},
	} {
		if errors.Is(err, c.err) {
			return c.name
		}
	}
	if errors.Is(err, jwt.ErrInvalidKey) {
		return "ErrInvalidKey: " + err.Error()
	}
	return err.Error()
}
