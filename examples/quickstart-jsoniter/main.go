// Command quickstart-jsoniter is the README's quick start with the
// json-iterator codec of github.com/jotlib/jwt/jsoniterext: the same tokens
// and verdicts as the default encoding/json, faster.
package main

import (
	"crypto/rand"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jsoniterext"
)

// AccessClaims are the claims of an access token.
type AccessClaims struct {
	claims.Registered
	Roles []string `json:"roles"`
}

func main() {
	enc := jsoniterext.New() // safe for concurrent use; share one
	secret := make([]byte, 32)
	rand.Read(secret) // never fails (Go 1.24 and later)

	signer, err := jwt.NewSigner(jwt.HS256, secret, jwt.WithEncoder(enc))
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := jwt.NewVerifier(secret, jwt.WithEncoder(enc),
		jwt.WithAlgorithms(jwt.HS256), jwt.WithAudience("api"))
	if err != nil {
		log.Fatal(err)
	}
	token, err := signer.Sign(AccessClaims{
		Registered: claims.Registered{
			Subject:   "user-42",
			Audience:  claims.Audience{"api"},
			ExpiresAt: claims.NewNumericDate(time.Now().Add(15 * time.Minute)),
		},
		Roles: []string{"reader", "writer"},
	})
	if err != nil {
		log.Fatal(err)
	}
	var got AccessClaims
	if _, err := verifier.ParseWithClaims(token, &got); err != nil {
		log.Fatal(err)
	}
	fmt.Println("HS256 verified with jsoniter:", got.Subject, got.Roles)

	// The default encoder reads the same token the same way.
	var std AccessClaims
	if _, err := jwt.ParseWithClaims(token, &std, secret, jwt.WithAudience("api")); err != nil {
		log.Fatal(err)
	}
	fmt.Println("HS256 verified with encoding/json:", std.Subject, std.Roles)
}
