package accesstoken_test

import (
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

// idTokenFor is an ID token (OpenID Connect Core 1.0 section 2) from the
// same issuer and key, for the client s6BhdRkqt3, made by idtoken's Signer
// ("typ" "JWT"), with edit applied to its claims.
func idTokenFor(t *testing.T, aud string, edit func(*idtoken.Claims)) string {
	t.Helper()
	c := idtoken.Claims{
		Registered: claims.Registered{
			Issuer:    atIssuer,
			Subject:   "5ba552d67",
			Audience:  claims.Audience{aud},
			ExpiresAt: claims.NewNumericDate(atNow.Add(time.Hour)),
			IssuedAt:  claims.NewNumericDate(atNow.Add(-time.Minute)),
		},
		Nonce: "n-0S6_WzA2Mj",
	}
	if edit != nil {
		edit(&c)
	}
	s, err := idtoken.NewSigner(jwt.EdDSA, atKey)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// RFC 9068 section 5: "The explicit typing required in this profile ...
// helps the resource server to distinguish between JWT access tokens and
// OpenID Connect ID Tokens." An ID token is refused as an access token on
// every path: by its "typ" (RFC 9068 section 4), and, with the transition
// switch on, by the claims only ID tokens carry (ErrIDToken) or the ones
// they lack ("client_id", "jti"), through Verify and VerifyInto, with a
// static key, a KeyFunc and a jwk.Set, even when its audience is the resource
// server's own and it carries "client_id" and "jti".
func TestRFC9068_5_IDTokenRefusedAsAccessToken(t *testing.T) {
	withAT := func(c *idtoken.Claims) { c.ID = "jti-1" } // and client_id below, by map
	cases := []struct {
		name string
		tok  string
		// wantStrict is the strict verifier's verdict; wantTransition the
		// verdict with AllowJWTType.
		wantStrict, wantTransition []error
	}{
		{"ID token for the client", idTokenFor(t, "s6BhdRkqt3", nil),
			[]error{jwt.ErrInvalidType}, []error{jwt.ErrTokenInvalidClaims}},
		{"ID token for the API's audience, with a nonce", idTokenFor(t, atAudience, nil),
			[]error{jwt.ErrInvalidType}, []error{jwt.ErrTokenInvalidClaims}},
		{"ID token with jti, no nonce", idTokenFor(t, atAudience, func(c *idtoken.Claims) { c.Nonce = ""; withAT(c) }),
			[]error{jwt.ErrInvalidType}, []error{jwt.ErrMissingClaim}},
		{"ID token with every access-token claim and a nonce", idTokenLike(t, "JWT", map[string]any{"nonce": "n-0S6_WzA2Mj"}),
			[]error{jwt.ErrInvalidType}, []error{accesstoken.ErrIDToken, jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims}},
		{"ID token with every access-token claim and at_hash", idTokenLike(t, "JWT", map[string]any{"at_hash": "77QmUPtjPfzWtF2AnpK9RQ"}),
			[]error{jwt.ErrInvalidType}, []error{accesstoken.ErrIDToken}},
		{"ID token with every access-token claim and c_hash, no typ", idTokenLike(t, "", map[string]any{"c_hash": "LDktKdoQak3Pk0cnXxCltA"}),
			[]error{jwt.ErrInvalidType}, []error{accesstoken.ErrIDToken}},
		{"ID token with every access-token claim, a nonce, typ jwt", idTokenLike(t, "jwt", map[string]any{"nonce": "n-0S6_WzA2Mj", "at_hash": "x"}),
			[]error{jwt.ErrInvalidType}, []error{accesstoken.ErrIDToken, jwt.ErrInvalidType}},
		{"ID token with every access-token claim, an empty nonce, typ application/jwt", idTokenLike(t, "application/jwt", map[string]any{"nonce": ""}),
			[]error{jwt.ErrInvalidType}, []error{accesstoken.ErrIDToken}},
	}
	for _, c := range cases {
		for _, key := range profiletest.Keys(t, atKey.Public().(ed25519.PublicKey)) {
			for _, mode := range []struct {
				name string
				cfg  accesstoken.Config
				want []error
			}{
				{"strict", atConfig, c.wantStrict},
				{"AllowJWTType", accesstoken.Config{Issuer: atIssuer, Audience: atAudience, AllowJWTType: true}, c.wantTransition},
			} {
				v, err := accesstoken.NewVerifier(key.Key, mode.cfg, atClock)
				if err != nil {
					t.Fatal(err)
				}
				name := c.name + "/" + key.Name + "/" + mode.name
				t.Run(name+"/Verify", func(t *testing.T) {
					got, err := v.Verify(atCtx, c.tok)
					if got != nil {
						t.Errorf("claims returned with an error: %+v", got)
					}
					atRefused(t, err, mode.want...)
				})
				t.Run(name+"/VerifyInto", func(t *testing.T) {
					var dst tenantClaims
					err := v.VerifyInto(atCtx, c.tok, &dst)
					if err == nil {
						t.Fatal("accepted")
					}
					for _, w := range mode.want {
						if !errors.Is(err, w) {
							t.Errorf("error %q does not match %q", err, w)
						}
					}
					if dst.Subject != "" || dst.Tenant != "" {
						t.Errorf("the caller's value was filled by a refused token: %+v", dst)
					}
				})
			}
		}
	}
}

// idTokenLike is an ID token that also carries every claim RFC 9068 section
// 2.2 requires (some providers put "client_id" and "jti" in ID tokens) and
// names the API as an audience, plus extra, under "typ" typ (none when "").
func idTokenLike(t *testing.T, typ string, extra map[string]any) string {
	t.Helper()
	m := atClaimsMap()
	m["aud"] = []string{"s6BhdRkqt3", atAudience}
	m["azp"] = "s6BhdRkqt3"
	for k, v := range extra {
		m[k] = v
	}
	return atRaw(t, typ, m)
}

// RFC 8725 section 3.12 with AllowJWTType: once "typ" no longer tells
// the kinds apart, what marks an ID token is exactly "nonce", "at_hash" or
// "c_hash" (OpenID Connect Core 1.0 sections 2, 3.1.3.6 and 3.3.2.11),
// present and not null, in a token typed "JWT" or untyped. "auth_time",
// "acr", "amr" (RFC 9068 section 2.2.1) and "azp" are claims of both kinds
// and pass.
func TestRFC8725_3_12_WhichClaimsMarkAnIDToken(t *testing.T) {
	v := atVerifier(t, func(c *accesstoken.Config) { c.AllowJWTType = true })
	for _, typ := range []string{"JWT", "application/jwt", ""} {
		for _, name := range []string{"nonce", "at_hash", "c_hash"} {
			for _, value := range []any{"x", ""} {
				m := atClaimsMap()
				m[name] = value
				_, err := v.Verify(atCtx, atRaw(t, typ, m))
				atRefused(t, err, accesstoken.ErrIDToken, jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
			}
			m := atClaimsMap()
			m[name] = nil
			if _, err := v.Verify(atCtx, atRaw(t, typ, m)); err != nil {
				t.Errorf("typ %q, %s null: %v", typ, name, err)
			}
		}
	}
	m := atClaimsMap()
	m["auth_time"] = atNow.Add(-time.Hour).Unix()
	m["acr"] = "urn:mace:incommon:iap:silver"
	m["amr"] = []string{"pwd", "mfa"}
	m["azp"] = "s6BhdRkqt3"
	if _, err := v.Verify(atCtx, atRaw(t, "JWT", m)); err != nil {
		t.Errorf("shared claims: %v", err)
	}
}

// RFC 9068 sections 2.1 and 4, and RFC 8725 section 3.12: a token typed
// "at+jwt" is an access token; the ID-token markers apply only where "typ"
// no longer separates the kinds (AllowJWTType with "JWT" or no "typ"). An
// access token that also carries the request's "nonce" (Keycloak until its
// issue 26893; ZITADEL), "at_hash" or "c_hash" passes, in either mode:
// RFC 9068 section 5 defines no such rule.
func TestRFC9068_4_TypedAccessTokenWithNonceAccepted(t *testing.T) {
	for _, allow := range []bool{false, true} {
		v := atVerifier(t, func(c *accesstoken.Config) { c.AllowJWTType = allow })
		for _, typ := range []string{"at+jwt", "application/at+jwt", "AT+JWT"} {
			m := atClaimsMap()
			m["nonce"] = "n-0S6_WzA2Mj"
			m["at_hash"] = "77QmUPtjPfzWtF2AnpK9RQ"
			m["c_hash"] = "LDktKdoQak3Pk0cnXxCltA"
			c, err := v.Verify(atCtx, atRaw(t, typ, m))
			if err != nil || c.ClientID != "s6BhdRkqt3" {
				t.Errorf("AllowJWTType %v, typ %q: %+v, %v", allow, typ, c, err)
			}
		}
	}
}
