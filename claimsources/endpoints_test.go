package claimsources_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jotlib/jwt/claimsources"
)

func bankJWT(t *testing.T) func() string {
	return func() string { return sign(t, "bank", `{"iss":"https://bank.example.com","payment_info":"x"}`) }
}

// TestOIDCCore_5_6_2_EndpointNotAllowedNeverContacted: an endpoint no
// Source lists is refused without a request, and so is every other
// endpoint of the same references: all are checked before any is fetched.
func TestOIDCCore_5_6_2_EndpointNotAllowedNeverContacted(t *testing.T) {
	allowed := newJWTServer(t, "application/jwt", bankJWT(t))
	other := newJWTServer(t, "application/jwt", bankJWT(t))
	r := resolver(t, allowed.Client(), claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Endpoints: []string{allowed.URL + "/claims"}})
	for name, ep := range map[string]string{
		"other server":     other.URL + "/claims",
		"other path":       allowed.URL + "/claims/",
		"query added":      allowed.URL + "/claims?x=1",
		"http":             strings.Replace(allowed.URL, "https://", "http://", 1) + "/claims",
		"not a URL":        "123",
		"user information": strings.Replace(allowed.URL, "https://", "https://u@", 1) + "/claims",
		"fragment":         allowed.URL + "/claims#f",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := r.Resolve(context.Background(), refs(`{"payment_info":"a","shipping_address":"b"}`,
				`{"a":{"endpoint":"`+allowed.URL+`/claims"},"b":{"endpoint":"`+ep+`"}}`))
			wantIs(t, err, claimsources.ErrEndpointNotAllowed)
			if n := allowed.hits.Load() + other.hits.Load(); n != 0 {
				t.Fatalf("%d requests made", n)
			}
		})
	}
}

// TestOIDCCore_5_6_2_OriginAllowsItsPathsOnly: Source.Origins allows any
// path of the origin, no other origin (another port is another origin,
// RFC 6454 section 4).
func TestOIDCCore_5_6_2_OriginAllowsItsPathsOnly(t *testing.T) {
	s := newJWTServer(t, "application/jwt", bankJWT(t))
	other := newJWTServer(t, "application/jwt", bankJWT(t))
	r := resolver(t, s.Client(), claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Origins: []string{s.URL + "/"}})
	if _, err := r.Resolve(context.Background(), refs(`{"payment_info":"a"}`, `{"a":{"endpoint":"`+s.URL+`/any/path?q=1"}}`)); err != nil {
		t.Fatal(err)
	}
	_, err := r.Resolve(context.Background(), refs(`{"payment_info":"a"}`, `{"a":{"endpoint":"`+other.URL+`/any"}}`))
	wantIs(t, err, claimsources.ErrEndpointNotAllowed)
	if other.hits.Load() != 0 {
		t.Fatal("other origin contacted")
	}
}

// TestOIDCCore_5_6_2_RedirectNotFollowed: an allowed endpoint redirecting
// elsewhere is refused; the redirect's target is never contacted.
func TestOIDCCore_5_6_2_RedirectNotFollowed(t *testing.T) {
	target := newJWTServer(t, "application/jwt", bankJWT(t))
	redirector := httptest.NewTLSServer(http.RedirectHandler(target.URL+"/claims", http.StatusFound))
	defer redirector.Close()
	r := resolver(t, redirector.Client(), claimsources.Source{Issuer: issuerBank, Key: pub("bank"),
		Endpoints: []string{redirector.URL + "/claims", target.URL + "/claims"}})
	_, err := r.Resolve(context.Background(), refs(`{"payment_info":"a"}`, `{"a":{"endpoint":"`+redirector.URL+`/claims"}}`))
	wantIs(t, err, claimsources.ErrFetchFailed)
	if target.hits.Load() != 0 {
		t.Fatal("redirect followed")
	}
}

// TestOIDCCore_5_6_2_ResponseRules: the endpoint "MUST return the Claim as
// a JWT": 200, Content-Type application/jwt, within MaxResponseBytes; a
// 401 (wrong access token, as go-oidc's wrongAccessToken case) is refused.
func TestOIDCCore_5_6_2_ResponseRules(t *testing.T) {
	cases := map[string]struct {
		ctype string
		body  func() string
		query string
		err   error
	}{
		"json":             {"application/json", bankJWT(t), "", claimsources.ErrFetchFailed},
		"no content type":  {"", bankJWT(t), "", claimsources.ErrFetchFailed},
		"too large":        {"application/jwt", func() string { return strings.Repeat("a", claimsources.DefaultMaxResponseBytes+1) }, "", claimsources.ErrResponseTooLarge},
		"not a JWT":        {"application/jwt", func() string { return "hello" }, "", claimsources.ErrSourceRefused},
		"wrong token 401":  {"application/jwt", bankJWT(t), "?need=other", claimsources.ErrFetchFailed},
		"jwt with params":  {"application/jwt; charset=utf-8", bankJWT(t), "", nil},
		"trailing newline": {"application/jwt", func() string { return bankJWT(t)() + "\r\n" }, "", nil},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			s := newJWTServer(t, c.ctype, c.body)
			r := resolver(t, s.Client(), claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Origins: []string{s.URL}})
			_, err := r.Resolve(context.Background(), refs(`{"payment_info":"a"}`, `{"a":{"endpoint":"`+s.URL+`/c`+c.query+`","access_token":"1234"}}`))
			if c.err == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wantIs(t, err, c.err)
		})
	}
}
