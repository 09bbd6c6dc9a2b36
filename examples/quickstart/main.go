// Command quickstart signs a token and verifies it, printing both.
package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// AccessClaims are the claims of an access token.
type AccessClaims struct {
	claims.Registered
	Roles []string `json:"roles"`
}

func main() {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	now := time.Now()
	token, err := jwt.Sign(jwt.EdDSA, AccessClaims{
		Registered: claims.Registered{
			Issuer:    "https://auth.example.com",
			Subject:   "user-42",
			Audience:  claims.Audience{"api"},
			ExpiresAt: claims.NewNumericDate(now.Add(15 * time.Minute)),
			IssuedAt:  claims.NewNumericDate(now),
		},
		Roles: []string{"reader"},
	}, priv, jwt.WithKeyID("key-1"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("token:", token)

	var got AccessClaims
	if _, err := jwt.ParseWithClaims(token, &got, pub,
		jwt.WithAudience("api"), jwt.WithIssuer("https://auth.example.com")); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("verified: sub=%s roles=%v expires=%s\n", got.Subject, got.Roles, got.ExpiresAt.Format(time.RFC3339))
}
