package main

import "github.com/jotlib/jwt/claims"

// AccessClaims are the claims of the service's access tokens.
type AccessClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}
