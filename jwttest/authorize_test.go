package jwttest_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jotlib/jwt/jwttest"
)

func TestRFC6749_4_1_2_CodeStateAndRFC9207IssRedirected(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	_, challenge := pkcePair()
	q := authParams(p, challenge)
	q.Set("redirect_uri", testRedirect+"?keep=1")
	if err := p.SetRedirectURIs(testRedirect + "?keep=1"); err != nil {
		t.Fatal(err)
	}
	status, back := authorizeGET(t, p, q)
	if status != http.StatusFound || back.Get("code") == "" || back.Get("state") != "st-1" || back.Get("iss") != p.Issuer() || back.Get("keep") != "1" {
		t.Fatalf("%d %v", status, back)
	}
	if p.Requests(jwttest.PathAuthorize) != 1 {
		t.Fatalf("Requests(PathAuthorize) = %d", p.Requests(jwttest.PathAuthorize))
	}
}

func TestOIDCCore_3_1_2_1_AuthorizationRequestByPOST(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	_, challenge := pkcePair()
	resp, err := noFollow(p).PostForm(p.Issuer()+jwttest.PathAuthorize, authParams(p, challenge))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || loc.Query().Get("code") == "" {
		t.Fatalf("%d %v", resp.StatusCode, loc)
	}
}

func TestRFC6749_4_1_2_1_BadClientOrRedirectAnswered400NotRedirected(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	_, challenge := pkcePair()
	for name, edit := range map[string]func(url.Values){
		"other client":            func(q url.Values) { q.Set("client_id", "someone-else") },
		"no client":               func(q url.Values) { q.Del("client_id") },
		"no redirect_uri":         func(q url.Values) { q.Del("redirect_uri") },
		"fragment":                func(q url.Values) { q.Set("redirect_uri", testRedirect+"#x") },
		"relative":                func(q url.Values) { q.Set("redirect_uri", "/cb") },
		"http not loopback":       func(q url.Values) { q.Set("redirect_uri", "http://client.example/cb") },
		"http localhost (8252)":   func(q url.Values) { q.Set("redirect_uri", "http://localhost:8080/cb") },
		"custom scheme":           func(q url.Values) { q.Set("redirect_uri", "com.example.app:/cb") },
		"userinfo":                func(q url.Values) { q.Set("redirect_uri", "https://u:p@client.example/cb") },
		"duplicate parameter":     func(q url.Values) { q.Add("state", "two") },
		"duplicate redirect_uri":  func(q url.Values) { q.Add("redirect_uri", "https://evil.example/cb") },
		"duplicate client and ok": func(q url.Values) { q.Add("client_id", p.ClientID()) },
	} {
		t.Run(name, func(t *testing.T) {
			q := authParams(p, challenge)
			edit(q)
			if status, back := authorizeGET(t, p, q); status != http.StatusBadRequest {
				t.Fatalf("%d %v, want 400 and no redirect", status, back)
			}
		})
	}
	t.Run("loopback http accepted", func(t *testing.T) {
		for _, u := range []string{"http://127.0.0.1:9/cb", "http://[::1]:9/cb"} {
			q := authParams(p, challenge)
			q.Set("redirect_uri", u)
			if status, _ := authorizeGET(t, p, q); status != http.StatusFound {
				t.Fatalf("%s: %d", u, status)
			}
		}
	})
}

func TestRFC6749_3_1_2_3_RegisteredRedirectURIsExactButRFC8252LoopbackPort(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	if err := p.SetRedirectURIs("/cb", "https://client.example/cb"); !errors.Is(err, jwttest.ErrInvalidRedirectURI) {
		t.Fatalf("relative URI registered: %v", err)
	}
	if err := p.SetRedirectURIs("urn:x"); !errors.Is(err, jwttest.ErrInvalidRedirectURI) {
		t.Fatalf("opaque URI registered: %v", err)
	}
	if err := p.SetRedirectURIs("https://client.example/cb#f"); !errors.Is(err, jwttest.ErrInvalidRedirectURI) {
		t.Fatalf("fragment registered: %v", err)
	}
	if err := p.SetRedirectURIs("com.example.app:/cb", "myapp://cb"); err != nil {
		t.Fatal(err)
	}
	_, challenge := pkcePair()
	q := authParams(p, challenge)
	if status, _ := authorizeGET(t, p, q); status != http.StatusBadRequest {
		t.Fatalf("unregistered https URI: %d", status)
	}
	q.Set("redirect_uri", "myapp://cb/")
	if status, _ := authorizeGET(t, p, q); status != http.StatusBadRequest {
		t.Fatalf("near miss: %d", status)
	}
	q.Set("redirect_uri", "myapp://cb")
	if status, _ := authorizeGET(t, p, q); status != http.StatusFound {
		t.Fatalf("registered: %d", status)
	}
	if err := p.SetRedirectURIs("http://127.0.0.1/cb", "http://[::1]:80/cb"); err != nil {
		t.Fatal(err)
	}
	for u, want := range map[string]int{
		"http://127.0.0.1:53124/cb": http.StatusFound, "http://127.0.0.1/cb": http.StatusFound,
		"http://[::1]:4000/cb": http.StatusFound, "http://127.0.0.1:53124/cb2": http.StatusBadRequest,
		"http://127.0.0.2:1/cb": http.StatusBadRequest, "https://127.0.0.1:1/cb": http.StatusBadRequest,
	} {
		q.Set("redirect_uri", u)
		if status, _ := authorizeGET(t, p, q); status != want {
			t.Errorf("RFC8252_7_3 %s: %d, want %d", u, status, want)
		}
	}
	if err := p.SetRedirectURIs(); err != nil {
		t.Fatal(err)
	}
	q.Set("redirect_uri", testRedirect)
	if status, _ := authorizeGET(t, p, q); status != http.StatusFound {
		t.Fatalf("back to any https: %d", status)
	}
}

