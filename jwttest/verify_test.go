package jwttest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

func accessVerifier(t *testing.T, p *jwttest.Provider, keys any) *accesstoken.Verifier {
	t.Helper()
	v, err := accesstoken.NewVerifier(keys, accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience(), Now: p.Now})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func idVerifier(t *testing.T, p *jwttest.Provider, keys any) *idtoken.Verifier {
	t.Helper()
	v, err := idtoken.NewVerifier(keys, idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID(), Now: p.Now})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

var algorithms = []jwt.Algorithm{jwt.ES256, jwt.ES384, jwt.ES512, jwt.RS256, jwt.PS256, jwt.EdDSA, jwt.Ed25519}

func TestRFC9068_AccessTokenVerifiesThroughJWKSet(t *testing.T) {
	t.Parallel()
	for _, alg := range algorithms {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			v := accessVerifier(t, p, p.RemoteSet())
			c, err := v.Verify(context.Background(), p.AccessToken(accesstoken.Claims{Scope: "orders:read"}))
			if err != nil {
				t.Fatal(err)
			}
			if c.Issuer != p.Issuer() || c.ClientID != jwttest.DefaultClientID || c.Subject != jwttest.DefaultSubject ||
				c.ID == "" || !c.HasScope("orders:read") {
				t.Fatalf("claims %+v", c)
			}
			if p.Requests(jwttest.PathJWKS) != 1 {
				t.Fatalf("JWK Set fetched %d times, want 1", p.Requests(jwttest.PathJWKS))
			}
		})
	}
}

func TestRFC9068_AccessTokenVerifiesThroughDiscovery(t *testing.T) {
	t.Parallel()
	for _, wk := range []struct {
		name string
		opt  []jwk.RemoteOption
		path string
	}{
		{"OIDCDiscovery4", nil, jwttest.PathOpenIDConfiguration},
		{"RFC8414_3", []jwk.RemoteOption{jwk.WithWellKnown(jwk.OAuthAuthorizationServer)}, jwttest.PathOAuthAuthorizationServer},
	} {
		t.Run(wk.name, func(t *testing.T) {
			p := jwttest.NewProvider(t)
			v := accessVerifier(t, p, p.Discovery(wk.opt...))
			if _, err := v.Verify(context.Background(), p.AccessToken(accesstoken.Claims{})); err != nil {
				t.Fatal(err)
			}
			if p.Requests(wk.path) != 1 || p.Requests(jwttest.PathJWKS) != 1 {
				t.Fatalf("requests: %s %d, jwks %d", wk.path, p.Requests(wk.path), p.Requests(jwttest.PathJWKS))
			}
		})
	}
}

func TestRFC9068_DefaultsOverridable(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	v := accessVerifier(t, p, p.Set())
	tok := p.AccessToken(accesstoken.Claims{Registered: claimsReg("alice", "https://other.example"), ClientID: "c2"})
	if _, err := v.Verify(context.Background(), tok); !errors.Is(err, jwt.ErrInvalidAudience) {
		t.Fatalf("another audience: %v, want jwt.ErrInvalidAudience", err)
	}
	v2, err := accesstoken.NewVerifier(p.Set(), accesstoken.Config{Issuer: p.Issuer(), Audience: "https://other.example"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := v2.Verify(context.Background(), tok)
	if err != nil || c.Subject != "alice" || c.ClientID != "c2" {
		t.Fatalf("claims %+v, %v", c, err)
	}
}

func TestOIDCCore2_IDTokenVerifiesThroughDiscovery(t *testing.T) {
	t.Parallel()
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.RS256, jwt.EdDSA} {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			v := idVerifier(t, p, p.Discovery())
			at := p.AccessToken(accesstoken.Claims{})
			tok := p.IDToken(idtoken.Claims{}, jwttest.WithNonce("n-1"), jwttest.WithAZP(p.ClientID()),
				jwttest.WithAuthTime(time.Time{}), jwttest.WithAccessTokenHash(at), jwttest.WithCodeHash("code-1"))
			c, err := v.Verify(context.Background(), tok, idtoken.Checks{Nonce: "n-1", MaxAge: time.Minute, AccessToken: at, Code: "code-1"})
			if err != nil {
				t.Fatal(err)
			}
			if c.AuthorizedParty != p.ClientID() || c.AuthTime == nil || c.AccessTokenHash == "" || c.CodeHash == "" {
				t.Fatalf("claims %+v", c)
			}
			if _, err := v.Verify(context.Background(), tok, idtoken.Checks{Nonce: "other"}); !errors.Is(err, idtoken.ErrInvalidNonce) {
				t.Fatalf("other nonce: %v", err)
			}
		})
	}
}

func TestRFC8725_3_12_MintedTokensNotTakenForEachOther(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	at, id := accessVerifier(t, p, p.Set()), idVerifier(t, p, p.Set())
	if _, err := at.Verify(context.Background(), p.IDToken(idtoken.Claims{})); err == nil {
		t.Fatal("an ID token passed as an access token")
	}
	if _, err := id.Verify(context.Background(), p.AccessToken(accesstoken.Claims{Registered: claimsReg("", p.ClientID())}), idtoken.Checks{}); err == nil {
		t.Fatal("an access token passed as an ID token")
	}
}

func TestRFC7519_4_1_4_SetNowExpiresTokens(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	t0 := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	p.SetNow(t0)
	if !p.Now().Equal(t0) {
		t.Fatalf("Now %v", p.Now())
	}
	v := accessVerifier(t, p, p.Set())
	tok := p.AccessToken(accesstoken.Claims{})
	c, err := v.Verify(context.Background(), tok)
	if err != nil || !c.IssuedAt.Equal(t0) || !c.ExpiresAt.Equal(t0.Add(jwttest.DefaultLifetime)) {
		t.Fatalf("claims %+v, %v", c, err)
	}
	p.SetNow(t0.Add(jwttest.DefaultLifetime + time.Minute))
	if _, err := v.Verify(context.Background(), tok); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("after exp: %v, want jwt.ErrTokenExpired", err)
	}
	p.SetNow(time.Time{})
	if d := time.Since(p.Now()); d < 0 || d > time.Minute {
		t.Fatalf("SetNow(zero) did not go back to time.Now: %v", p.Now())
	}
	q := jwttest.NewProvider(t, jwttest.WithClock(func() time.Time { return t0 }))
	if !q.Now().Equal(t0) {
		t.Fatalf("WithClock: %v", q.Now())
	}
}

func TestOIDCDiscovery4_3_PlainHTTPOnLoopback(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithPlainHTTP())
	if p.Issuer()[:7] != "http://" {
		t.Fatalf("issuer %s", p.Issuer())
	}
	v := accessVerifier(t, p, p.Discovery())
	if _, err := v.Verify(context.Background(), p.AccessToken(accesstoken.Claims{})); err != nil {
		t.Fatal(err)
	}
}
