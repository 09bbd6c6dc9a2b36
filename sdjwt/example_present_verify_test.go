package sdjwt_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"slices"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// An issuer issues a credential bound to the holder's key; the holder
// presents the street only, with a Key Binding JWT for the verifier's
// nonce; the verifier verifies it (RFC 9901 sections 4, 7.2, 7.3).
func Example_presentAndVerify() {
	issuerKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	holderKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)

	// Issuer.
	signer, _ := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithType("example+sd-jwt"))
	issuer, _ := sdjwt.NewIssuer(signer, sdjwt.WithType("example+sd-jwt"), sdjwt.WithHolderKey(&holderKey.PublicKey))
	issued, _, err := issuer.Issue(sdjwt.Object{
		"iss":        "https://issuer.example",
		"given_name": sdjwt.SD("John"),
		"address":    sdjwt.SD(sdjwt.Object{"street": sdjwt.SD("Main St 1"), "country": "DE"}),
	})
	if err != nil {
		panic(err)
	}

	// Holder: select address.street (its parent "address" comes with it).
	credential, err := sdjwt.Parse(issued)
	if err != nil {
		panic(err)
	}
	kbSigner, _ := jwt.NewSigner(jwt.ES256, holderKey, jwt.WithType(sdjwt.KeyBindingType))
	presentation, err := credential.Present([]sdjwt.Path{{"address", "street"}}, &sdjwt.KeyBinding{
		Signer: kbSigner, Audience: "https://verifier.example", Nonce: "1234567890",
	})
	if err != nil {
		panic(err)
	}

	// Verifier: key binding required (the zero Config), typed issuer JWT.
	v, err := sdjwt.NewVerifier(&issuerKey.PublicKey, sdjwt.Config{MaxKeyBindingAge: time.Minute},
		jwt.WithIssuer("https://issuer.example"), jwt.WithType("example+sd-jwt"))
	if err != nil {
		panic(err)
	}
	var got struct {
		GivenName string `json:"given_name"`
		Address   struct {
			Street  string `json:"street"`
			Country string `json:"country"`
		} `json:"address"`
	}
	res, err := v.Verify(context.Background(), presentation,
		sdjwt.Checks{Nonce: "1234567890", Audience: "https://verifier.example"}, &got)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q %q %q\n", got.GivenName, got.Address.Street, got.Address.Country)
	var disclosed []string
	for _, p := range res.Disclosed {
		disclosed = append(disclosed, p.String())
	}
	slices.Sort(disclosed)
	fmt.Println(disclosed, res.KeyBound)
	// Output:
	// "" "Main St 1" "DE"
	// [address address.street] true
}
