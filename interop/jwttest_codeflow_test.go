package interop

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwttest"
)

// The tests of this file drive jwttest.Provider's authorization and token
// endpoints with other clients: golang.org/x/oauth2 and go-oidc v3 here,
// oauth4webapi (Node.js) in jwttest_codeflow_node_test.go.

const codeFlowRedirect = "https://client.example/callback"

// followToCallback sends the authorization request and returns the
// redirect's query, stopping at the client's redirect_uri.
func followToCallback(t *testing.T, p *jwttest.Provider, authURL string) url.Values {
	t.Helper()
	c := *p.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || err != nil {
		t.Fatalf("authorization endpoint: %d %q %v", resp.StatusCode, resp.Header.Get("Location"), err)
	}
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != codeFlowRedirect {
		t.Fatalf("redirected to %q, want %q", got, codeFlowRedirect)
	}
	return loc.Query()
}

// TestJWTTestCodeFlow_RFC7636_OAuth2AndGoOIDCRunTheCodeFlow: x/oauth2
// with PKCE S256 and a nonce, configured from go-oidc's discovery, gets a
// code and redeems it; go-oidc's verifier accepts the ID token (nonce,
// at_hash by VerifyAccessToken, RFC 9207 iss checked by hand) and our
// accesstoken verifier the access token.
func TestJWTTestCodeFlow_RFC7636_OAuth2AndGoOIDCRunTheCodeFlow(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.RS256, jwt.EdDSA} {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			p.SetSubject("alice")
			ctx := oidc.ClientContext(context.Background(), p.Client())
			op, err := oidc.NewProvider(ctx, p.Issuer())
			if err != nil {
				t.Fatalf("go-oidc discovery: %v", err)
			}
			var meta struct {
				ISS bool `json:"authorization_response_iss_parameter_supported"`
			}
			if err := op.Claims(&meta); err != nil || !meta.ISS {
				t.Fatalf("metadata: %+v %v", meta, err)
			}
			endpoint := op.Endpoint()
			endpoint.AuthStyle = oauth2.AuthStyleInParams // token_endpoint_auth_methods_supported: ["none"]
			cfg := oauth2.Config{ClientID: p.ClientID(), Endpoint: endpoint, RedirectURL: codeFlowRedirect, Scopes: []string{oidc.ScopeOpenID, "orders:read"}}
			verifier := oauth2.GenerateVerifier()
			back := followToCallback(t, p, cfg.AuthCodeURL("state-1", oauth2.S256ChallengeOption(verifier), oidc.Nonce("nonce-1")))
			if back.Get("state") != "state-1" || back.Get("iss") != p.Issuer() {
				t.Fatalf("callback %v", back)
			}
			tok, err := cfg.Exchange(ctx, back.Get("code"), oauth2.VerifierOption(verifier))
			if err != nil {
				t.Fatalf("x/oauth2 Exchange: %v", err)
			}
			if tok.TokenType != "Bearer" || tok.Expiry.IsZero() {
				t.Fatalf("token %+v", tok)
			}
			raw, _ := tok.Extra("id_token").(string)
			id, err := op.Verifier(&oidc.Config{ClientID: p.ClientID()}).Verify(ctx, raw)
			if err != nil {
				t.Fatalf("go-oidc Verify: %v", err)
			}
			if id.Nonce != "nonce-1" || id.Subject != "alice" || id.AccessTokenHash == "" {
				t.Fatalf("ID token %+v", id)
			}
			if err := id.VerifyAccessToken(tok.AccessToken); err != nil {
				t.Fatalf("go-oidc at_hash: %v", err)
			}
			if err := id.VerifyAccessToken(tok.AccessToken + "x"); err == nil {
				t.Fatal("go-oidc at_hash of another token passed")
			}
			v, err := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
			if err != nil {
				t.Fatal(err)
			}
			c, err := v.Verify(ctx, tok.AccessToken)
			if err != nil || c.Subject != "alice" || !c.HasScope("orders:read") {
				t.Fatalf("access token: %+v %v", c, err)
			}
			// RFC 6749 section 4.1.2: the code is spent.
			if _, err := cfg.Exchange(ctx, back.Get("code"), oauth2.VerifierOption(verifier)); err == nil {
				t.Fatal("the code was redeemed twice")
			} else if re, ok := err.(*oauth2.RetrieveError); !ok || re.ErrorCode != "invalid_grant" {
				t.Fatalf("second Exchange: %v, want invalid_grant", err)
			}
		})
	}
}

