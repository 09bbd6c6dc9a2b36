package dpop_test

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// vfRequestWith is a server-side request for target on api.example with
// one DPoP header field.
func vfRequestWith(t testing.TB, method, target, proof string) *http.Request {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	r.Host = "api.example"
	r.Header.Set("DPoP", proof)
	return r
}

// TestRFC9449_4_3_Check1_TwoDPoPHeadersRefused: "there is not more than
// one DPoP HTTP request header field": two fields, or one holding two
// values joined by a comma (RFC 9110 section 5.3), are refused; so is an
// empty one.
func TestRFC9449_4_3_Check1_TwoDPoPHeadersRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	a, b := vfProof(t, k, nil, nil), vfProof(t, k, nil, nil)
	r := vfRequestWith(t, "GET", "/resource", a)
	r.Header.Add("DPoP", b)
	p, err := v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "two fields", p, err, dpop.ErrInvalidProof)
	r = vfRequestWith(t, "GET", "/resource", a+", "+b)
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "comma-joined", p, err, dpop.ErrInvalidProof)
	r = vfRequestWith(t, "GET", "/resource", a)
	r.Header["DPOP"] = []string{b} // a field not canonicalised by a server
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "two spellings", p, err, dpop.ErrInvalidProof)
	r = vfRequestWith(t, "GET", "/resource", "")
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "empty", p, err, dpop.ErrInvalidProof, jwt.ErrTokenMalformed)
	r = vfRequestWith(t, "GET", "/resource", a)
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfAccepted(t, "one", p, err)
}

// TestRFC9449_7_1_NoDPoPHeaderIsErrNoProof: a request without a DPoP
// header field is ErrNoProof, which matches ErrInvalidProof (the challenge
// is invalid_dpop_proof).
func TestRFC9449_7_1_NoDPoPHeaderIsErrNoProof(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	r := httptest.NewRequest("GET", "/resource", nil)
	r.Host = "api.example"
	p, err := v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "absent", p, err, dpop.ErrNoProof, dpop.ErrInvalidProof)
}

// TestRFC9449_4_3_Check9_RequestURLFromConfiguredOrigin: the target URI is
// the configured origin and the request's escaped path, over a real TLS
// server; never the Host header a client sends, nor X-Forwarded-*.
func TestRFC9449_4_3_Check9_RequestURLFromConfiguredOrigin(t *testing.T) {
	cfg := vfConfig()
	cfg.Origins = []string{"https://api.example", "https://API.other.example:443"}
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	type result struct {
		p   *dpop.Proof
		err error
	}
	results := make(chan result, 1)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := v.VerifyRequest(r.Context(), r, "")
		results <- result{p, err}
	}))
	defer srv.Close()
	send := func(method, host, path, htu string, extra http.Header) (*dpop.Proof, error) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		req.Host = host
		req.Header.Set("DPoP", vfProof(t, k, nil, map[string]any{"htm": method, "htu": htu}))
		for n, vs := range extra {
			req.Header[n] = vs
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		r := <-results
		return r.p, r.err
	}
	p, err := send("GET", "api.example", "/a/b%2Fc", "https://api.example/a/b%2Fc", nil)
	vfAccepted(t, "first origin", p, err)
	p, err = send("POST", "Api.Other.Example", "/x", "https://api.other.example/x", nil)
	vfAccepted(t, "second origin, chosen by Host", p, err)
	p, err = send("GET", "evil.example", "/x", "https://api.example/x", nil)
	vfAccepted(t, "unknown Host: the first origin", p, err)
	p, err = send("GET", "evil.example", "/x", "https://evil.example/x", nil)
	vfRefused(t, "htu of the Host the client sent", p, err, dpop.ErrInvalidProof)
	p, err = send("GET", "api.example", "/x", "https://evil.example/x", http.Header{
		"X-Forwarded-Host": {"evil.example"}, "X-Forwarded-Proto": {"https"}, "Forwarded": {"host=evil.example;proto=https"},
	})
	vfRefused(t, "X-Forwarded-*", p, err, dpop.ErrInvalidProof)
	p, err = send("GET", "api.example", "/x?q=1", "https://api.example/x", nil)
	vfAccepted(t, "query dropped", p, err)
	_, err = send("GET", "api.example", "/x/../y", "https://api.example/y", nil)
	if err != nil && !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("dot segments: %v", err)
	}
}

