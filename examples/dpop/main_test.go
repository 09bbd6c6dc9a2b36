package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/examples/internal/wwwauth"
	"github.com/jotlib/jwt/jwthttp"
)

// TestExampleRuns runs the README's program: a token from the token
// endpoint bound to the client's key, the API called with it, and the
// stolen token refused as a bearer token and with the thief's key; it fails
// (log.Fatal) if any step goes otherwise.
func TestExampleRuns(t *testing.T) {
	main()
}

// exchange is one request a client sent and the answer it got.
type exchange struct {
	method, url string
	header      http.Header // the request's, as sent (DPoP, Authorization)
	status      int
	answer      http.Header
	body        string
}

// recorder is an http.RoundTripper under dpop.Transport that keeps every
// request as it went on the wire: what an attacker watching the wire (or a
// log) would hold.
type recorder struct {
	base http.RoundTripper
	mu   sync.Mutex
	log  []exchange
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(strings.NewReader(string(body)))
	r.mu.Lock()
	defer r.mu.Unlock()
	r.log = append(r.log, exchange{req.Method, req.URL.String(), req.Header.Clone(), resp.StatusCode, resp.Header.Clone(), string(body)})
	return resp, nil
}

func (r *recorder) exchanges() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]exchange(nil), r.log...)
}

// flow is the example running: both servers, the client with its token.
type flow struct {
	d     *demo
	alice *client
	rec   *recorder
	token string
}

func startFlow(t *testing.T) *flow {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	d, err := start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.close)
	f := &flow{d: d, rec: &recorder{base: d.transport()}}
	if f.alice, err = newClient(f.rec, clientID, d.secret); err != nil {
		t.Fatal(err)
	}
	if f.token, err = f.alice.token(ctx, d.as.URL+"/token"); err != nil {
		t.Fatal(err)
	}
	return f
}

