package main

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwthttp"
)

// refresh answers POST /refresh for a client whose access token expired:
// it reads the expired token's verified "sub" (a real service would start
// a refresh grant for it). golang-jwt:
//
//	tok, err := parser.ParseWithClaims(raw, &accessClaims{}, k.Keyfunc)
//	if errors.Is(err, jwt.ErrTokenExpired) {
//		sub, _ := tok.Claims.GetSubject()
//		...
//	}
//
// Ported: the verified-but-refused token is in the *jwt.ValidationError
// (errors.As); only a token whose signature verified gives one. Unlike the
// golang-jwt code it replaces, a token that is expired and also breaks
// another rule (wrong audience, unknown tenant) is refused.
func (s *service) refresh(w http.ResponseWriter, r *http.Request) {
	raw, err := jwthttp.Sources{}.Extract(r) // RFC 6750 section 2.1
	if err != nil {
		refuseExtraction(w, r, err)
		return
	}
	var c accessClaims
	_, err = s.verifier.ParseWithClaimsContext(r.Context(), raw, &c)
	if err == nil {
		http.Error(w, "token still valid", http.StatusBadRequest)
		return
	}
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) || !onlyExpired(ve.Err) {
		refuse(w, r, http.StatusUnauthorized, "invalid_token", "the token is invalid", err)
		return
	}
	expired := ve.Token.Claims.(*accessClaims)
	if err := expired.Validate(); err != nil { // not run for a token already refused
		refuse(w, r, http.StatusForbidden, "insufficient_scope", "the token's tenant is not served here", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"sub": ve.Token.Registered().Subject})
}

// onlyExpired reports whether every rule err reports is "exp".
func onlyExpired(err error) bool {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			if !onlyExpired(e) {
				return false
			}
		}
		return true
	}
	return errors.Is(err, jwt.ErrTokenExpired)
}
