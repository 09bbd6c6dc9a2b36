package jwt_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

const bearerHint = `remove the "Bearer " scheme: pass the token68 only`

// bearerPrefixed is tok as an Authorization header value would carry it, in
// the ways callers paste it (RFC 6750 section 2.1; the scheme is
// case-insensitive, RFC 9110 section 11.1), and the scheme before a
// token without dots.
func bearerPrefixed(tok string) []string {
	return []string{"Bearer " + tok, "bearer " + tok, "BEARER\t" + tok, " Bearer  " + tok, "Bearer abc", "Bearer a.b.c.d"}
}

func wantBearerHint(t *testing.T, what, tok string, err error) {
	t.Helper()
	if !errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), bearerHint) {
		t.Errorf("%s %.20q: %v, want ErrTokenMalformed saying %q", what, tok, err, bearerHint)
	}
}

// TestRFC6750_2_1_TokenStillCarryingBearerIsToldSo_Parse: jwt.Parse, a
// Verifier and ReadUnverified tell the caller to strip the scheme; a token
// failing otherwise is not told about a scheme it does not carry.
func TestRFC6750_2_1_TokenStillCarryingBearerIsToldSo_Parse(t *testing.T) {
	tok := rtSign(t, map[string]any{"sub": "a"})
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Parse(tok); err != nil {
		t.Fatalf("control: %v", err)
	}
	for _, bad := range bearerPrefixed(tok) {
		_, err := jwt.Parse(bad, rtSecret)
		wantBearerHint(t, "Parse", bad, err)
		_, err = v.Parse(bad)
		wantBearerHint(t, "Verifier.Parse", bad, err)
		_, err = jwt.ReadUnverified(bad)
		wantBearerHint(t, "ReadUnverified", bad, err)
	}
	for _, bad := range []string{"Bearerx" + tok, "Bearer", "abc", "Basic " + tok, " " + tok, "x" + tok} {
		_, err := v.Parse(bad)
		if !errors.Is(err, jwt.ErrTokenMalformed) || strings.Contains(err.Error(), "Bearer") {
			t.Errorf("%.20q: %v, want ErrTokenMalformed without the scheme hint", bad, err)
		}
	}
}

// TestRFC6750_2_1_TokenStillCarryingBearerIsToldSo_Profiles: the same
// through accesstoken (RFC 9068) and idtoken (OpenID Connect) Verify.
func TestRFC6750_2_1_TokenStillCarryingBearerIsToldSo_Profiles(t *testing.T) {
	key := ed25519.NewKeyFromSeed([]byte("bearer-scheme-test-seed-32-bytes"))
	now := time.Now()
	reg := claims.Registered{
		Issuer: "https://as.example.com", Subject: "u", Audience: claims.Audience{"https://api.example.com"},
		ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now), ID: "j",
	}
	as, err := accesstoken.NewSigner(jwt.EdDSA, key)
	if err != nil {
		t.Fatal(err)
	}
	at, err := as.Sign(accesstoken.Claims{Registered: reg, ClientID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	av, err := accesstoken.NewVerifier(key.Public(), accesstoken.Config{Issuer: reg.Issuer, Audience: reg.Audience[0]})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := av.Verify(context.Background(), at); err != nil {
		t.Fatalf("access token control: %v", err)
	}
	for _, bad := range bearerPrefixed(at) {
		_, err := av.Verify(context.Background(), bad)
		wantBearerHint(t, "accesstoken", bad, err)
	}

	is, err := idtoken.NewSigner(jwt.EdDSA, key)
	if err != nil {
		t.Fatal(err)
	}
	idReg := reg
	idReg.Audience = claims.Audience{"client"}
	it, err := is.Sign(idtoken.Claims{Registered: idReg})
	if err != nil {
		t.Fatal(err)
	}
	iv, err := idtoken.NewVerifier(key.Public(), idtoken.Config{Issuer: reg.Issuer, ClientID: "client"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := iv.Verify(context.Background(), it, idtoken.Checks{}); err != nil {
		t.Fatalf("ID token control: %v", err)
	}
	for _, bad := range bearerPrefixed(it) {
		_, err := iv.Verify(context.Background(), bad, idtoken.Checks{})
		wantBearerHint(t, "idtoken", bad, err)
	}
}
