package main

import (
	"net/http"
	"strconv"

	"github.com/jotlib/jwt"
)

// profileHandler answers with a little of the caller's verified claims.
func profileHandler(w http.ResponseWriter, r *http.Request) {
	c, ok := ClaimsFrom(r.Context())
	if !ok {
		http.Error(w, "no claims", http.StatusInternalServerError)
		return
	}
	b := make([]byte, 0, 128)
	b = append(b, `{"sub":`...)
	b = strconv.AppendQuote(b, c.Subject)
	b = append(b, `,"roles":`...)
	b = strconv.AppendInt(b, int64(len(c.Roles)), 10)
	b = append(b, "}\n"...)
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// newMux is the service: /profile behind the token middleware, /healthz open.
func newMux(v *jwt.Verifier) (*http.ServeMux, error) {
	profile, err := RequireToken(v, http.HandlerFunc(profileHandler))
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /profile", profile)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok\n")) })
	return mux, nil
}
