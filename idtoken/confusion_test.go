package idtoken_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/profiletest"
)

// accessTokenFor is an RFC 9068 access token from the same issuer and key,
// made by accesstoken's Signer ("typ" "at+jwt"), for the audience aud.
func accessTokenFor(t *testing.T, aud string) string {
	t.Helper()
	s, err := accesstoken.NewSigner(jwt.EdDSA, idKey)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(accesstoken.Claims{
		Registered: claims.Registered{
			Issuer: idIssuer, Subject: "248289761001", Audience: claims.Audience{aud},
			ExpiresAt: claims.NewNumericDate(idNow.Add(time.Hour)), IssuedAt: claims.NewNumericDate(idNow.Add(-time.Minute)), ID: "at-1",
		},
		ClientID: idClient,
		Scope:    "openid profile",
	})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// RFC 9068 section 2.1 ("at+jwt" declares "that the JWT represents an
// access token") and RFC 8725 section 3.11: an access token is refused as
// an ID token on every path: Verify and VerifyInto, with or without
// Checks, with a static key, a KeyFunc and a jwk.Set, even when its
// audience is the client's own and its claims are all an ID token needs
// (jwt.ErrInvalidType, not a claims error).
func TestRFC9068_2_1_AccessTokenRefusedAsIDToken(t *testing.T) {
	tokens := map[string]string{
		"for the client":              accessTokenFor(t, idClient),
		"for an API":                  accessTokenFor(t, "https://api.example.com"),
		"application/at+jwt, a nonce": idRaw(t, "application/at+jwt", idClaimsMap()),
		"AT+JWT":                      idRaw(t, "AT+JWT", idClaimsMap()),
	}
	for name, tok := range tokens {
		for _, key := range profiletest.Keys(t, idKey.Public().(ed25519.PublicKey)) {
			v, err := idtoken.NewVerifier(key.Key, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
			if err != nil {
				t.Fatal(err)
			}
			for checksName, checks := range map[string]idtoken.Checks{"no checks": {}, "nonce": {Nonce: "n-0S6_WzA2Mj"}} {
				label := name + "/" + key.Name + "/" + checksName
				got, err := v.Verify(idCtx, tok, checks)
				if got != nil || !errors.Is(err, jwt.ErrInvalidType) {
					t.Errorf("%s: Verify: %v, want ErrInvalidType", label, err)
				}
				var ve *jwt.ValidationError
				if !errors.As(err, &ve) {
					t.Errorf("%s: not a *jwt.ValidationError: %v", label, err)
				}
				var dst emailClaims
				if err := v.VerifyInto(idCtx, tok, checks, &dst); !errors.Is(err, jwt.ErrInvalidType) || dst.Subject != "" {
					t.Errorf("%s: VerifyInto: %v, %+v", label, err, dst)
				}
			}
		}
	}
	// Only an access token from the client's own audience with the claims
	// of an ID token would pass the claims; the "typ" alone refuses it, so
	// the error is the header's only.
	_, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, "at+jwt", idClaimsMap()), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
	idRefused(t, err, jwt.ErrInvalidType)
	if errors.Is(err, jwt.ErrTokenInvalidClaims) {
		t.Errorf("a typ-only refusal matches ErrTokenInvalidClaims: %v", err)
	}
}

// RFC 8725 section 3.11 ("explicit typing"): an ID token's "typ", when
// present, is "JWT" (RFC 7519 section 5.1), compared as a media type;
// other kinds of JWT ("logout+jwt", OpenID Connect Back-Channel Logout 1.0
// section 2.4; "secevent+jwt", RFC 8417) are refused.
func TestRFC8725_3_11_IDTokenTyp(t *testing.T) {
	v := idVerifier(t, nil)
	for _, typ := range []string{"", "JWT", "jwt", "application/jwt", "Application/JWT"} {
		if _, err := v.Verify(idCtx, idRaw(t, typ, idClaimsMap()), idtoken.Checks{}); err != nil {
			t.Errorf("typ %q: %v", typ, err)
		}
	}
	for _, typ := range []string{"logout+jwt", "secevent+jwt", "dpop+jwt", "JOSE", "text/jwt", "JWT ", "application/at+jwt"} {
		_, err := v.Verify(idCtx, idRaw(t, typ, idClaimsMap()), idtoken.Checks{})
		idRefused(t, err, jwt.ErrInvalidType)
	}
}

// RFC 8725 section 3.11: the "typ" rule is the jwt package's, checked with
// the registered claims, so neither the "azp" policy nor a caller's
// jwt.WithValidator check sees an access token; both run for an ID token.
func TestRFC8725_3_11_TypCheckedBeforeAZPAndCallersValidator(t *testing.T) {
	azp, checks := 0, 0
	v := idVerifier(t, func(c *idtoken.Config) {
		c.AZP = func(c *idtoken.Claims, clientID string) error { azp++; return idtoken.DefaultAZP(c, clientID) }
	}, jwt.WithValidator(func(context.Context, *jwt.Token) error { checks++; return nil }))
	_, err := v.Verify(idCtx, accessTokenFor(t, idClient), idtoken.Checks{})
	idRefused(t, err, jwt.ErrInvalidType)
	if azp != 0 || checks != 0 {
		t.Errorf("for an access token: the azp policy ran %d times, the caller's check %d times", azp, checks)
	}
	if _, err := v.Verify(idCtx, idRaw(t, "JWT", idClaimsMap()), idtoken.Checks{}); err != nil || azp != 1 || checks != 1 {
		t.Errorf("ID token: %v; azp policy %d calls, caller's check %d calls", err, azp, checks)
	}
}

// OpenID Connect Core 1.0 section 2 defines no "typ" for ID tokens: the
// Signer writes "JWT" (RFC 7519 section 5.1), another spelling of it, or
// none (jwt.WithType(""), RFC 7515 section 4.1.9: OPTIONAL) when asked,
// and each verifies. A "typ" of another kind of token ("at+jwt") is
// refused with jwt.ErrInvalidOption (RFC 8725 section 3.11), never
// silently replaced.
func TestOIDCCore_2_SignerTyp(t *testing.T) {
	for name, c := range map[string]struct {
		opts []jwt.Option
		typ  string
	}{
		"default":                   {nil, "JWT"},
		"WithType(JWT)":             {[]jwt.Option{jwt.WithType("JWT")}, "JWT"},
		"WithType(application/jwt)": {[]jwt.Option{jwt.WithType("application/jwt")}, "application/jwt"},
		"WithType(none)":            {[]jwt.Option{jwt.WithType("")}, ""},
	} {
		tok := idSign(t, idClaims(), c.opts...)
		u, err := jwt.ReadUnverified(tok)
		if err != nil {
			t.Fatal(err)
		}
		if _, has := u.Header.Get("typ"); u.Header.Type != c.typ || has != (c.typ != "") {
			t.Errorf("%s: typ %q (present %v), want %q", name, u.Header.Type, has, c.typ)
		}
		if _, err := idVerifier(t, nil).Verify(idCtx, tok, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, typ := range []string{"at+jwt", "application/at+jwt", "logout+jwt", "JOSE"} {
		s, err := idtoken.NewSigner(jwt.EdDSA, idKey, jwt.WithType(typ))
		if !errors.Is(err, jwt.ErrInvalidOption) || s != nil {
			t.Errorf("WithType(%q): %v, want ErrInvalidOption", typ, err)
		}
	}
	// In transition mode an access-token verifier finds no "client_id" or
	// "jti" (RFC 9068 section 2.2) in an ID token; with them, its "nonce"
	// marks it (ErrIDToken).
	av, err := accesstoken.NewVerifier(idKey.Public(), accesstoken.Config{Issuer: idIssuer, Audience: idClient, AllowJWTType: true},
		jwt.WithTimeFunc(idClock))
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]jwt.Option{nil, {jwt.WithType("")}} {
		if _, err := av.Verify(idCtx, idSign(t, idClaims(), opts...)); !errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("as an access token, in transition mode: %v, want ErrMissingClaim", err)
		}
	}
}
