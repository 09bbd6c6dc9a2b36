package sdjwt_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// What the Issuer issues, with decoys, nesting and a holder key of each
// asymmetric algorithm, the holder presents with a KB-JWT and the Verifier
// accepts, revealing exactly what was selected (RFC 9901 sections 4, 4.3,
// 7.1, 7.3).
func TestRFC9901_4_IssuedByIssuerVerifiedWithKeyBinding(t *testing.T) {
	issuerKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	signer, err := jwt.NewSigner(jwt.ES256, issuerKey, jwt.WithType("example+sd-jwt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519, jwt.PS256, jwt.RS256, jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		if !alg.Available() {
			t.Logf("%s: not available in this Go build", alg)
			continue
		}
		holder, err := privateKey(alg)
		if err != nil {
			t.Fatal(alg, err)
		}
		is, err := sdjwt.NewIssuer(signer, sdjwt.WithType("example+sd-jwt"), sdjwt.WithHolderKey(holder.Public()), sdjwt.WithDecoys(1, 4))
		if err != nil {
			t.Fatal(alg, err)
		}
		issued, _, err := is.Issue(credential())
		if err != nil {
			t.Fatal(alg, err)
		}
		parsed, err := sdjwt.Parse(issued)
		if err != nil {
			t.Fatal(alg, err)
		}
		kbSigner, err := jwt.NewSigner(alg, holder, jwt.WithType("kb+jwt"))
		if err != nil {
			t.Fatal(alg, err)
		}
		pres, err := parsed.Present([]sdjwt.Path{{"address", "street_address"}, {"nationalities", 0}},
			&sdjwt.KeyBinding{Signer: kbSigner, Audience: "https://verifier.example", Nonce: "n-1"})
		if err != nil {
			t.Fatal(alg, err)
		}
		v, err := sdjwt.NewVerifier(issuerKey.Public(), sdjwt.Config{}, jwt.WithType("example+sd-jwt"), jwt.WithIssuer("https://issuer.example.com"))
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		res, err := v.Verify(context.Background(), pres, sdjwt.Checks{Nonce: "n-1", Audience: "https://verifier.example"}, &got)
		if err != nil {
			t.Fatal(alg, err)
		}
		addr, _ := got["address"].(map[string]any)
		nat, _ := got["nationalities"].([]any)
		if !res.KeyBound || addr["street_address"] != "123 Main St" || addr["locality"] != nil || addr["country"] != "US" ||
			len(nat) != 2 || nat[0] != "US" || nat[1] != "DE" || got["given_name"] != nil || got["email"] != nil {
			t.Errorf("%s: %v", alg, got)
		}
		var paths []string
		for _, p := range res.Disclosed {
			paths = append(paths, p.String())
		}
		if s := strings.Join(paths, " "); !strings.Contains(s, "address.street_address") || !strings.Contains(s, "nationalities[0]") || len(paths) != 3 {
			t.Errorf("%s: disclosed %s", alg, s)
		}
	}
}
