package claimsources_test

import (
	"context"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/claimsources"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/logout"
)

// otherKinds are tokens of other kinds that Claims Provider A itself
// signs with its own key and "iss" (the worst case: only their kind tells
// them apart), each with the error it must be refused with, by a Source
// without Audiences and by one whose Audiences hold their "aud".
func otherKinds(t *testing.T) map[string]struct {
	token          string
	noAud, withAud error
} {
	t.Helper()
	now := time.Now()
	reg := claims.Registered{Issuer: issuerA, Subject: "user", Audience: claims.Audience{"client"},
		ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now), ID: "j1"}
	at, err := accesstoken.NewSigner(jwt.EdDSA, keyOf("A"))
	if err != nil {
		t.Fatal(err)
	}
	atTok, err := at.Sign(accesstoken.Claims{Registered: reg, ClientID: "client", Scope: "openid"})
	if err != nil {
		t.Fatal(err)
	}
	it, err := idtoken.NewSigner(jwt.EdDSA, keyOf("A"))
	if err != nil {
		t.Fatal(err)
	}
	idTok, err := it.Sign(idtoken.Claims{Registered: reg, Nonce: "n-0S6"})
	if err != nil {
		t.Fatal(err)
	}
	lt, err := logout.NewSigner(jwt.EdDSA, keyOf("A"))
	if err != nil {
		t.Fatal(err)
	}
	lReg := reg
	lReg.ExpiresAt, lReg.IssuedAt, lReg.ID = nil, nil, ""
	logoutTok, err := lt.Sign(logout.Claims{Registered: lReg, SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	ca, err := clientauth.NewSigner(jwt.EdDSA, keyOf("A"), issuerA)
	if err != nil {
		t.Fatal(err)
	}
	caTok, err := ca.Assertion("client")
	if err != nil {
		t.Fatal(err)
	}
	untypedLogout := sign(t, "A", `{"iss":"https://a.example.com","aud":"client","x":1,"events":{"http://schemas.openid.net/event/backchannel-logout":{}}}`, jwt.WithType(""))
	return map[string]struct {
		token          string
		noAud, withAud error
	}{
		"access token (at+jwt)":                        {atTok, jwt.ErrInvalidType, jwt.ErrInvalidType},
		"ID token (nonce)":                             {idTok, claimsources.ErrNotClaimsJWT, claimsources.ErrNotClaimsJWT},
		"logout token (logout+jwt)":                    {logoutTok, jwt.ErrInvalidType, jwt.ErrInvalidType},
		"logout token untyped (events)":                {untypedLogout, claimsources.ErrNotClaimsJWT, claimsources.ErrNotClaimsJWT},
		"client assertion (client-authentication+jwt)": {caTok, jwt.ErrInvalidType, jwt.ErrInvalidType},
	}
}

// TestRFC8725_3_11_OtherKindsRefusedAsSourceJWT: an access token, an ID
// token, a logout token and a client assertion of the Claims Provider
// itself are not taken as its claims JWT (RFC 8725 sections 3.11 and
// 3.12): by "typ", by a claim of their kind, or by an "aud" the Source
// does not expect.
func TestRFC8725_3_11_OtherKindsRefusedAsSourceJWT(t *testing.T) {
	noAud := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	withAud := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A"), Audiences: []string{"client"}})
	for name, k := range otherKinds(t) {
		t.Run(name, func(t *testing.T) {
			for _, c := range []struct {
				r    *claimsources.Resolver
				want error
			}{{noAud, k.noAud}, {withAud, k.withAud}} {
				_, err := c.r.Resolve(context.Background(), refs(`{"address":"src1"}`, `{"src1":{"JWT":"`+k.token+`"}}`))
				wantIs(t, err, claimsources.ErrSourceRefused, c.want)
			}
		})
	}
}

// TestOIDCCore_5_6_2_AudienceRules: section 5.6.2 defines no "aud": a
// Source without Audiences refuses a JWT with one; a Source with them
// requires one of them. "exp" is checked when present.
func TestOIDCCore_5_6_2_AudienceRules(t *testing.T) {
	noAud := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	withAud := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A"), Audiences: []string{"https://server.example.com"}})
	resolve := func(r *claimsources.Resolver, body string) error {
		_, err := r.Resolve(context.Background(), refs(`{"x":"s"}`, `{"s":{"JWT":"`+sign(t, "A", body)+`"}}`))
		return err
	}
	if err := resolve(noAud, `{"iss":"https://a.example.com","x":1}`); err != nil {
		t.Error(err)
	}
	wantIs(t, resolve(noAud, `{"iss":"https://a.example.com","aud":"https://server.example.com","x":1}`), claimsources.ErrUnexpectedAudience, jwt.ErrInvalidAudience)
	if err := resolve(withAud, `{"iss":"https://a.example.com","aud":["https://server.example.com"],"x":1}`); err != nil {
		t.Error(err)
	}
	wantIs(t, resolve(withAud, `{"iss":"https://a.example.com","aud":"https://other.example.com","x":1}`), jwt.ErrInvalidAudience)
	if err := resolve(withAud, `{"iss":"https://a.example.com","x":1}`); err == nil {
		t.Error("a JWT without aud passed a Source with Audiences")
	}
	wantIs(t, resolve(noAud, `{"iss":"https://a.example.com","exp":1000,"x":1}`), claimsources.ErrSourceRefused, jwt.ErrTokenExpired)
}
