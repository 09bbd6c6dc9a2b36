package accesstoken_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// A resource server verifies RFC 9068 access tokens and refuses an ID token
// from the same provider.
func Example() {
	key := ed25519.NewKeyFromSeed([]byte("example-ed25519-seed-of-32-bytes"))
	now := time.Now()

	// The authorization server mints an access token ("typ" "at+jwt").
	signer, err := accesstoken.NewSigner(jwt.EdDSA, key)
	if err != nil {
		log.Fatal(err)
	}
	token, err := signer.Sign(accesstoken.Claims{
		Registered: claims.Registered{
			Issuer:    "https://as.example.com",
			Subject:   "user-42",
			Audience:  claims.Audience{"https://api.example.com"},
			ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)),
			IssuedAt:  claims.NewNumericDate(now),
			ID:        "at-1",
		},
		ClientID: "web-app",
		Scope:    "orders:read orders:write",
	})
	if err != nil {
		log.Fatal(err)
	}

	// The resource server verifies it.
	v, err := accesstoken.NewVerifier(key.Public(), accesstoken.Config{
		Issuer:   "https://as.example.com",
		Audience: "https://api.example.com",
	})
	if err != nil {
		log.Fatal(err)
	}
	c, err := v.Verify(context.Background(), token)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Subject, c.ClientID, c.HasScope("orders:read"))

	// An ID token from the same provider is refused.
	ids, _ := idtoken.NewSigner(jwt.EdDSA, key)
	idToken, _ := ids.Sign(idtoken.Claims{Registered: claims.Registered{
		Issuer: "https://as.example.com", Subject: "user-42", Audience: claims.Audience{"https://api.example.com"},
		ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now),
	}})
	_, err = v.Verify(context.Background(), idToken)
	fmt.Println(errors.Is(err, jwt.ErrInvalidType))
	// Output:
	// user-42 web-app true
	// true
}
