package main

import (
	"encoding/json"
	"net/http"

	"github.com/jotlib/jwt/jwthttp"
)

// me answers GET /api/me with the caller's subject and tenant.
func me(w http.ResponseWriter, r *http.Request) {
	c, ok := jwthttp.ClaimsFrom[*accessClaims](r.Context())
	if !ok {
		http.Error(w, "no claims", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"sub": c.Subject, "tenant": c.Tenant})
}
