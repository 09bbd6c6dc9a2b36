package claimsources_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// twoProviders trusts Claims Providers A and the bank, never the OpenID
// Provider.
func twoProviders(t *testing.T, s *jwtServer) *claimsources.Resolver {
	srcs := []claimsources.Source{{Issuer: issuerA, Key: pub("A")}}
	if s != nil {
		srcs = append(srcs, claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Endpoints: []string{s.URL + "/claims"}})
		return resolver(t, s.Client(), srcs...)
	}
	return resolver(t, nil, srcs...)
}

// TestOIDCCore_5_6_2_SourceSignedByOPKeyRefused: a JWT claiming to be
// Claims Provider A's but signed with the OpenID Provider's key is
// refused: A's keys verify A's JWTs, never the ID token issuer's.
func TestOIDCCore_5_6_2_SourceSignedByOPKeyRefused(t *testing.T) {
	r := twoProviders(t, nil)
	forged := sign(t, "op", `{"iss":"https://a.example.com","phone_number":"+1 555"}`)
	_, err := r.Resolve(context.Background(), refs(`{"phone_number":"src1"}`, `{"src1":{"JWT":"`+forged+`"}}`))
	wantIs(t, err, claimsources.ErrSourceRefused, jwt.ErrSignatureInvalid)
}

// TestOIDCCore_5_6_2_SourceOfUnconfiguredIssuerRefused: a JWT of the
// OpenID Provider itself (its own key, its own "iss"), or of any issuer no
// Source names, or without "iss", is not a Claims Provider's.
func TestOIDCCore_5_6_2_SourceOfUnconfiguredIssuerRefused(t *testing.T) {
	r := twoProviders(t, nil)
	for name, tok := range map[string]string{
		"op":     sign(t, "op", `{"iss":"https://server.example.com","phone_number":"+1 555"}`),
		"no iss": sign(t, "A", `{"phone_number":"+1 555"}`),
	} {
		_, err := r.Resolve(context.Background(), refs(`{"phone_number":"src1"}`, `{"src1":{"JWT":"`+tok+`"}}`))
		if err == nil {
			t.Fatalf("%s: accepted", name)
		}
		wantIs(t, err, claimsources.ErrUnknownSource)
	}
}

// TestOIDCCore_5_6_2_DistributedJWTOfAnotherSourceRefused: the bank's
// endpoint returning Claims Provider A's JWT (valid, signed by A) is
// refused: an endpoint's JWT must carry the issuer of the Source that
// lists the endpoint.
func TestOIDCCore_5_6_2_DistributedJWTOfAnotherSourceRefused(t *testing.T) {
	s := newJWTServer(t, "application/jwt", func() string { return sign(t, "A", `{"iss":"https://a.example.com","payment_info":"x"}`) })
	r := twoProviders(t, s)
	_, err := r.Resolve(context.Background(), refs(`{"payment_info":"src1"}`, `{"src1":{"endpoint":"`+s.URL+`/claims"}}`))
	wantIs(t, err, claimsources.ErrSourceRefused)
	if !errAny(err, jwt.ErrInvalidIssuer, jwt.ErrSignatureInvalid) {
		t.Fatalf("error %v is neither an issuer nor a signature refusal", err)
	}
}

func errAny(err error, targets ...error) bool {
	for _, t := range targets {
		if errors.Is(err, t) {
			return true
		}
	}
	return false
}
