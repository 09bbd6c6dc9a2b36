package dpop_test

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt/dpop"
)

const trToken = "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU"

// trNonceRS is a resource server that requires its current nonce (RFC
// 9449 section 9), challenging with the given WWW-Authenticate fields.
func trNonceRS(t *testing.T, challenges ...string) *trServer {
	if challenges == nil {
		challenges = []string{`Bearer realm="api", DPoP algs="ES256 EdDSA", error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"`}
	}
	return trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		if s.proofErr != nil {
			w.WriteHeader(http.StatusTeapot)
			return
		}
		if n := s.proof.str(t, s.proof.claims, "nonce"); n == "" || n != srv.lastNonce() {
			trUseNonceRS(w, srv, challenges...)
			return
		}
		_, _ = io.WriteString(w, "protected resource")
	})
}

// trNonceAS is an authorization server's token endpoint that requires its
// current nonce (RFC 9449 section 8).
func trNonceAS(t *testing.T) *trServer {
	return trNewServer(t, func(w http.ResponseWriter, r *http.Request, s trSeen, srv *trServer) {
		if s.proofErr != nil {
			w.WriteHeader(http.StatusTeapot)
			return
		}
		if n := s.proof.str(t, s.proof.claims, "nonce"); n == "" || n != srv.lastNonce() {
			trUseNonceAS(w, srv)
			return
		}
		w.Header().Set("DPoP-Nonce", srv.newNonce()) // a server may rotate on any response
		_, _ = io.WriteString(w, `{"access_token":"`+trToken+`","token_type":"DPoP","expires_in":300}`)
	})
}

