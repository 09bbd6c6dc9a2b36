package sdjwt_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// An issuer makes an SD-JWT (RFC 9901 section 4) bound to the holder's key:
// given_name, the address, its street and one nationality are selectively
// disclosable, iss and the other nationality are in plaintext.
func ExampleIssuer_Issue() {
	issuerKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	holderKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	signer, err := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithType("example+sd-jwt"))
	if err != nil {
		panic(err)
	}
	issuer, err := sdjwt.NewIssuer(signer,
		sdjwt.WithType("example+sd-jwt"),
		sdjwt.WithHolderKey(holderKey.Public()),
		sdjwt.WithDecoys(1, 3))
	if err != nil {
		panic(err)
	}
	issued, disclosures, err := issuer.Issue(sdjwt.Object{
		"iss":           "https://issuer.example.com",
		"given_name":    sdjwt.SD("John"),
		"address":       sdjwt.SD(sdjwt.Object{"street_address": sdjwt.SD("123 Main St"), "country": "US"}),
		"nationalities": sdjwt.Array{sdjwt.SD("US"), "DE"},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("ends with ~:", strings.HasSuffix(issued, "~"))
	for _, d := range disclosures {
		if d.IsArrayElement {
			fmt.Printf("array element %s\n", d.Value)
		} else if d.Name == "address" {
			fmt.Printf("%s: an object with its own _sd\n", d.Name) // nested (section 4.2.6)
		} else {
			fmt.Printf("%s: %s\n", d.Name, d.Value)
		}
	}
	// Output:
	// ends with ~: true
	// street_address: "123 Main St"
	// address: an object with its own _sd
	// given_name: "John"
	// array element "US"
}
