package claimsources_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/claimsources"
	"github.com/jotlib/jwt/idtoken"
)

// withSources is an ID token's claims with section 5.6.2's references.
type withSources struct {
	idtoken.Claims
	claimsources.References
}

// TestOIDCCore_5_6_2_FromVerifiedIDToken: References embedded in the
// claims type idtoken's VerifyInto fills carry the verified token's
// "_claim_names" and "_claim_sources"; Claims Provider A's JWT in them
// resolves with A's key, and a JWT signed by the ID token's own issuer
// (the OpenID Provider) under A's name does not.
func TestOIDCCore_5_6_2_FromVerifiedIDToken(t *testing.T) {
	now := time.Now()
	op, err := idtoken.NewSigner(jwt.EdDSA, keyOf("op"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := idtoken.NewVerifier(pub("op"), idtoken.Config{Issuer: opIssuer, ClientID: "client"})
	if err != nil {
		t.Fatal(err)
	}
	r := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	for name, c := range map[string]struct {
		signer string
		ok     bool
	}{"A's key": {"A", true}, "the OP's key": {"op", false}} {
		t.Run(name, func(t *testing.T) {
			agg := sign(t, c.signer, `{"iss":"https://a.example.com","phone_number":"+1 (310) 123-4567"}`)
			tok, err := op.SignWith(&withSources{
				Claims: idtoken.Claims{Registered: claims.Registered{Issuer: opIssuer, Subject: "248289761001",
					Audience: claims.Audience{"client"}, ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now)}},
				References: claimsources.References{
					ClaimNames:   json.RawMessage(`{"phone_number":"src1"}`),
					ClaimSources: json.RawMessage(`{"src1":{"JWT":"` + agg + `"}}`),
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			var got withSources
			if err := v.VerifyInto(context.Background(), tok, idtoken.Checks{}, &got); err != nil {
				t.Fatal(err)
			}
			res, err := r.Resolve(context.Background(), got.References)
			if !c.ok {
				wantIs(t, err, claimsources.ErrSourceRefused, jwt.ErrSignatureInvalid)
				return
			}
			if err != nil || string(res.Claims["phone_number"]) != `"+1 (310) 123-4567"` {
				t.Fatalf("%v %v", res, err)
			}
		})
	}
}
