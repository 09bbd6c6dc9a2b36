package claimsources_test

import (
	"context"
	"testing"

	"github.com/jotlib/jwt/claimsources"
)

// TestOIDCCore_5_6_2_AuthenticationClaimsReserved: a Claims Provider may
// not stand for the claims that say how the End-User authenticated and to
// whom the token was issued (OpenID Connect Core 1.0 section 2: azp, acr,
// amr, auth_time, sid, nonce, at_hash, c_hash; RFC 7800 cnf; RFC 9901 _sd,
// _sd_alg; SET events), nor for a registered claim: _claim_names naming
// one is ErrMalformedReferences, before any source is verified, so that
// ResolveInto can never overwrite them.
func TestOIDCCore_5_6_2_AuthenticationClaimsReserved(t *testing.T) {
	r := resolver(t, nil, claimsources.Source{Issuer: issuerBank, Key: pub("bank")})
	for _, name := range []string{
		"azp", "acr", "amr", "auth_time", "sid", "nonce", "at_hash", "c_hash",
		"cnf", "_sd", "_sd_alg", "events",
		"iss", "sub", "aud", "exp", "nbf", "iat", "jti",
	} {
		jwt := sign(t, "bank", `{"iss":"https://bank.example.com","address":"x"}`)
		var dst map[string]any
		err := r.ResolveInto(context.Background(), refs(`{"`+name+`":"src1"}`, `{"src1":{"JWT":"`+jwt+`"}}`), &dst)
		wantIs(t, err, claimsources.ErrMalformedReferences)
		if _, ok := dst[name]; ok {
			t.Errorf("%s: resolved into dst", name)
		}
	}
	// An ordinary claim of the same source still resolves.
	jwt := sign(t, "bank", `{"iss":"https://bank.example.com","address":"1 Main St"}`)
	var dst map[string]any
	if err := r.ResolveInto(context.Background(), refs(`{"address":"src1"}`, `{"src1":{"JWT":"`+jwt+`"}}`), &dst); err != nil || dst["address"] != "1 Main St" {
		t.Fatalf("address: %v, %v", dst, err)
	}
}
