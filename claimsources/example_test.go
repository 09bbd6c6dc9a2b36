package claimsources_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// A relying party resolves the Aggregated Claims of OpenID Connect Core
// 1.0 section 5.6.2.1's example: Claims Provider A's JWT, verified with
// A's key (in a real flow, the References come embedded in the claims
// type given to idtoken's VerifyInto).
func Example() {
	cpKey := ed25519.NewKeyFromSeed([]byte("claims-provider-A-seed-32-bytes!"))

	// Claims Provider A signs its claims.
	cp, err := jwt.NewSigner(jwt.EdDSA, cpKey)
	if err != nil {
		log.Fatal(err)
	}
	aggregated, err := cp.Sign(map[string]any{
		"iss":          "https://a.example.com",
		"phone_number": "+1 (310) 123-4567",
	})
	if err != nil {
		log.Fatal(err)
	}

	// The relying party trusts A with A's key only.
	r, err := claimsources.NewResolver(claimsources.Config{Sources: []claimsources.Source{
		{Issuer: "https://a.example.com", Key: cpKey.Public()},
	}})
	if err != nil {
		log.Fatal(err)
	}
	var idClaims struct {
		Sub string `json:"sub"`
		claimsources.References
	}
	payload := `{"sub":"248289761001",
	  "_claim_names":{"phone_number":"src1"},
	  "_claim_sources":{"src1":{"JWT":"` + aggregated + `"}}}`
	if err := json.Unmarshal([]byte(payload), &idClaims); err != nil {
		log.Fatal(err)
	}
	var resolved struct {
		PhoneNumber string `json:"phone_number"`
	}
	if err := r.ResolveInto(context.Background(), idClaims.References, &resolved); err != nil {
		log.Fatal(err)
	}
	fmt.Println(resolved.PhoneNumber)
	// Output: +1 (310) 123-4567
}

// Distributed Claims are fetched only from the endpoints a Source lists,
// and the JWT an endpoint returns must be that Source's.
func ExampleSource_distributed() {
	bankKey := ed25519.NewKeyFromSeed([]byte("claims-provider-bank-seed-32byte"))
	r, err := claimsources.NewResolver(claimsources.Config{Sources: []claimsources.Source{{
		Issuer:    "https://bank.example.com",
		Key:       bankKey.Public(),
		Endpoints: []string{"https://bank.example.com/claim_source"},
	}}})
	if err != nil {
		log.Fatal(err)
	}
	// An endpoint the bank's Source does not list is never contacted.
	_, err = r.Resolve(context.Background(), claimsources.References{
		ClaimNames:   json.RawMessage(`{"payment_info":"src1"}`),
		ClaimSources: json.RawMessage(`{"src1":{"endpoint":"https://evil.example.net/claims"}}`),
	})
	fmt.Println(err != nil && errors.Is(err, claimsources.ErrEndpointNotAllowed))
	// Output: true
}