// trGet sends GET url with c and returns the status and body.
func trDo(t *testing.T, c *http.Client, req *http.Request) (int, string) {
	t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func trRequest(t *testing.T, method, url string, body io.Reader) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// RFC 9449 section 9: a resource server answers 401 with a DPoP challenge
// error="use_dpop_nonce" and a DPoP-Nonce; the Transport sends the request
// again once, with a fresh proof carrying the nonce, "Authorization: DPoP"
// and "ath" on both; the next request carries the nonce from the start.
func TestRFC9449_9_TransportRetriesOnceOnUseDPoPNonceFromRS(t *testing.T) {
	rs := trNonceRS(t)
	c, _ := trClient(rs, sgSigner(t), trToken)
	status, body := trDo(t, c, trRequest(t, "GET", rs.URL+"/protectedresource?x=1", nil))
	if status != http.StatusOK || body != "protected resource" {
		t.Fatalf("status %d body %q", status, body)
	}
	seen := rs.requests()
	if len(seen) != 2 {
		t.Fatalf("%d requests, want 2", len(seen))
	}
	for i, s := range seen {
		if s.proofErr != nil || s.authorization != "DPoP "+trToken {
			t.Errorf("request %d: proof %v, Authorization %q", i, s.proofErr, s.authorization)
		}
	}
	if n := seen[0].proof.str(t, seen[0].proof.claims, "nonce"); n != "" {
		t.Errorf("first proof has nonce %q", n)
	}
	if n := seen[1].proof.str(t, seen[1].proof.claims, "nonce"); n != "nonce-1_Zz.~" {
		t.Errorf("retry's nonce %q", n)
	}
	if seen[0].proof.str(t, seen[0].proof.claims, "jti") == seen[1].proof.str(t, seen[1].proof.claims, "jti") {
		t.Error("the retry reused the proof")
	}
	if status, _ := trDo(t, c, trRequest(t, "GET", rs.URL+"/protectedresource", nil)); status != http.StatusOK || len(rs.requests()) != 3 {
		t.Errorf("next request: status %d after %d requests, want 200 after 3", status, len(rs.requests()))
	}
}

// RFC 9449 section 8: an authorization server answers 400 with
// {"error":"use_dpop_nonce"} and a DPoP-Nonce; the Transport retries once,
// sending the body again byte for byte (req.GetBody), with no
// Authorization field at the token endpoint, and the caller reads the
// token response.
func TestRFC9449_8_TransportRetriesOnceOnUseDPoPNonceFromAS(t *testing.T) {
	as := trNonceAS(t)
	c, _ := trClient(as, sgSigner(t), "")
	form := url.Values{"grant_type": {"authorization_code"}, "code": {"SplxlOBeZQQYbYS6WxSbIA"}, "code_verifier": {strings.Repeat("v", 64)}}.Encode()
	req := trRequest(t, "POST", as.URL+"/token", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	status, body := trDo(t, c, req)
	if status != http.StatusOK || !strings.Contains(body, `"token_type":"DPoP"`) {
		t.Fatalf("status %d body %q", status, body)
	}
	seen := as.requests()
	if len(seen) != 2 {
		t.Fatalf("%d requests, want 2", len(seen))
	}
	for i, s := range seen {
		if s.proofErr != nil || s.authorization != "" || string(s.body) != form || s.method != "POST" {
			t.Errorf("request %d: proof %v, Authorization %q, body %q", i, s.proofErr, s.authorization, s.body)
		}
		if _, has := s.proof.claims["ath"]; has {
			t.Errorf("request %d: ath at the token endpoint", i)
		}
	}
	if n := seen[1].proof.str(t, seen[1].proof.claims, "nonce"); n != "nonce-1_Zz.~" {
		t.Errorf("retry's nonce %q", n)
	}
	// The nonce of the successful response is the one used next.
	req = trRequest(t, "POST", as.URL+"/token", strings.NewReader(form))
	if status, _ := trDo(t, c, req); status != http.StatusOK || len(as.requests()) != 3 {
		t.Errorf("next request: status %d after %d requests", status, len(as.requests()))
	}
	if n := as.requests()[2].proof.str(t, as.requests()[2].proof.claims, "nonce"); n != "nonce-2_Zz.~" {
		t.Errorf("next nonce %q, want the one of the last response", n)
	}
}

// RFC 9449 sections 8 and 9: a server that asks for a new nonce every time
// gets exactly two requests; the caller gets the second answer, its body
// whole.
func TestRFC9449_8_TransportNeverRetriesTwice(t *testing.T) {
	for name, respond := range map[string]func(http.ResponseWriter, *http.Request, trSeen, *trServer){
		"AS 400": func(w http.ResponseWriter, _ *http.Request, _ trSeen, srv *trServer) { trUseNonceAS(w, srv) },
		"RS 401": func(w http.ResponseWriter, _ *http.Request, _ trSeen, srv *trServer) {
			trUseNonceRS(w, srv, `DPoP error="use_dpop_nonce"`)
		},
	} {
		srv := trNewServer(t, respond)
		c, _ := trClient(srv, sgSigner(t), "")
		status, body := trDo(t, c, trRequest(t, "POST", srv.URL+"/x", bytes.NewReader([]byte("payload"))))
		if n := len(srv.requests()); n != 2 {
			t.Errorf("%s: %d requests, want 2", name, n)
		}
		if name == "AS 400" && (status != http.StatusBadRequest || !strings.HasPrefix(body, `{"error":"use_dpop_nonce"`)) {
			t.Errorf("%s: status %d body %q", name, status, body)
		}
		if name == "RS 401" && status != http.StatusUnauthorized {
			t.Errorf("%s: status %d", name, status)
		}
	}
}

// RFC 9449 section 8: a request body that cannot be sent again (no
// GetBody) is not retried: the caller gets the server's answer, its body
// whole, and the nonce is kept for the next request.
func TestRFC9449_8_TransportWithoutGetBodyDoesNotRetry(t *testing.T) {
	as := trNonceAS(t)
	c, _ := trClient(as, sgSigner(t), "")
	req := trRequest(t, "POST", as.URL+"/token", io.NopCloser(strings.NewReader("grant_type=x")))
	req.GetBody = nil
	status, body := trDo(t, c, req)
	if status != http.StatusBadRequest || !strings.Contains(body, "use_dpop_nonce") || len(as.requests()) != 1 {
		t.Fatalf("status %d body %q after %d requests", status, body, len(as.requests()))
	}
	req = trRequest(t, "POST", as.URL+"/token", io.NopCloser(strings.NewReader("grant_type=x")))
	req.GetBody = nil
	if status, _ := trDo(t, c, req); status != http.StatusOK {
		t.Errorf("with the remembered nonce: status %d", status)
	}
}

// A 400 that is not use_dpop_nonce, larger than the part read to look,
// reaches the caller whole, and is not retried.
func TestRFC9449_8_TransportGivesBackA400BodyWhole(t *testing.T) {
	big := `{"error":"invalid_grant","pad":"` + strings.Repeat("x", 100<<10) + `"}`
	srv := trNewServer(t, func(w http.ResponseWriter, _ *http.Request, _ trSeen, srv *trServer) {
		w.Header().Set("DPoP-Nonce", srv.newNonce())
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, big)
	})
	c, _ := trClient(srv, sgSigner(t), "")
	status, body := trDo(t, c, trRequest(t, "POST", srv.URL+"/token", strings.NewReader("a=b")))
	if status != http.StatusBadRequest || body != big || len(srv.requests()) != 1 {
		t.Errorf("status %d, body of %d bytes (want %d), %d requests", status, len(body), len(big), len(srv.requests()))
	}
}

// RFC 9449 sections 8 and 9 (RFC 9110 section 11.6.1): only a DPoP
// challenge's error="use_dpop_nonce" (any case of the scheme, in any
// field, among other challenges) or a 400 JSON error of that code, with a
// DPoP-Nonce, asks for a retry.
func TestRFC9449_9_TransportReadsTheDPoPChallengeOnly(t *testing.T) {
	for name, c := range map[string]struct {
		status  int
		fields  []string
		body    string
		noNonce bool
		retried bool
	}{
		"DPoP alone":                {401, []string{`DPoP error="use_dpop_nonce"`}, "", false, true},
		"token value":               {401, []string{`DPoP error=use_dpop_nonce`}, "", false, true},
		"lower-case scheme":         {401, []string{`dpop error="use_dpop_nonce"`}, "", false, true},
		"after Bearer, one field":   {401, []string{`Bearer realm="a, b", error="invalid_token", DPoP algs="ES256", error="use_dpop_nonce"`}, "", false, true},
		"second field":              {401, []string{`Bearer realm="api"`, `DPoP algs="ES256", error="use_dpop_nonce"`}, "", false, true},
		"after a token68":           {401, []string{`Basic YWxhZGRpbjpvcGVuc2VzYW1l==, DPoP error="use_dpop_nonce"`}, "", false, true},
		"escaped quoted-string":     {401, []string{`DPoP error_description="say \"hi\", then", error="use_dpop_nonce"`}, "", false, true},
		"BWS around =":              {401, []string{`DPoP error = "use_dpop_nonce"`}, "", false, true},
		"Bearer's error only":       {401, []string{`Bearer error="use_dpop_nonce", DPoP algs="ES256"`}, "", false, false},
		"another error":             {401, []string{`DPoP error="invalid_dpop_proof"`}, "", false, false},
		"error twice":               {401, []string{`DPoP error="invalid_token", error="use_dpop_nonce"`}, "", false, false},
		"in a quoted-string":        {401, []string{`Bearer realm="DPoP error=use_dpop_nonce"`}, "", false, false},
		"unterminated":              {401, []string{`DPoP error="use_dpop_nonce`}, "", false, false},
		"no DPoP-Nonce":             {401, []string{`DPoP error="use_dpop_nonce"`}, "", true, false},
		"DPoPX scheme":              {401, []string{`DPoPX error="use_dpop_nonce"`}, "", false, false},
		"403 with the challenge":    {403, []string{`DPoP error="use_dpop_nonce"`}, "", false, false},
		"400 JSON":                  {400, nil, `{"error":"use_dpop_nonce"}`, false, true},
		"400 JSON, spaces":          {400, nil, " {\n \"error\" : \"use_dpop_nonce\" } ", false, true},
		"400 another error":         {400, nil, `{"error":"invalid_dpop_proof"}`, false, false},
		"400 duplicate error":       {400, nil, `{"error":"invalid_grant","error":"use_dpop_nonce"}`, false, false},
		"400 not JSON":              {400, nil, `error=use_dpop_nonce`, false, false},
		"400 nested":                {400, nil, `{"x":{"error":"use_dpop_nonce"}}`, false, false},
		"400 no DPoP-Nonce":         {400, nil, `{"error":"use_dpop_nonce"}`, true, false},
		"401 JSON body, no header":  {401, nil, `{"error":"use_dpop_nonce"}`, false, false},
		"400 with the challenge":    {400, []string{`DPoP error="use_dpop_nonce"`}, `{}`, false, false},
		"empty elements":            {401, []string{` , ,DPoP error="use_dpop_nonce",,`}, "", false, true},
		"Bearer without parameters": {401, []string{`Bearer, DPoP error="use_dpop_nonce"`}, "", false, true},
	} {
		var n atomic.Int32
		srv := trNewServer(t, func(w http.ResponseWriter, _ *http.Request, _ trSeen, srv *trServer) {
			if n.Add(1) > 1 {
				_, _ = io.WriteString(w, "ok")
				return
			}
			for _, f := range c.fields {
				w.Header().Add("WWW-Authenticate", f)
			}
			if !c.noNonce {
				w.Header().Set("DPoP-Nonce", srv.newNonce())
			}
			w.WriteHeader(c.status)
			_, _ = io.WriteString(w, c.body)
		})
		cl, _ := trClient(srv, sgSigner(t), "")
		status, body := trDo(t, cl, trRequest(t, "GET", srv.URL+"/", nil))
		if retried := len(srv.requests()) == 2; retried != c.retried {
			t.Errorf("%s: retried %v, want %v", name, retried, c.retried)
		}
		if !c.retried && (status != c.status || body != c.body) {
			t.Errorf("%s: the caller got %d %q, want %d %q", name, status, body, c.status, c.body)
		}
	}
}

// RFC 9449 section 8: nonces are the server's; one server's nonce is not
// sent to another, and the origin is compared case-insensitively.
func TestRFC9449_8_TransportKeepsNoncesPerServer(t *testing.T) {
	a, b := trNonceRS(t), trNonceRS(t)
	s := sgSigner(t)
	tr := &dpop.Transport{Signer: s, Base: a.Client().Transport, AccessToken: trToken}
	c := &http.Client{Transport: tr}
	if status, _ := trDo(t, c, trRequest(t, "GET", a.URL+"/r", nil)); status != 200 {
		t.Fatal(status)
	}
	if status, _ := trDo(t, c, trRequest(t, "GET", b.URL+"/r", nil)); status != 200 {
		t.Fatal(status)
	}
	if n := b.requests()[0].proof.str(t, b.requests()[0].proof.claims, "nonce"); n != "" {
		t.Errorf("server b got server a's nonce %q", n)
	}
	upper := strings.Replace(a.URL, "https://", "HTTPS://", 1)
	if status, _ := trDo(t, c, trRequest(t, "GET", upper+"/r", nil)); status != 200 || len(a.requests()) != 3 {
		t.Errorf("the nonce was not kept across a case change of the scheme: %d requests", len(a.requests()))
	}
}

// RFC 9449 sections 4.2 and 7.1: each request gets a fresh proof (a new
// jti), Authorization is replaced by the DPoP credential, the caller's
// request is not changed, and with no AccessToken a DPoP credential the
// request carries itself is hashed into "ath".
func TestRFC9449_7_1_TransportSendsAFreshProofAndTheDPoPCredential(t *testing.T) {
	srv := trNewServer(t, func(w http.ResponseWriter, _ *http.Request, _ trSeen, _ *trServer) {})
	c, _ := trClient(srv, sgSigner(t), trToken)
	req := trRequest(t, "DELETE", srv.URL+"/items/7#frag", nil)
	req.Header.Set("Authorization", "Bearer other")
	req.Header.Set("DPoP", "stale")
	for range 2 {
		trDo(t, c, req)
	}
	seen := srv.requests()
	if len(seen) != 2 || seen[0].proofErr != nil || seen[1].proofErr != nil {
		t.Fatalf("%d requests: %+v", len(seen), seen)
	}
	if seen[0].authorization != "DPoP "+trToken || seen[0].method != "DELETE" {
		t.Errorf("Authorization %q method %s", seen[0].authorization, seen[0].method)
	}
	if seen[0].proof.str(t, seen[0].proof.claims, "jti") == seen[1].proof.str(t, seen[1].proof.claims, "jti") {
		t.Error("the same proof twice")
	}
	if req.Header.Get("Authorization") != "Bearer other" || req.Header.Get("DPoP") != "stale" {
		t.Error("the caller's request was changed")
	}
	c2, _ := trClient(srv, sgSigner(t), "")
	req = trRequest(t, "GET", srv.URL+"/own", nil)
	req.Header.Set("Authorization", "dpop "+trToken)
	trDo(t, c2, req)
	if last := srv.requests()[2]; last.proofErr != nil || last.proof.str(t, last.proof.claims, "ath") == "" {
		t.Errorf("own DPoP credential: %v, ath %q", last.proofErr, last.proof.str(t, last.proof.claims, "ath"))
	}
}

// A Transport without a usable Signer, or a request no proof can be made
// for, fails before sending, closing the request's body (the
// http.RoundTripper contract), and never panics.
func TestTransportRefusesWithoutSendingAnything(t *testing.T) {
	srv := trNewServer(t, func(http.ResponseWriter, *http.Request, trSeen, *trServer) {})
	for name, c := range map[string]struct {
		tr   *dpop.Transport
		req  *http.Request
		want error
	}{
		"nil Signer":       {&dpop.Transport{Base: srv.Client().Transport}, trRequest(t, "GET", srv.URL, nil), dpop.ErrInvalidConfig},
		"zero Signer":      {&dpop.Transport{Signer: &dpop.Signer{}}, trRequest(t, "GET", srv.URL, nil), dpop.ErrInvalidConfig},
		"nil Transport":    {nil, trRequest(t, "GET", srv.URL, nil), dpop.ErrInvalidConfig},
		"bad token":        {&dpop.Transport{Signer: sgSigner(t), AccessToken: "a b"}, trRequest(t, "GET", srv.URL, nil), dpop.ErrInvalidRequest},
		"token CRLF":       {&dpop.Transport{Signer: sgSigner(t), AccessToken: "a\r\nX: y"}, trRequest(t, "GET", srv.URL, nil), dpop.ErrInvalidRequest},
		"no scheme":        {&dpop.Transport{Signer: sgSigner(t)}, &http.Request{Method: "GET", URL: &url.URL{Host: "x", Path: "/"}}, dpop.ErrInvalidRequest},
		"nil URL":          {&dpop.Transport{Signer: sgSigner(t)}, &http.Request{Method: "GET"}, dpop.ErrInvalidRequest},
		"bad method":       {&dpop.Transport{Signer: sgSigner(t)}, &http.Request{Method: "BAD METHOD", URL: &url.URL{Scheme: "https", Host: "x", Path: "/"}}, dpop.ErrInvalidRequest},
		"ftp":              {&dpop.Transport{Signer: sgSigner(t)}, &http.Request{Method: "GET", URL: &url.URL{Scheme: "ftp", Host: "x"}}, dpop.ErrInvalidRequest},
		"own bad DPoP tok": {&dpop.Transport{Signer: sgSigner(t)}, trAuthorized(t, srv.URL, "DPoP a b"), dpop.ErrInvalidRequest},
	} {
		body := &trClosed{Reader: strings.NewReader("x")}
		c.req.Body = body
		resp, err := c.tr.RoundTrip(c.req)
		if !errors.Is(err, c.want) || resp != nil {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
		if !body.closed {
			t.Errorf("%s: the request body was not closed", name)
		}
	}
	if n := len(srv.requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func trAuthorized(t *testing.T, url, authorization string) *http.Request {
	req := trRequest(t, "GET", url, nil)
	req.Header.Set("Authorization", authorization)
	return req
}

// trClosed records its Close.
type trClosed struct {
	io.Reader
	closed bool
}

func (b *trClosed) Close() error { b.closed = true; return nil }
