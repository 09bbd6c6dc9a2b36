package jwttest_test

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jotlib/jwt/jwttest"
)

const testRedirect = "https://client.example/cb"

// pkcePair is a fresh RFC 7636 section 4.1 verifier and its S256
// challenge (section 4.2).
func pkcePair() (verifier, challenge string) {
	verifier = base64.RawURLEncoding.EncodeToString([]byte(rand.Text() + rand.Text()))
	sum := sha256.Sum256([]byte(verifier))
	return verifier, base64.RawURLEncoding.EncodeToString(sum[:])
}

// authParams is a valid authorization request for p with challenge.
func authParams(p *jwttest.Provider, challenge string) url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {p.ClientID()}, "redirect_uri": {testRedirect},
		"scope": {"openid orders:read"}, "state": {"st-1"}, "nonce": {"n-1"},
		"code_challenge": {challenge}, "code_challenge_method": {"S256"},
	}
}

// noFollow is p's client stopping at the first redirect.
func noFollow(p *jwttest.Provider) *http.Client {
	c := *p.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// authorizeGET sends the authorization request and returns the response
// status and the redirect's query (nil when not redirected).
func authorizeGET(t *testing.T, p *jwttest.Provider, q url.Values) (int, url.Values) {
	t.Helper()
	resp, err := noFollow(p).Get(p.Issuer() + jwttest.PathAuthorize + "?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		return resp.StatusCode, nil
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, loc.Query()
}

// codeFor runs a valid authorization request and returns the code.
func codeFor(t *testing.T, p *jwttest.Provider, q url.Values) string {
	t.Helper()
	status, back := authorizeGET(t, p, q)
	if status != http.StatusFound || back.Get("code") == "" {
		t.Fatalf("authorize: %d %v", status, back)
	}
	return back.Get("code")
}

// tokenReply is a token endpoint answer (RFC 6749 sections 5.1 and 5.2).
type tokenReply struct {
	Status           int
	CacheControl     string
	AccessToken      string `json:"access_token"`
	TokenType        string `json:"token_type"`
	ExpiresIn        int64  `json:"expires_in"`
	Scope            string `json:"scope"`
	IDToken          string `json:"id_token"`
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

// postToken POSTs form to the token endpoint with extra headers.
func postToken(t *testing.T, p *jwttest.Provider, form url.Values, header http.Header) tokenReply {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, p.Issuer()+jwttest.PathToken, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := p.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r tokenReply
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatalf("token response (%d): %v", resp.StatusCode, err)
	}
	r.Status, r.CacheControl = resp.StatusCode, resp.Header.Get("Cache-Control")
	return r
}

// codeForm is the token request redeeming code.
func codeForm(p *jwttest.Provider, code, verifier string) url.Values {
	return url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {testRedirect},
		"client_id": {p.ClientID()}, "code_verifier": {verifier},
	}
}
