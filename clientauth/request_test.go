package clientauth_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/replay"
)

// tokenEndpoint is a TLS token endpoint authenticating clients with v,
// answering 200 {"client": id} or WriteError's response.
func tokenEndpoint(t *testing.T, v *clientauth.Verifier) *httptest.Server {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := v.VerifyRequest(r)
		if err != nil {
			clientauth.WriteError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"client": c.ClientID(), "grant_type": r.PostForm.Get("grant_type")})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func post(t *testing.T, srv *httptest.Server, path string, body url.Values) (int, map[string]string) {
	t.Helper()
	resp, err := srv.Client().Post(srv.URL+path, "application/x-www-form-urlencoded", strings.NewReader(body.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]string
	_ = json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != http.StatusOK && resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("error response without Cache-Control: no-store")
	}
	return resp.StatusCode, out
}

// TestRFC7523_2_2_TokenEndpointOverTLS: a client's form authenticates it
// at a TLS token endpoint; a replay, a malformed request and a bad
// assertion get RFC 6749 section 5.2's error codes.
func TestRFC7523_2_2_TokenEndpointOverTLS(t *testing.T) {
	cs := newClients(t)
	srv := tokenEndpoint(t, cs.verifier(t, nil))
	f, err := cs.signer(t, testClient).FormValues(testIssuer)
	if err != nil {
		t.Fatal(err)
	}
	f.Set("grant_type", "client_credentials")
	if status, out := post(t, srv, "/token", f); status != 200 || out["client"] != testClient || out["grant_type"] != "client_credentials" {
		t.Fatalf("%d %v", status, out)
	}
	if status, out := post(t, srv, "/token", f); status != 400 || out["error"] != "invalid_client" {
		t.Errorf("replay: %d %v", status, out)
	}
	dup, _ := cs.signer(t, testClient).FormValues(testIssuer)
	dup.Add("client_assertion", dup.Get("client_assertion"))
	if status, out := post(t, srv, "/token", dup); status != 400 || out["error"] != "invalid_request" {
		t.Errorf("two assertions: %d %v", status, out)
	}
	inQuery, _ := cs.signer(t, testClient).FormValues(testIssuer)
	if status, out := post(t, srv, "/token?client_assertion="+url.QueryEscape(inQuery.Get("client_assertion")), url.Values{
		"client_assertion_type": {clientauth.AssertionType},
	}); status != 400 || out["error"] != "invalid_request" {
		t.Errorf("assertion in the query: %d %v", status, out)
	}
	resp, err := srv.Client().Get(srv.URL + "/token")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("GET: %d", resp.StatusCode)
	}
}

// TestRFC6749_3_2_RequestFormRules: POST of a form, one client_assertion,
// the jwt-bearer type, at most one non-empty client_id.
func TestRFC6749_3_2_RequestFormRules(t *testing.T) {
	cs := newClients(t)
	v := cs.verifier(t, nil)
	tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
	cases := map[string]url.Values{
		"no type":        {"client_assertion": {tok}},
		"no assertion":   {"client_assertion_type": {clientauth.AssertionType}},
		"empty":          {"client_assertion_type": {clientauth.AssertionType}, "client_assertion": {""}},
		"two types":      {"client_assertion_type": {clientauth.AssertionType, clientauth.AssertionType}, "client_assertion": {tok}},
		"two client ids": {"client_assertion_type": {clientauth.AssertionType}, "client_assertion": {tok}, "client_id": {testClient, testClient}},
		"empty id":       {"client_assertion_type": {clientauth.AssertionType}, "client_assertion": {tok}, "client_id": {""}},
	}
	for name, f := range cases {
		_, err := v.VerifyForm(context.Background(), f)
		refused(t, name, err, clientauth.ErrInvalidRequest)
		if code, status := clientauth.ErrorCode(err); code != "invalid_request" || status != 400 {
			t.Errorf("%s: %s %d", name, code, status)
		}
	}
	_, err := v.VerifyForm(context.Background(), url.Values{"client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:saml2-bearer"}, "client_assertion": {tok}})
	refused(t, "SAML type", err, clientauth.ErrUnsupportedAssertionType, clientauth.ErrInvalidRequest)
	_, err = v.VerifyForm(context.Background(), form("not.a.jwt"))
	refused(t, "garbage", err, jwt.ErrTokenMalformed)
	if code, _ := clientauth.ErrorCode(err); code != "invalid_client" {
		t.Errorf("garbage: %s", code)
	}
	r := httptest.NewRequest(http.MethodPost, "/token", strings.NewReader(form(tok).Encode()))
	r.Header.Set("Content-Type", "application/json")
	_, err = v.VerifyRequest(r)
	refused(t, "JSON body", err, clientauth.ErrInvalidRequest)
	_, err = v.VerifyRequest(nil)
	refused(t, "nil request", err, clientauth.ErrInvalidRequest)
}

// failingStore cannot tell.
type failingStore struct{ err error }

func (s failingStore) Claim(context.Context, string, time.Time) error { return s.err }

// TestOIDCCore_9_ReplayStoreUnavailableRefuses: a store that cannot tell
// refuses the assertion (fail closed), as temporarily_unavailable 503.
func TestOIDCCore_9_ReplayStoreUnavailableRefuses(t *testing.T) {
	cs := newClients(t)
	for name, e := range map[string]error{"unavailable": replay.ErrUnavailable, "other": errors.New("connection reset")} {
		v := cs.verifier(t, func(c *clientauth.Config) { c.Replay = failingStore{e} })
		tok, _ := cs.signer(t, testClient).Assertion(testIssuer)
		_, err := v.VerifyForm(context.Background(), form(tok))
		refused(t, name, err, replay.ErrUnavailable)
		if errors.Is(err, replay.ErrReplayed) {
			t.Errorf("%s: matches ErrReplayed", name)
		}
		if code, status := clientauth.ErrorCode(err); code != "temporarily_unavailable" || status != 503 {
			t.Errorf("%s: %s %d", name, code, status)
		}
	}
}
