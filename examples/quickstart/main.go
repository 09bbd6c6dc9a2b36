// Command quickstart is the README's quick start: an HS256 token signed and
// verified with a shared secret, then EdDSA tokens from a Signer checked by
// one reused Verifier, which refuses a token signed with another key.
package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
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
	c := AccessClaims{
		Registered: claims.Registered{
			Issuer:    "https://auth.example.com",
			Subject:   "user-42",
			Audience:  claims.Audience{"api"},
			ExpiresAt: claims.NewNumericDate(time.Now().Add(15 * time.Minute)),
		},
		Roles: []string{"reader"},
	}

	// HS256: one shared secret of at least 32 bytes signs and verifies.
	secret := make([]byte, 32)
	rand.Read(secret) // never fails (Go 1.24 and later)
	token, err := jwt.Sign(jwt.HS256, c, secret)
	if err != nil {
		log.Fatal(err)
	}
	var got AccessClaims
	if _, err := jwt.ParseWithClaims(token, &got, secret,
		jwt.WithIssuer("https://auth.example.com"), jwt.WithAudience("api")); err != nil {
		log.Fatal(err)
	}
	fmt.Println("HS256 verified:", got.Subject, got.Roles)

	// EdDSA: a Signer holds the private key, a Verifier the public key; both
	// check the key and options once and are safe for concurrent use.
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	signer, err := jwt.NewSigner(jwt.EdDSA, priv, jwt.WithKeyID("key-1"))
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := jwt.NewVerifier(pub, jwt.WithAlgorithms(jwt.EdDSA),
		jwt.WithIssuer("https://auth.example.com"), jwt.WithAudience("api"))
	if err != nil {
		log.Fatal(err)
	}
	for _, sub := range []string{"user-42", "user-43"} {
		c.Subject = sub
		token, err := signer.Sign(c)
		if err != nil {
			log.Fatal(err)
		}
		var got AccessClaims
		if _, err := verifier.ParseWithClaims(token, &got); err != nil {
			log.Fatal(err)
		}
		fmt.Println("EdDSA verified:", got.Subject, got.Roles)
	}

	// A token signed with another key: the signature is checked first.
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	forged, err := jwt.Sign(jwt.EdDSA, c, otherKey)
	if err != nil {
		log.Fatal(err)
	}
	_, err = verifier.ParseWithClaims(forged, &got)
	if !errors.Is(err, jwt.ErrSignatureInvalid) {
		log.Fatalf("forged token: got %v, want ErrSignatureInvalid", err)
	}
	fmt.Println("forged token refused:", err)
}
