// Command sdjwt runs one SD-JWT (RFC 9901) from end to end: an issuer issues
// a credential bound to the holder's key, the holder discloses two of its
// claims with a Key Binding JWT for the verifier's nonce, and the verifier
// verifies it. Keys are made in the program.
package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"log"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

func main() {
	issuerKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	holderKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)

	// Issuer: the Signer writes "typ" (explicit typing, section 9.11); "cnf" names the holder's key.
	signer, err := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithType("example+sd-jwt"))
	if err != nil {
		log.Fatal(err)
	}
	issuer, err := sdjwt.NewIssuer(signer, sdjwt.WithType("example+sd-jwt"), sdjwt.WithHolderKey(&holderKey.PublicKey))
	if err != nil {
		log.Fatal(err)
	}
	issued, _, err := issuer.Issue(sdjwt.Object{
		"iss":           "https://issuer.example",
		"given_name":    sdjwt.SD("Erika"),
		"address":       sdjwt.SD(sdjwt.Object{"street": sdjwt.SD("Heidestr. 17"), "country": "DE"}),
		"nationalities": sdjwt.Array{sdjwt.SD("DE"), sdjwt.SD("FR")},
	})
	if err != nil {
		log.Fatal(err)
	}

	// Holder: disclose the street (its parent "address" comes with it) and the first nationality,
	// with a KB-JWT whose Signer writes "typ" kb+jwt.
	credential, err := sdjwt.Parse(issued)
	if err != nil {
		log.Fatal(err)
	}
	kbSigner, err := jwt.NewSigner(jwt.ES256, holderKey, jwt.WithType(sdjwt.KeyBindingType))
	if err != nil {
		log.Fatal(err)
	}
	nonce := "n-0S6_WzA2Mj" // the verifier's, for this transaction
	presentation, err := credential.Present([]sdjwt.Path{{"address", "street"}, {"nationalities", 0}},
		&sdjwt.KeyBinding{Signer: kbSigner, Audience: "https://verifier.example", Nonce: nonce})
	if err != nil {
		log.Fatal(err)
	}

	// Verifier: Config{} requires key binding; the options are the core's, for the issuer JWT.
	v, err := sdjwt.NewVerifier(&issuerKey.PublicKey, sdjwt.Config{},
		jwt.WithIssuer("https://issuer.example"), jwt.WithType("example+sd-jwt"))
	if err != nil {
		log.Fatal(err)
	}
	var claims struct {
		GivenName     string `json:"given_name"` // not disclosed: stays ""
		Address       struct{ Street, Country string }
		Nationalities []string `json:"nationalities"`
	}
	res, err := v.Verify(context.Background(), presentation,
		sdjwt.Checks{Nonce: nonce, Audience: "https://verifier.example"}, &claims)
	if err != nil {
		log.Fatal(err)
	}
	if claims.GivenName != "" || claims.Address.Street != "Heidestr. 17" || len(claims.Nationalities) != 1 || !res.KeyBound {
		log.Fatalf("unexpected result: %+v", claims)
	}
	fmt.Printf("verified: street %q, nationalities %v, disclosed %v\n", claims.Address.Street, claims.Nationalities, res.Disclosed)
}
