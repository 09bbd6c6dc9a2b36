package main

import (
	"encoding/json"
	"net/http"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwthttp"
)

// listItems answers GET /api/items for any valid token.
func listItems(w http.ResponseWriter, r *http.Request) {
	c, _ := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
	writeJSON(w, http.StatusOK, map[string]any{"subject": c.Subject, "items": []string{"apple", "pear"}})
}

// addItem answers POST /api/items for a token granting "items:write".
func addItem(w http.ResponseWriter, r *http.Request) {
	c, _ := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
	writeJSON(w, http.StatusCreated, map[string]any{"subject": c.Subject, "added": true})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
