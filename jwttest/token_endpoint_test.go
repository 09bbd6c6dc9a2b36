package jwttest_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

func TestRFC6749_4_1_3_CodeFlowTokensPassOurVerifiers(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	p.SetSubject("alice")
	verifier, challenge := pkcePair()
	r := postToken(t, p, codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier), nil)
	if r.Status != http.StatusOK || r.TokenType != "Bearer" || r.ExpiresIn != int64(jwttest.DefaultLifetime/time.Second) ||
		r.Scope != "openid orders:read" || r.CacheControl != "no-store" || r.IDToken == "" {
		t.Fatalf("%+v", r)
	}
	at, err := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
	if err != nil {
		t.Fatal(err)
	}
	c, err := at.Verify(context.Background(), r.AccessToken)
	if err != nil || c.Subject != "alice" || c.ClientID != p.ClientID() || !c.HasScope("orders:read") || c.AuthTime == nil {
		t.Fatalf("access token: %+v %v", c, err)
	}
	id, err := idtoken.NewVerifier(p.RemoteSet(), idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID()})
	if err != nil {
		t.Fatal(err)
	}
	ic, err := id.Verify(context.Background(), r.IDToken, idtoken.Checks{Nonce: "n-1", AccessToken: r.AccessToken, MaxAge: time.Minute})
	if err != nil || ic.Subject != "alice" || ic.AuthorizedParty != p.ClientID() {
		t.Fatalf("ID token: %+v %v", ic, err)
	}
}

func TestOIDCCore_3_1_3_3_NoOpenIDScopeNoIDToken(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	verifier, challenge := pkcePair()
	q := authParams(p, challenge)
	q.Set("scope", "orders:read")
	r := postToken(t, p, codeForm(p, codeFor(t, p, q), verifier), nil)
	if r.Status != http.StatusOK || r.IDToken != "" || r.AccessToken == "" {
		t.Fatalf("%+v", r)
	}
}

func TestRFC6749_4_1_2_CodeIsSingleUse(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	verifier, challenge := pkcePair()
	form := codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier)
	if r := postToken(t, p, form, nil); r.Status != http.StatusOK {
		t.Fatalf("first: %+v", r)
	}
	if r := postToken(t, p, form, nil); r.Status != http.StatusBadRequest || r.Error != "invalid_grant" {
		t.Fatalf("second: %+v", r)
	}
}

func TestRFC6749_4_1_3_CodeBoundToClientRedirectURIAndVerifier(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithClientID("c-1"))
	verifier, challenge := pkcePair()
	other, _ := pkcePair()
	for name, c := range map[string]struct {
		edit         func(url.Values)
		status       int
		error        string
		codeNotSpent bool
	}{
		"other redirect_uri":          {func(f url.Values) { f.Set("redirect_uri", testRedirect+"2") }, 400, "invalid_grant", false},
		"RFC7636_4_6 other verifier":  {func(f url.Values) { f.Set("code_verifier", other) }, 400, "invalid_grant", false},
		"RFC7636_4_6 no verifier":     {func(f url.Values) { f.Del("code_verifier") }, 400, "invalid_grant", false},
		"RFC7636_4_1 short verifier":  {func(f url.Values) { f.Set("code_verifier", "abc") }, 400, "invalid_grant", false},
		"RFC7636_4_6 challenge sent":  {func(f url.Values) { f.Set("code_verifier", challenge) }, 400, "invalid_grant", false},
		"unknown code":                {func(f url.Values) { f.Set("code", "nope") }, 400, "invalid_grant", true},
		"no code":                     {func(f url.Values) { f.Del("code") }, 400, "invalid_request", true},
		"no redirect_uri":             {func(f url.Values) { f.Del("redirect_uri") }, 400, "invalid_request", true},
		"RFC6749_5_2 other client id": {func(f url.Values) { f.Set("client_id", "c-2") }, 401, "invalid_client", true},
	} {
		t.Run(name, func(t *testing.T) {
			form := codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier)
			bad := url.Values{}
			for k, v := range form {
				bad[k] = v
			}
			c.edit(bad)
			if r := postToken(t, p, bad, nil); r.Status != c.status || r.Error != c.error || r.ErrorDescription == "" {
				t.Fatalf("%+v, want %d %s", r, c.status, c.error)
			}
			r := postToken(t, p, form, nil)
			if c.codeNotSpent != (r.Status == http.StatusOK) {
				t.Fatalf("the genuine redemption after it: %+v (a redemption attempt spends the code)", r)
			}
		})
	}
}

func TestRFC6749_4_1_2_CodeExpiresOnTheProvidersClock(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	now := time.Now()
	p.SetNow(now)
	verifier, challenge := pkcePair()
	code := codeFor(t, p, authParams(p, challenge))
	p.SetNow(now.Add(jwttest.CodeLifetime + time.Second))
	if r := postToken(t, p, codeForm(p, code, verifier), nil); r.Error != "invalid_grant" || !strings.Contains(r.ErrorDescription, "expired") {
		t.Fatalf("%+v", r)
	}
}