func TestRFC6749_4_1_2_1_ErrorsRedirectedWithStateAndIss(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	_, challenge := pkcePair()
	for name, c := range map[string]struct {
		edit func(url.Values)
		want string
	}{
		"RFC6749_4_1_1 no response_type":     {func(q url.Values) { q.Del("response_type") }, "invalid_request"},
		"RFC6749_4_1_1 response_type token":  {func(q url.Values) { q.Set("response_type", "token") }, "unsupported_response_type"},
		"OIDC id_token":                      {func(q url.Values) { q.Set("response_type", "code id_token") }, "unsupported_response_type"},
		"response_mode fragment":             {func(q url.Values) { q.Set("response_mode", "fragment") }, "invalid_request"},
		"OIDCCore_6 request object":          {func(q url.Values) { q.Set("request", "eyJ.e30.") }, "request_not_supported"},
		"OIDCCore_6 request_uri":             {func(q url.Values) { q.Set("request_uri", "https://x/r") }, "request_uri_not_supported"},
		"RFC8707 other resource":             {func(q url.Values) { q.Set("resource", "https://other.example") }, "invalid_target"},
		"RFC7636_4_4_1 no challenge":         {func(q url.Values) { q.Del("code_challenge") }, "invalid_request"},
		"RFC7636_4_3 no method (plain)":      {func(q url.Values) { q.Del("code_challenge_method") }, "invalid_request"},
		"RFC7636_4_3 plain":                  {func(q url.Values) { q.Set("code_challenge_method", "plain") }, "invalid_request"},
		"RFC7636_4_2 short challenge":        {func(q url.Values) { q.Set("code_challenge", "abc") }, "invalid_request"},
		"RFC7636_4_2 non-base64url":          {func(q url.Values) { q.Set("code_challenge", strings.Repeat("+", 43)) }, "invalid_request"},
		"RFC6749_3_3 malformed scope":        {func(q url.Values) { q.Set("scope", "openid  x") }, "invalid_scope"},
		"RFC9449_10 dpop_jkt not thumbprint": {func(q url.Values) { q.Set("dpop_jkt", "x") }, "invalid_request"},
	} {
		t.Run(name, func(t *testing.T) {
			q := authParams(p, challenge)
			c.edit(q)
			status, back := authorizeGET(t, p, q)
			if status != http.StatusFound || back.Get("error") != c.want || back.Get("error_description") == "" ||
				back.Get("code") != "" || back.Get("state") != "st-1" || back.Get("iss") != p.Issuer() {
				t.Fatalf("%d %v, want a redirect with error %s", status, back, c.want)
			}
		})
	}
}

func TestAuthorizeRefusesOtherMethodsAndPOSTWithQuery(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	req, _ := http.NewRequest(http.MethodPut, p.Issuer()+jwttest.PathAuthorize, nil)
	resp, err := p.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("PUT: %d", resp.StatusCode)
	}
	_, challenge := pkcePair()
	resp, err = noFollow(p).PostForm(p.Issuer()+jwttest.PathAuthorize+"?client_id=x", authParams(p, challenge))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("POST with a query: %d", resp.StatusCode)
	}
}

func TestOIDCDiscovery_3_MetadataNamesWhatTheEndpointsDo(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	resp, err := p.Client().Get(p.Issuer() + jwttest.PathOpenIDConfiguration)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"authorization_endpoint":                         p.Issuer() + jwttest.PathAuthorize,
		"token_endpoint":                                 p.Issuer() + jwttest.PathToken,
		"authorization_response_iss_parameter_supported": true,
		"request_uri_parameter_supported":                false,
		"request_parameter_supported":                    false,
	}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s = %v, want %v", k, m[k], v)
		}
	}
	for k, v := range map[string]string{
		"response_types_supported":              `["code"]`,
		"token_endpoint_auth_methods_supported": `["none"]`,
		"code_challenge_methods_supported":      `["S256"]`,
		"grant_types_supported":                 `["authorization_code","client_credentials"]`,
	} {
		if got, _ := json.Marshal(m[k]); string(got) != v {
			t.Errorf("%s = %s, want %s", k, got, v)
		}
	}
	if algs, _ := m["dpop_signing_alg_values_supported"].([]any); len(algs) == 0 {
		t.Errorf("dpop_signing_alg_values_supported = %v", m["dpop_signing_alg_values_supported"])
	}
}

func TestEndpointsOnNilProviderNeverPanic(t *testing.T) {
	t.Parallel()
	var p *jwttest.Provider
	p.SetSubject("x")
	if err := p.SetRedirectURIs(testRedirect); !errors.Is(err, jwttest.ErrNoProvider) {
		t.Fatal(err)
	}
	if p.CertificatePEM() != nil || (&jwttest.Provider{}).CertificatePEM() != nil {
		t.Fatal("CertificatePEM of no provider")
	}
	if jwttest.NewProvider(t, jwttest.WithPlainHTTP()).CertificatePEM() != nil {
		t.Fatal("CertificatePEM with plain http")
	}
	if pem := jwttest.NewProvider(t).CertificatePEM(); !strings.HasPrefix(string(pem), "-----BEGIN CERTIFICATE-----") {
		t.Fatalf("CertificatePEM: %q", pem)
	}
}
