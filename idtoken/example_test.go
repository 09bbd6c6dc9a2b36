package idtoken_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// A relying party verifies an ID token against the nonce it sent and the
// access token it received with it (at_hash).
func Example() {
	key := ed25519.NewKeyFromSeed([]byte("example-ed25519-seed-of-32-bytes"))
	now := time.Now()
	const accessToken = "SlAV32hkKG"

	// The identity provider mints the ID token.
	signer, err := idtoken.NewSigner(jwt.EdDSA, key)
	if err != nil {
		log.Fatal(err)
	}
	atHash, err := idtoken.LeftHalfHash(signer.Algorithm(), accessToken)
	if err != nil {
		log.Fatal(err)
	}
	token, err := signer.Sign(idtoken.Claims{
		Registered: claims.Registered{
			Issuer:    "https://accounts.example.com",
			Subject:   "user-42",
			Audience:  claims.Audience{"my-client"},
			ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)),
			IssuedAt:  claims.NewNumericDate(now),
		},
		Nonce:           "n-0S6_WzA2Mj",
		AccessTokenHash: atHash,
	})
	if err != nil {
		log.Fatal(err)
	}

	// The relying party verifies it.
	v, err := idtoken.NewVerifier(key.Public(), idtoken.Config{
		Issuer:   "https://accounts.example.com",
		ClientID: "my-client",
	})
	if err != nil {
		log.Fatal(err)
	}
	c, err := v.Verify(context.Background(), token, idtoken.Checks{Nonce: "n-0S6_WzA2Mj", AccessToken: accessToken})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Subject)

	// A replayed token from another login (another nonce) is refused.
	_, err = v.Verify(context.Background(), token, idtoken.Checks{Nonce: "another-nonce"})
	fmt.Println(errors.Is(err, idtoken.ErrInvalidNonce))
	// Output:
	// user-42
	// true
}
