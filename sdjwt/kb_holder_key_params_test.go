package sdjwt_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/sdjwt"
)

// cnfWith is the "cnf" of pub's JWK with the members of extra added
// ("alg", "use", "key_ops").
func cnfWith(t *testing.T, pub any, extra obj) obj {
	t.Helper()
	k, err := jwk.NewKey(pub, jwk.Params{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := k.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m obj
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for n, v := range extra {
		m[n] = v
	}
	return obj{"jwk": m}
}

// kbSignedWith appends to sd a KB-JWT signed by key with alg.
func kbSignedWith(t *testing.T, sd string, alg jwt.Algorithm, key any) string {
	t.Helper()
	s, err := jwt.NewSigner(alg, key, jwt.WithType(sdjwt.KeyBindingType))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(kbClaims(sd))
	if err != nil {
		t.Fatal(err)
	}
	return sd + tok
}

// holderKeyParamCases are "cnf" JWKs whose "use" or "key_ops" forbid
// verifying (RFC 7517 sections 4.2, 4.3).
func holderKeyParamCases(t *testing.T) map[string]obj {
	return map[string]obj{
		"use enc":         cnfWith(t, &testHolderKey.PublicKey, obj{"use": "enc"}),
		"key_ops encrypt": cnfWith(t, &testHolderKey.PublicKey, obj{"key_ops": []any{"encrypt"}}),
	}
}

func TestRFC7517_4_2_4_3_VerifyRefusesKBJWTTheCnfKeyMayNotVerify(t *testing.T) {
	v := verifier(t, sdjwt.Config{})
	for _, c := range holderKeyParamCases(t) {
		sd := sdJWT(issuerJWT(t, obj{"iss": "https://issuer.example", "cnf": c}))
		refused(t, v, withKB(t, sd), sdjwt.ErrKeyBindingInvalid, sdjwt.ErrHolderKey)
	}
	ok := cnfWith(t, &testHolderKey.PublicKey, obj{"use": "sig", "key_ops": []any{"verify"}, "alg": "ES256"})
	mustVerify(t, v, withKB(t, sdJWT(issuerJWT(t, obj{"cnf": ok}))))
}

func TestRFC7517_4_4_VerifyRefusesKBJWTOfAnAlgOtherThanTheCnfKeys(t *testing.T) {
	rk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	v := verifier(t, sdjwt.Config{})
	sd := sdJWT(issuerJWT(t, obj{"cnf": cnfWith(t, &rk.PublicKey, obj{"alg": "RS256"})}))
	refused(t, v, kbSignedWith(t, sd, jwt.PS256, rk), sdjwt.ErrKeyBindingInvalid, sdjwt.ErrHolderKey)
	mustVerify(t, v, kbSignedWith(t, sd, jwt.RS256, rk))
}

func TestRFC7517_4_2_4_3_PresentRefusesKBJWTTheCnfKeyMayNotVerify(t *testing.T) {
	for name, c := range holderKeyParamCases(t) {
		is := parseIssued(t, sdJWT(issuerJWT(t, obj{"cnf": c})))
		if _, err := is.Present(nil, holderKB(t, testHolderKey, sdjwt.KeyBindingType)); !errors.Is(err, sdjwt.ErrHolderKey) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

func TestRFC9901_7_3_Step5_6_EmptyKBNonceRefusedBeforeVerifyNonce(t *testing.T) {
	called := false
	v := verifier(t, sdjwt.Config{Audience: checks.Audience, VerifyNonce: func(context.Context, string) error {
		called = true
		return nil
	}})
	sd := sdJWT(issuerJWT(t, obj{"cnf": cnf(t)}))
	c := kbClaims(sd)
	c["nonce"] = ""
	_, err := v.Verify(context.Background(), sd+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, c), sdjwt.Checks{}, nil)
	if !errors.Is(err, sdjwt.ErrNonceMismatch) || called {
		t.Errorf("got %v, VerifyNonce called %v", err, called)
	}
}
