package idtoken_test

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// An identity provider (or a test) mints an ID token with standard claims
// of OpenID Connect Core 1.0 section 5.1: a type embedding Claims, as
// VerifyInto reads it back.
func ExampleSigner_SignWith() {
	type EmailClaims struct {
		idtoken.Claims
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
	}
	key := ed25519.NewKeyFromSeed([]byte("example-ed25519-seed-of-32-bytes"))
	now := time.Now()

	signer, err := idtoken.NewSigner(jwt.EdDSA, key)
	if err != nil {
		log.Fatal(err)
	}
	token, err := signer.SignWith(&EmailClaims{
		Claims: idtoken.Claims{
			Registered: claims.Registered{
				Issuer:    "https://accounts.example.com",
				Subject:   "248289761001",
				Audience:  claims.Audience{"s6BhdRkqt3"},
				ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)),
				IssuedAt:  claims.NewNumericDate(now),
			},
			Nonce: "n-0S6_WzA2Mj",
		},
		Email:         "jane@example.com",
		EmailVerified: true,
	})
	if err != nil {
		log.Fatal(err)
	}

	verifier, err := idtoken.NewVerifier(key.Public(), idtoken.Config{
		Issuer: "https://accounts.example.com", ClientID: "s6BhdRkqt3",
	})
	if err != nil {
		log.Fatal(err)
	}
	var got EmailClaims
	if err := verifier.VerifyInto(context.Background(), token, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}, &got); err != nil {
		log.Fatal(err)
	}
	fmt.Println(got.Subject, got.Email, got.EmailVerified)
	// Output: 248289761001 jane@example.com true
}