func TestRFC6749_5_2_TokenRequestErrors(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	cc := url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}}
	with := func(k, v string) url.Values {
		f := url.Values{}
		for a, b := range cc {
			f[a] = b
		}
		if v == "" {
			f.Del(k)
		} else {
			f.Add(k, v)
		}
		return f
	}
	for name, c := range map[string]struct {
		form   url.Values
		header http.Header
		status int
		error  string
	}{
		"no grant_type":              {with("grant_type", ""), nil, 400, "invalid_request"},
		"unsupported grant_type":     {url.Values{"grant_type": {"password"}, "client_id": {p.ClientID()}}, nil, 400, "unsupported_grant_type"},
		"refresh_token unsupported":  {url.Values{"grant_type": {"refresh_token"}, "client_id": {p.ClientID()}}, nil, 400, "unsupported_grant_type"},
		"RFC6749_3_1 duplicate":      {with("grant_type", "client_credentials"), nil, 400, "invalid_request"},
		"no client_id":               {with("client_id", ""), nil, 401, "invalid_client"},
		"other client_id":            {url.Values{"grant_type": {"client_credentials"}, "client_id": {"x"}}, nil, 401, "invalid_client"},
		"client_secret (not none)":   {with("client_secret", "s"), nil, 401, "invalid_client"},
		"RFC6749_2_3_1 Basic secret": {cc, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), "s")}}, 401, "invalid_client"},
		"Basic of another client":    {cc, http.Header{"Authorization": {"Basic " + basic("x", "")}}, 401, "invalid_client"},
		"Bearer header":              {cc, http.Header{"Authorization": {"Bearer x"}}, 401, "invalid_client"},
		"two Authorization headers":  {cc, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), ""), "Basic " + basic(p.ClientID(), "")}}, 401, "invalid_client"},
		"Basic user not form id":     {url.Values{"grant_type": {"client_credentials"}, "client_id": {"x"}}, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), "")}}, 401, "invalid_client"},
		"JSON body":                  {cc, http.Header{"Content-Type": {"application/json"}}, 400, "invalid_request"},
		"RFC8707 other resource":     {with("resource", "https://other.example"), nil, 400, "invalid_target"},
		"RFC6749_3_3 bad scope":      {with("scope", "a\\b"), nil, 400, "invalid_scope"},
		"client_credentials, openid": {with("scope", "openid"), nil, 400, "invalid_scope"},
	} {
		t.Run(name, func(t *testing.T) {
			r := postToken(t, p, c.form, c.header)
			if r.Status != c.status || r.Error != c.error || r.ErrorDescription == "" || r.CacheControl != "no-store" || r.AccessToken != "" {
				t.Fatalf("%+v, want %d %s", r, c.status, c.error)
			}
		})
	}
	resp, err := p.Client().Get(p.Issuer() + jwttest.PathToken)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("GET: %d", resp.StatusCode)
	}
}

func TestRFC6749_4_4_ClientCredentialsTokenNamesTheClient(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	r := postToken(t, p, url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}, "scope": {"orders:write"}}, nil)
	if r.Status != http.StatusOK || r.TokenType != "Bearer" || r.IDToken != "" || r.Scope != "orders:write" {
		t.Fatalf("%+v", r)
	}
	v, err := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
	if err != nil {
		t.Fatal(err)
	}
	c, err := v.Verify(context.Background(), r.AccessToken)
	if err != nil || c.Subject != p.ClientID() || c.AuthTime != nil || !c.HasScope("orders:write") {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestRFC9449_5_DPoPProofBindsTheAccessToken(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	s := p.DPoPSigner(jwt.ES256)
	proof, err := s.Proof(http.MethodPost, p.Issuer()+jwttest.PathToken, dpop.ProofOptions{})
	if err != nil {
		t.Fatal(err)
	}
	verifier, challenge := pkcePair()
	q := authParams(p, challenge)
	q.Set("dpop_jkt", s.JKT())
	r := postToken(t, p, codeForm(p, codeFor(t, p, q), verifier), http.Header{"Dpop": {proof}})
	if r.Status != http.StatusOK || r.TokenType != dpop.TokenType {
		t.Fatalf("%+v", r)
	}
	if jkt, err := dpop.BoundKey(r.AccessToken); err != nil || jkt != s.JKT() {
		t.Fatalf("cnf.jkt %q (%v), want %q", jkt, err, s.JKT())
	}
	// The same proof again: replayed (RFC 9449 section 11.1).
	cc := url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}}
	if r := postToken(t, p, cc, http.Header{"Dpop": {proof}}); r.Status != 400 || r.Error != "invalid_dpop_proof" {
		t.Fatalf("replayed proof: %+v", r)
	}
	proof2, _ := s.Proof(http.MethodPost, p.Issuer()+jwttest.PathToken, dpop.ProofOptions{})
	if r := postToken(t, p, cc, http.Header{"Dpop": {proof2}}); r.Status != 200 || r.TokenType != "DPoP" {
		t.Fatalf("client credentials with a proof: %+v", r)
	}
}

