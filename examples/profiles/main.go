// Command profiles verifies the two token profiles: an RFC 9068 access token
// at a resource server, and an OpenID Connect ID token at a relying party;
// each refuses the other kind. Keys and tokens are made in the program.
package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

func main() {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	now, ctx := time.Now(), context.Background()
	reg := claims.Registered{Issuer: "https://idp.example", Subject: "user-42",
		ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now), ID: "t-1"}

	// A resource server accepts access tokens for its audience only.
	atSigner, err := accesstoken.NewSigner(jwt.EdDSA, priv)
	if err != nil {
		log.Fatal(err)
	}
	at := reg
	at.Audience = claims.Audience{"https://api.example"}
	access, err := atSigner.Sign(accesstoken.Claims{Registered: at, ClientID: "web", Scope: "orders:read"})
	if err != nil {
		log.Fatal(err)
	}
	api, err := accesstoken.NewVerifier(pub, accesstoken.Config{Issuer: "https://idp.example", Audience: "https://api.example"})
	if err != nil {
		log.Fatal(err)
	}
	c, err := api.Verify(ctx, access)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("access token:", c.Subject, c.ClientID, c.HasScope("orders:read"))

	// A relying party accepts ID tokens for its client id, with its nonce.
	idSigner, err := idtoken.NewSigner(jwt.EdDSA, priv)
	if err != nil {
		log.Fatal(err)
	}
	it := reg
	it.Audience = claims.Audience{"web"}
	id, err := idSigner.Sign(idtoken.Claims{Registered: it, Nonce: "n-1"})
	if err != nil {
		log.Fatal(err)
	}
	rp, err := idtoken.NewVerifier(pub, idtoken.Config{Issuer: "https://idp.example", ClientID: "web"})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := rp.Verify(ctx, id, idtoken.Checks{Nonce: "n-1"}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("ID token: verified")

	// Neither is taken for the other (RFC 9068 section 4; "typ").
	if _, err := rp.Verify(ctx, access, idtoken.Checks{}); !errors.Is(err, jwt.ErrInvalidType) {
		log.Fatalf("an access token passed as an ID token: %v", err)
	}
	if _, err := api.Verify(ctx, id); !errors.Is(err, jwt.ErrInvalidType) {
		log.Fatalf("an ID token passed as an access token: %v", err)
	}
	fmt.Println("each kind refused as the other")
}