// send sends a request with exactly the Authorization and DPoP fields given
// ("" for none), as an attacker's own client would, and returns the answer
// and its body.
func (f *flow) send(t *testing.T, method, url, authorization, proof string) (*http.Response, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	if proof != "" {
		req.Header.Set("DPoP", proof)
	}
	resp, err := f.d.rs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

// nonce asks the resource server for its current nonce: every 401 with a
// DPoP challenge carries one (RFC 9449 section 9).
func (f *flow) nonce(t *testing.T) string {
	t.Helper()
	resp, _ := f.send(t, http.MethodGet, f.d.rs.URL+"/v1/items", "", "")
	n := resp.Header.Get("DPoP-Nonce")
	if resp.StatusCode != http.StatusUnauthorized || n == "" {
		t.Fatalf("no credentials: %s, DPoP-Nonce %q; want 401 with a nonce", resp.Status, n)
	}
	return n
}

// proof is a proof by s for method and url.
func proof(t *testing.T, s *dpop.Signer, method, url string, o dpop.ProofOptions) string {
	t.Helper()
	p, err := s.Proof(method, url, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// challenge parses the answer's WWW-Authenticate challenge of scheme (RFC
// 9110 section 11.6.1; one field value each, as jwthttp writes them).
func challenge(t *testing.T, resp *http.Response, scheme string) map[string]string {
	t.Helper()
	fields := resp.Header.Values("WWW-Authenticate")
	for _, v := range fields {
		got, params, err := wwwauth.Parse(v)
		if err != nil {
			t.Fatalf("WWW-Authenticate %q: %v", v, err)
		}
		if strings.EqualFold(got, scheme) {
			return params
		}
	}
	t.Fatalf("WWW-Authenticate %q: no %s challenge", fields, scheme)
	return nil
}

// refused checks a 401 whose challenge of scheme carries the error code
// code ("" for none), and that the handler never ran.
func refused(t *testing.T, resp *http.Response, body, scheme, code string) map[string]string {
	t.Helper()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("status %s, want 401 (%s)", resp.Status, body)
	}
	if strings.Contains(body, " for ") {
		t.Fatalf("the handler ran: %q", body)
	}
	params := challenge(t, resp, scheme)
	if params["error"] != code {
		t.Fatalf("error=%q, want %q (%v)", params["error"], code, params)
	}
	return params
}

// accepted checks that the handler served the request for the client's key.
func accepted(t *testing.T, f *flow, resp *http.Response, body string) {
	t.Helper()
	if resp.StatusCode != http.StatusOK || !strings.HasSuffix(body, "key "+f.alice.signer.JKT()) {
		t.Fatalf("%s %q, want 200 for key %s", resp.Status, body, f.alice.signer.JKT())
	}
}

// TestRFC9449_TokenBoundToTheClientKey walks the flow: the token endpoint
// asked for a nonce (400 use_dpop_nonce, section 8) and the Transport
// retried with it; the token is a DPoP one bound to the client's key
// (section 6.1); the resource server asked for its own nonce (401
// use_dpop_nonce, section 9), the Transport retried, and the handler saw
// the verified proof; the next call uses the nonce kept, in one request.
func TestRFC9449_TokenBoundToTheClientKey(t *testing.T) {
	f := startFlow(t)
	v, err := accesstoken.NewVerifier(f.d.keys, accesstoken.Config{Issuer: f.d.as.URL, Audience: f.d.rs.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := v.Verify(context.Background(), f.token)
	if err != nil {
		t.Fatal(err)
	}
	if c.Confirmation == nil || c.Confirmation.JKT != f.alice.signer.JKT() {
		t.Fatalf("cnf %+v, want jkt %s", c.Confirmation, f.alice.signer.JKT())
	}
	for range 2 {
		body, err := f.alice.get(context.Background(), f.d.rs.URL+"/v1/items", f.token)
		if err != nil || !strings.HasSuffix(body, f.alice.signer.JKT()) {
			t.Fatalf("API: %q, %v", body, err)
		}
	}
	log := f.rec.exchanges()
	want := []struct {
		url    string
		status int
		code   string
	}{
		{f.d.as.URL + "/token", http.StatusBadRequest, "use_dpop_nonce"}, // section 8
		{f.d.as.URL + "/token", http.StatusOK, ""},
		{f.d.rs.URL + "/v1/items", http.StatusUnauthorized, "use_dpop_nonce"}, // section 9
		{f.d.rs.URL + "/v1/items", http.StatusOK, ""},
		{f.d.rs.URL + "/v1/items", http.StatusOK, ""}, // the nonce kept: no retry
	}
	if len(log) != len(want) {
		t.Fatalf("%d requests, want %d: %+v", len(log), len(want), log)
	}
	for i, w := range want {
		e := log[i]
		if e.url != w.url || e.status != w.status || e.header.Get("DPoP") == "" {
			t.Fatalf("request %d: %s %d (DPoP %t), want %s %d", i, e.url, e.status, e.header.Get("DPoP") != "", w.url, w.status)
		}
		if w.code == "" {
			continue
		}
		if e.answer.Get("DPoP-Nonce") == "" {
			t.Errorf("request %d: %s without DPoP-Nonce", i, w.code)
		}
		if i == 0 {
			var body struct{ Error string }
			if err := json.Unmarshal([]byte(e.body), &body); err != nil || body.Error != w.code {
				t.Errorf("token endpoint: %q, want {\"error\":%q}", e.body, w.code)
			}
		} else if _, params, _ := wwwauth.Parse(e.answer.Get("WWW-Authenticate")); params["error"] != w.code {
			t.Errorf("resource server: %q, want error=%q", e.answer.Get("WWW-Authenticate"), w.code)
		}
	}
	if strings.HasPrefix(log[1].header.Get("Authorization"), "DPoP") || !strings.HasPrefix(log[3].header.Get("Authorization"), "DPoP ") {
		t.Errorf("Authorization: token endpoint %q, resource server %q", log[1].header.Get("Authorization"), log[3].header.Get("Authorization"))
	}
}

// TestRFC9449_AttacksEachCheckRefuses attacks the resource server (and the
// token endpoint) with what a thief of the token, or of a request, holds:
// each subtest names the threat and the check of RFC 9449 that stops it.
func TestRFC9449_AttacksEachCheckRefuses(t *testing.T) {
	f := startFlow(t)
	items := f.d.rs.URL + "/v1/items"
	dpopAuth := "DPoP " + f.token

	t.Run("StolenTokenAsBearer_7_2", func(t *testing.T) {
		resp, body := f.send(t, http.MethodGet, items, "Bearer "+f.token, "")
		refused(t, resp, body, "DPoP", "") // DPoPRequired: Bearer is a scheme it does not take
		if n := len(resp.Header.Values("WWW-Authenticate")); n != 1 {
			t.Errorf("DPoPRequired: %d challenges, want DPoP's alone", n)
		}
		// A resource taking both schemes refuses it as invalid_token.
		v, err := accesstoken.NewVerifier(f.d.keys, accesstoken.Config{Issuer: f.d.as.URL, Audience: f.d.rs.URL + "/v1"})
		if err != nil {
			t.Fatal(err)
		}
		proofs, err := dpop.NewVerifier(dpop.Config{Origins: []string{f.d.rs.URL}})
		if err != nil {
			t.Fatal(err)
		}
		mw, err := jwthttp.New(jwthttp.AccessTokens(v), jwthttp.WithResource(jwthttp.Resource{ID: f.d.rs.URL + "/v1"}),
			jwthttp.WithDPoP(proofs, jwthttp.DPoPAllowed))
		if err != nil {
			t.Fatal(err)
		}
		both := httptest.NewTLSServer(mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "served for") })))
		defer both.Close()
		resp, body = f.send(t, http.MethodGet, both.URL+"/v1/items", "Bearer "+f.token, "")
		refused(t, resp, body, "Bearer", "invalid_token")
		if first := resp.Header.Get("WWW-Authenticate"); !strings.HasPrefix(first, "Bearer ") {
			t.Errorf("first challenge %q, want Bearer's (RFC 9449 section 7.2)", first)
		}
	})

	t.Run("StolenTokenWithTheThiefsKey_6_1_CnfJktMismatch", func(t *testing.T) {
		mallory, err := newClient(f.d.transport(), "", "")
		if err != nil {
			t.Fatal(err)
		}
		p := proof(t, mallory.signer, http.MethodGet, items, dpop.ProofOptions{AccessToken: f.token, Nonce: f.nonce(t)})
		resp, body := f.send(t, http.MethodGet, items, dpopAuth, p)
		params := refused(t, resp, body, "DPoP", "invalid_token")
		if !strings.Contains(params["error_description"], "another key") {
			t.Errorf("error_description %q", params["error_description"])
		}
	})

	t.Run("ProofReplayed_11_1_Jti", func(t *testing.T) {
		if _, err := f.alice.get(context.Background(), items, f.token); err != nil {
			t.Fatal(err)
		}
		log := f.rec.exchanges()
		last := log[len(log)-1] // the request that was served, as it went on the wire
		if last.status != http.StatusOK {
			t.Fatalf("last request %d", last.status)
		}
		resp, body := f.send(t, http.MethodGet, items, last.header.Get("Authorization"), last.header.Get("DPoP"))
		refused(t, resp, body, "DPoP", "invalid_dpop_proof")
	})

	t.Run("ProofForAnotherRequest_4_3_HtmHtu", func(t *testing.T) {
		p := proof(t, f.alice.signer, http.MethodGet, items, dpop.ProofOptions{AccessToken: f.token, Nonce: f.nonce(t)})
		for _, c := range []struct{ name, method, url string }{
			{"another method (htm)", http.MethodDelete, items},
			{"another path (htu)", http.MethodGet, items + "/42"},
		} {
			t.Run(c.name, func(t *testing.T) {
				resp, body := f.send(t, c.method, c.url, dpopAuth, p)
				refused(t, resp, body, "DPoP", "invalid_dpop_proof")
			})
		}
		// A proof for the same path on another server (htu's origin).
		asProof := proof(t, f.alice.signer, http.MethodGet, f.d.as.URL+"/v1/items", dpop.ProofOptions{AccessToken: f.token, Nonce: f.nonce(t)})
		resp, body := f.send(t, http.MethodGet, items, dpopAuth, asProof)
		refused(t, resp, body, "DPoP", "invalid_dpop_proof")
		// Refused before the replay check: the proof is still good for its own request,
		// whose query is not part of htu (section 4.2).
		resp, body = f.send(t, http.MethodGet, items+"?page=2", dpopAuth, p)
		accepted(t, f, resp, body)
	})

	t.Run("ProofWithAnotherAccessToken_4_3_Ath", func(t *testing.T) {
		other, err := f.alice.token(context.Background(), f.d.as.URL+"/token") // bound to the same key
		if err != nil {
			t.Fatal(err)
		}
		p := proof(t, f.alice.signer, http.MethodGet, items, dpop.ProofOptions{AccessToken: other, Nonce: f.nonce(t)})
		resp, body := f.send(t, http.MethodGet, items, dpopAuth, p)
		refused(t, resp, body, "DPoP", "invalid_dpop_proof")
		resp, body = f.send(t, http.MethodGet, items, "DPoP "+other, p)
		accepted(t, f, resp, body)
	})

	t.Run("StaleOrFutureProof_4_3_Iat", func(t *testing.T) {
		n := f.nonce(t)
		for _, at := range []time.Duration{-2 * time.Minute, time.Minute} { // MaxAge 60 s, Leeway 5 s
			p := proof(t, f.alice.signer, http.MethodGet, items, dpop.ProofOptions{AccessToken: f.token, Nonce: n, Now: time.Now().Add(at)})
			resp, body := f.send(t, http.MethodGet, items, dpopAuth, p)
			refused(t, resp, body, "DPoP", "invalid_dpop_proof")
		}
	})

	t.Run("ProofWithoutCurrentNonce_9_Retried", func(t *testing.T) {
		for _, n := range []string{"", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} { // none, one the server never issued
			p := proof(t, f.alice.signer, http.MethodGet, items, dpop.ProofOptions{AccessToken: f.token, Nonce: n})
			resp, body := f.send(t, http.MethodGet, items, dpopAuth, p)
			refused(t, resp, body, "DPoP", "use_dpop_nonce")
			fresh := resp.Header.Get("DPoP-Nonce")
			if fresh == "" {
				t.Fatal("use_dpop_nonce without DPoP-Nonce")
			}
			p = proof(t, f.alice.signer, http.MethodGet, items, dpop.ProofOptions{AccessToken: f.token, Nonce: fresh})
			resp, body = f.send(t, http.MethodGet, items, dpopAuth, p)
			accepted(t, f, resp, body)
		}
		// The Transport does that retry itself (TestRFC9449_TokenBoundToTheClientKey).
	})

	t.Run("TokenRequestWithoutProof_5_NoBearerTokenIssued", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.d.as.URL+"/token", strings.NewReader("grant_type=client_credentials"))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(clientID, f.d.secret)
		resp, err := f.d.as.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ Error, AccessToken string }
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != http.StatusBadRequest || body.Error != "invalid_dpop_proof" {
			t.Fatalf("%s %+v %v, want 400 invalid_dpop_proof", resp.Status, body, err)
		}
	})
}