func TestRFC9449_5_BadProofIsInvalidDPoPProof(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	s := p.DPoPSigner(jwt.ES256)
	cc := url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}}
	otherHTU, _ := s.Proof(http.MethodPost, p.Issuer()+"/elsewhere", dpop.ProofOptions{})
	otherHTM, _ := s.Proof(http.MethodGet, p.Issuer()+jwttest.PathToken, dpop.ProofOptions{})
	stale, _ := s.Proof(http.MethodPost, p.Issuer()+jwttest.PathToken, dpop.ProofOptions{Now: time.Now().Add(-time.Hour)})
	for name, h := range map[string]http.Header{
		"4.3 other htu": {"Dpop": {otherHTU}},
		"4.3 other htm": {"Dpop": {otherHTM}},
		"4.3 stale iat": {"Dpop": {stale}},
		"4.3 not a JWT": {"Dpop": {"garbage"}},
		"4.3 two":       {"Dpop": {otherHTU, otherHTM}},
	} {
		t.Run(name, func(t *testing.T) {
			if r := postToken(t, p, cc, h); r.Status != 400 || r.Error != "invalid_dpop_proof" || r.AccessToken != "" {
				t.Fatalf("%+v", r)
			}
		})
	}
}

func TestRFC9449_10_DPoPJKTBindsTheCodeToTheKey(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	s, other := p.DPoPSigner(jwt.ES256), p.DPoPSigner(jwt.ES256)
	verifier, challenge := pkcePair()
	q := authParams(p, challenge)
	q.Set("dpop_jkt", s.JKT())
	if r := postToken(t, p, codeForm(p, codeFor(t, p, q), verifier), nil); r.Error != "invalid_grant" {
		t.Fatalf("no proof: %+v", r)
	}
	proof, _ := other.Proof(http.MethodPost, p.Issuer()+jwttest.PathToken, dpop.ProofOptions{})
	if r := postToken(t, p, codeForm(p, codeFor(t, p, q), verifier), http.Header{"Dpop": {proof}}); r.Error != "invalid_grant" {
		t.Fatalf("other key: %+v", r)
	}
}

func TestEndpointsTakeFaultsAndAreCounted(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	p.SetStatus(jwttest.PathToken, http.StatusServiceUnavailable)
	cc := url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}}
	if r := postToken(t, p, cc, nil); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("%+v", r)
	}
	p.ClearFaults()
	p.SetBody(jwttest.PathToken, jwttest.BodyGarbage)
	resp, err := p.Client().PostForm(p.Issuer()+jwttest.PathToken, cc)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	p.ClearFaults()
	if r := postToken(t, p, cc, nil); r.Status != http.StatusOK {
		t.Fatalf("%+v", r)
	}
	if n := p.Requests(jwttest.PathToken); n != 3 {
		t.Fatalf("Requests(PathToken) = %d, want 3", n)
	}
}

func TestOIDCCore_3_1_3_7_IDTokenOfMLDSAProviderHasNoAtHash(t *testing.T) {
	t.Parallel()
	if !jwt.MLDSA65.Available() {
		t.Skip("ML-DSA needs Go 1.27")
	}
	p := jwttest.NewProvider(t, jwttest.WithAlgorithm(jwt.MLDSA65))
	verifier, challenge := pkcePair()
	r := postToken(t, p, codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier), nil)
	if r.Status != 200 || r.IDToken == "" {
		t.Fatalf("%+v", r)
	}
	id, err := idtoken.NewVerifier(p.RemoteSet(), idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID()})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := id.Verify(context.Background(), r.IDToken, idtoken.Checks{Nonce: "n-1"}); err != nil || c.AccessTokenHash != "" {
		t.Fatalf("%+v %v", c, err)
	}
}

func basic(user, pass string) string {
	return base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(user) + ":" + pass))
}

func TestRFC6749_2_3_1_BasicWithEmptySecretNamesThePublicClient(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithClientID("a client:1"))
	cc := url.Values{"grant_type": {"client_credentials"}}
	if r := postToken(t, p, cc, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), "")}}); r.Status != 200 {
		t.Fatalf("%+v", r)
	}
	cc.Set("client_id", p.ClientID())
	if r := postToken(t, p, cc, http.Header{"Authorization": {"Basic " + basic(p.ClientID(), "")}}); r.Status != 200 {
		t.Fatalf("both, agreeing: %+v", r)
	}
}

func TestRFC9449_5_DPoPAndCodeFlowOverPlainHTTP(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t, jwttest.WithPlainHTTP())
	verifier, challenge := pkcePair()
	if r := postToken(t, p, codeForm(p, codeFor(t, p, authParams(p, challenge)), verifier), nil); r.Status != 200 || r.IDToken == "" {
		t.Fatalf("code flow: %+v", r)
	}
	s := p.DPoPSigner(jwt.ES256)
	proof, _ := s.Proof(http.MethodPost, p.Issuer()+jwttest.PathToken, dpop.ProofOptions{})
	cc := url.Values{"grant_type": {"client_credentials"}, "client_id": {p.ClientID()}}
	if r := postToken(t, p, cc, http.Header{"Dpop": {proof}}); r.Status != 200 || r.TokenType != "DPoP" {
		t.Fatalf("DPoP: %+v", r)
	}
}
