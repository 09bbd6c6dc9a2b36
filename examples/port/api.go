package main

import (
	"encoding/json"
	"net/http"
)

// me answers GET /api/me with the caller's subject and tenant.
func me(w http.ResponseWriter, r *http.Request) {
	c := r.Context().Value(claimsKey{}).(*accessClaims)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"sub": c.Subject, "tenant": c.Tenant})
}
