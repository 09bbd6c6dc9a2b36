package accesstoken_test

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
)

// An authorization server (or a test) mints an access token with claims
// of its own beside RFC 9068's: a type embedding Claims, as VerifyInto
// reads it back.
func ExampleSigner_SignWith() {
	type TenantClaims struct {
		accesstoken.Claims
		Email  string `json:"email"`
		Tenant string `json:"tid"`
	}
	key := ed25519.NewKeyFromSeed([]byte("example-ed25519-seed-of-32-bytes"))
	now := time.Now()

	signer, err := accesstoken.NewSigner(jwt.EdDSA, key)
	if err != nil {
		log.Fatal(err)
	}
	token, err := signer.SignWith(&TenantClaims{
		Claims: accesstoken.Claims{
			Registered: claims.Registered{
				Issuer:    "https://as.example.com",
				Subject:   "5ba552d67",
				Audience:  claims.Audience{"https://api.example.com"},
				ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)),
				IssuedAt:  claims.NewNumericDate(now),
				ID:        "dbe39bf3a3ba4238a513f51d6e1691c4",
			},
			ClientID: "s6BhdRkqt3",
			Scope:    "read",
		},
		Email:  "jane@example.com",
		Tenant: "acme",
	})
	if err != nil {
		log.Fatal(err)
	}

	verifier, err := accesstoken.NewVerifier(key.Public(), accesstoken.Config{
		Issuer: "https://as.example.com", Audience: "https://api.example.com",
	})
	if err != nil {
		log.Fatal(err)
	}
	var got TenantClaims
	if err := verifier.VerifyInto(context.Background(), token, &got); err != nil {
		log.Fatal(err)
	}
	u, _ := jwt.ReadUnverified(token)
	fmt.Println(u.Header.Type, got.Subject, got.Email, got.Tenant)
	// Output: at+jwt 5ba552d67 jane@example.com acme
}