// TestRFC9449_4_3_Check9_TrustRequestHost: only when asked, the origin is
// built from r.Host, with https when the request came over TLS.
func TestRFC9449_4_3_Check9_TrustRequestHost(t *testing.T) {
	cfg := vfConfig()
	cfg.Origins, cfg.TrustRequestHost = nil, true
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	errs := make(chan error, 1)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := v.VerifyRequest(r.Context(), r, "")
		errs <- err
	})
	tlsSrv := httptest.NewTLSServer(handler)
	defer tlsSrv.Close()
	plain := httptest.NewServer(handler)
	defer plain.Close()
	send := func(c *http.Client, base, host, htu string) error {
		t.Helper()
		req, _ := http.NewRequest("GET", base+"/r", nil)
		req.Host = host
		req.Header.Set("DPoP", vfProof(t, k, nil, map[string]any{"htu": htu}))
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return <-errs
	}
	if err := send(tlsSrv.Client(), tlsSrv.URL, "rs.example:8443", "https://rs.example:8443/r"); err != nil {
		t.Errorf("TLS: %v", err)
	}
	if err := send(tlsSrv.Client(), tlsSrv.URL, "rs.example", "http://rs.example/r"); !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("http htu over TLS: %v", err)
	}
	if err := send(plain.Client(), plain.URL, "rs.example", "http://rs.example/r"); err != nil {
		t.Errorf("plain: %v", err)
	}
	if err := send(plain.Client(), plain.URL, "rs.example", "https://rs.example/r"); !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("https htu over plain HTTP: %v", err)
	}
	// A Host that makes no URI is the client's error.
	r := vfRequestWith(t, "GET", "/r", vfProof(t, k, nil, nil))
	r.Host, r.TLS = "a b", &tls.ConnectionState{}
	if _, err := v.VerifyRequest(context.Background(), r, ""); !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("Host %q: %v", r.Host, err)
	}
	r.Host = ""
	if _, err := v.VerifyRequest(context.Background(), r, ""); !errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("no Host: %v", err)
	}
}

// TestRFC9449_4_3_Check9_RequestTargetNotOriginFormRefused: a request
// whose path does not start with "/" (OPTIONS *) makes no target URI from
// an origin; glued to it, it would change the host.
func TestRFC9449_4_3_Check9_RequestTargetNotOriginFormRefused(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	r := vfRequestWith(t, "OPTIONS", "/", vfProof(t, vfKeyOf(t, jwt.ES256), nil, map[string]any{"htm": "OPTIONS", "htu": "https://api.example*"}))
	r.URL.Path, r.URL.RawPath, r.RequestURI = "*", "", "*"
	p, err := v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "OPTIONS *", p, err, dpop.ErrInvalidProof)
	r.RequestURI = "api.example:443" // CONNECT's authority-form
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "authority-form", p, err, dpop.ErrInvalidProof)
	r.RequestURI = "" // a request made in process: r.URL's path
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "OPTIONS * in r.URL", p, err, dpop.ErrInvalidProof)
	r.URL.Path = ".evil.example/x"
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "a path gluing a host", p, err, dpop.ErrInvalidProof)
}

// TestRFC9449_4_3_Check9_AbsoluteFormRequestTargetPathTaken: a request
// line in absolute-form (RFC 9112 section 3.2.2) gives its path; its
// scheme and host never choose the origin, which stays the configured one.
func TestRFC9449_4_3_Check9_AbsoluteFormRequestTargetPathTaken(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	r := vfRequestWith(t, "GET", "/other", vfProof(t, k, nil, map[string]any{"htu": vfOrigin + "/api/items"}))
	r.RequestURI = "http://evil.example/api/items?q=1"
	p, err := v.VerifyRequest(context.Background(), r, "")
	vfAccepted(t, "absolute-form target", p, err)
	r = vfRequestWith(t, "GET", "/other", vfProof(t, k, nil, map[string]any{"htu": "http://evil.example/api/items"}))
	r.RequestURI = "http://evil.example/api/items"
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "htu of the absolute-form's host", p, err, dpop.ErrInvalidProof)
}

// TestRFC9449_7_1_VerifyRequestChecksATH: VerifyRequest's access token is
// Request.AccessToken: ath is checked.
func TestRFC9449_7_1_VerifyRequestChecksATH(t *testing.T) {
	v := vfVerifier(t, vfConfig())
	k := vfKeyOf(t, jwt.ES256)
	r := vfRequestWith(t, "GET", "/resource", vfProof(t, k, nil, map[string]any{"ath": dpop.AccessTokenHash("tok")}))
	p, err := v.VerifyRequest(context.Background(), r, "tok")
	vfAccepted(t, "ath", p, err)
	r = vfRequestWith(t, "GET", "/resource", vfProof(t, k, nil, map[string]any{"ath": dpop.AccessTokenHash("tok")}))
	p, err = v.VerifyRequest(context.Background(), r, "other")
	vfRefused(t, "ath of another token", p, err, dpop.ErrInvalidProof)
	if p == nil && err != nil && strings.Contains(err.Error(), "other") {
		t.Errorf("the access token reached the error: %v", err)
	}
}