// TestJWTTestCodeFlow_RFC7636_4_6_WrongVerifierRefusedToOAuth2: x/oauth2
// sees invalid_grant for a verifier that is not the challenge's.
func TestJWTTestCodeFlow_RFC7636_4_6_WrongVerifierRefusedToOAuth2(t *testing.T) {
	p := jwttest.NewProvider(t)
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, p.Client())
	cfg := oauth2.Config{ClientID: p.ClientID(), RedirectURL: codeFlowRedirect, Scopes: []string{"openid"},
		Endpoint: oauth2.Endpoint{AuthURL: p.Issuer() + jwttest.PathAuthorize, TokenURL: p.Issuer() + jwttest.PathToken, AuthStyle: oauth2.AuthStyleInParams}}
	back := followToCallback(t, p, cfg.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
	_, err := cfg.Exchange(ctx, back.Get("code"), oauth2.VerifierOption(oauth2.GenerateVerifier()))
	if re, ok := err.(*oauth2.RetrieveError); !ok || re.ErrorCode != "invalid_grant" {
		t.Fatalf("Exchange: %v, want invalid_grant", err)
	}
}

// TestJWTTestCodeFlow_RFC6749_4_4_ClientCredentialsWithOAuth2: x/oauth2's
// clientcredentials gets a token our verifier accepts, then a DPoP-bound
// one through dpop.Transport (RFC 9449 section 5: "token_type" "DPoP",
// "cnf" "jkt" the proof key's thumbprint).
func TestJWTTestCodeFlow_RFC6749_4_4_ClientCredentialsWithOAuth2(t *testing.T) {
	p := jwttest.NewProvider(t)
	cfg := clientcredentials.Config{ClientID: p.ClientID(), TokenURL: p.Issuer() + jwttest.PathToken, Scopes: []string{"orders:write"}, AuthStyle: oauth2.AuthStyleInParams}
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, p.Client())
	tok, err := cfg.Token(ctx)
	if err != nil || tok.TokenType != "Bearer" {
		t.Fatalf("clientcredentials: %+v %v", tok, err)
	}
	v, err := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := v.Verify(ctx, tok.AccessToken); err != nil || c.Subject != p.ClientID() || !c.HasScope("orders:write") {
		t.Fatalf("access token: %+v %v", c, err)
	}

	s := p.DPoPSigner(jwt.ES256)
	dctx := context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Transport: &dpop.Transport{Signer: s, Base: p.Client().Transport}})
	tok, err = cfg.Token(dctx)
	if err != nil || tok.TokenType != dpop.TokenType {
		t.Fatalf("DPoP clientcredentials: %+v %v", tok, err)
	}
	if jkt, err := dpop.BoundKey(tok.AccessToken); err != nil || jkt != s.JKT() {
		t.Fatalf("cnf.jkt %q (%v), want %q", jkt, err, s.JKT())
	}
}

// TestJWTTestCodeFlow_RFC6749_2_3_1_OAuth2AutoDetectBasicEmptySecret:
// x/oauth2's default AuthStyleAutoDetect sends HTTP Basic with the
// client_id and an empty password first; the kit takes it as the public
// client naming itself (RFC 6749 section 2.3.1), in one request.
func TestJWTTestCodeFlow_RFC6749_2_3_1_OAuth2AutoDetectBasicEmptySecret(t *testing.T) {
	p := jwttest.NewProvider(t)
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, p.Client())
	cfg := oauth2.Config{ClientID: p.ClientID(), RedirectURL: codeFlowRedirect,
		Endpoint: oauth2.Endpoint{AuthURL: p.Issuer() + jwttest.PathAuthorize, TokenURL: p.Issuer() + jwttest.PathToken}}
	verifier := oauth2.GenerateVerifier()
	back := followToCallback(t, p, cfg.AuthCodeURL("s", oauth2.S256ChallengeOption(verifier)))
	tok, err := cfg.Exchange(ctx, back.Get("code"), oauth2.VerifierOption(verifier))
	if err != nil || tok.AccessToken == "" {
		t.Fatalf("Exchange: %+v %v", tok, err)
	}
	if n := p.Requests(jwttest.PathToken); n != 1 {
		t.Fatalf("token endpoint requests %d, want 1", n)
	}
}
