package logout_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/logout"
)

// loServer serves a Handler over TLS; ended collects the claims of each
// successful logout, and fail makes the logout function fail.
type loServer struct {
	*httptest.Server
	mu       sync.Mutex
	ended    []*logout.Claims
	refusals []error
	fail     error
}

func newLoServer(t *testing.T) *loServer {
	t.Helper()
	s := &loServer{}
	refused := logout.OnRefused(func(_ *http.Request, err error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.refusals = append(s.refusals, err)
	})
	h, err := logout.Handler(loVerifier(t, nil), func(_ context.Context, c *logout.Claims) error {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.fail != nil {
			return s.fail
		}
		s.ended = append(s.ended, c)
		return nil
	}, refused)
	if err != nil {
		t.Fatal(err)
	}
	s.Server = httptest.NewTLSServer(h)
	t.Cleanup(s.Close)
	return s
}

// post sends body with content type ct to the server (query appended to
// the URL) and returns the status, the response and its decoded error.
func (s *loServer) post(t *testing.T, method, query, ct, body string) (*http.Response, map[string]string) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+"/backchannel_logout"+query, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e map[string]string
	if resp.StatusCode == http.StatusBadRequest {
		if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
			t.Fatalf("400 body: %v", err)
		}
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q, want no-store (section 2.8)", cc)
	}
	return resp, e
}

const loForm = "application/x-www-form-urlencoded"

// TestOIDCBCL_2_8_ValidTokenAnswered200: a valid logout token is handed to
// the logout function and answered 200 with no-store (section 2.8).
func TestOIDCBCL_2_8_ValidTokenAnswered200(t *testing.T) {
	s := newLoServer(t)
	tok := loSign(t, loClaims())
	resp, _ := s.post(t, http.MethodPost, "", loForm, url.Values{"logout_token": {tok}}.Encode())
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d, want 200", resp.StatusCode)
	}
	if len(s.ended) != 1 || s.ended[0].SessionID != loSID || s.ended[0].Subject != "248289761001" {
		t.Fatalf("logout called with %+v", s.ended)
	}
	// The same token again is a replay: 400.
	resp, e := s.post(t, http.MethodPost, "", loForm+"; charset=utf-8", url.Values{"logout_token": {tok}}.Encode())
	if resp.StatusCode != http.StatusBadRequest || e["error"] != "invalid_request" {
		t.Fatalf("replay: status %d, body %v", resp.StatusCode, e)
	}
}

// TestOIDCBCL_2_8_InvalidRequestsAnswered400: an invalid token or request
// is 400 with an OAuth 2.0 error body, and no logout.
func TestOIDCBCL_2_8_InvalidRequestsAnswered400(t *testing.T) {
	s := newLoServer(t)
	tok := loSign(t, loClaims())
	idLike := loRaw(t, "", loEdit(func(m map[string]any) { m["nonce"] = "n" }))
	cases := map[string]struct{ query, ct, body string }{
		"refused token":   {"", loForm, url.Values{"logout_token": {idLike}}.Encode()},
		"garbage token":   {"", loForm, "logout_token=abc"},
		"no token":        {"", loForm, "other=1"},
		"empty token":     {"", loForm, "logout_token="},
		"repeated token":  {"", loForm, url.Values{"logout_token": {tok, tok}}.Encode()},
		"token in query":  {"?logout_token=" + tok, loForm, ""},
		"JSON body":       {"", "application/json", `{"logout_token":"` + tok + `"}`},
		"no content type": {"", "", url.Values{"logout_token": {tok}}.Encode()},
		"body too large":  {"", loForm, "logout_token=" + strings.Repeat("a", logout.MaxRequestBody)},
		"malformed form":  {"", loForm, "logout_token=%zz"},
	}
	for name, tc := range cases {
		resp, e := s.post(t, http.MethodPost, tc.query, tc.ct, tc.body)
		if resp.StatusCode != http.StatusBadRequest || e["error"] != "invalid_request" || e["error_description"] == "" {
			t.Errorf("%s: status %d, body %v", name, resp.StatusCode, e)
		}
	}
	if len(s.ended) != 0 {
		t.Fatalf("logout called %d times", len(s.ended))
	}
	if len(s.refusals) != len(cases) {
		t.Fatalf("OnRefused called %d times, want %d", len(s.refusals), len(cases))
	}
	var requests, nonce int
	for _, err := range s.refusals {
		if errors.Is(err, logout.ErrInvalidRequest) {
			requests++
		}
		if errors.Is(err, logout.ErrNoncePresent) {
			nonce++
		}
	}
	if requests != 8 || nonce != 1 {
		t.Errorf("refusals: %d ErrInvalidRequest (want 8), %d ErrNoncePresent (want 1): %v", requests, nonce, s.refusals)
	}
}

// TestOIDCBCL_2_8_FailedLogoutAnswered400: "If ... the logout failed, the
// RP MUST respond with 400 Bad Request"; the function's error is not
// written.
func TestOIDCBCL_2_8_FailedLogoutAnswered400(t *testing.T) {
	s := newLoServer(t)
	s.fail = errors.New("session store secret detail")
	resp, e := s.post(t, http.MethodPost, "", loForm, url.Values{"logout_token": {loSign(t, loClaims())}}.Encode())
	if resp.StatusCode != http.StatusBadRequest || strings.Contains(e["error_description"], "secret") {
		t.Fatalf("status %d, body %v", resp.StatusCode, e)
	}
	if len(s.refusals) != 1 || !errors.Is(s.refusals[0], s.fail) {
		t.Fatalf("OnRefused got %v", s.refusals)
	}
}

// TestOIDCBCL_2_5_OnlyPOSTAccepted: section 2.5's request is a POST; any
// other method is 405 with Allow: POST.
func TestOIDCBCL_2_5_OnlyPOSTAccepted(t *testing.T) {
	s := newLoServer(t)
	for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		resp, _ := s.post(t, m, "", loForm, "logout_token=x")
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != http.MethodPost {
			t.Errorf("%s: status %d, Allow %q", m, resp.StatusCode, resp.Header.Get("Allow"))
		}
	}
}

// TestOIDCBCL_2_8_HandlerNeedsVerifierAndFunction: a nil Verifier or
// function is ErrInvalidHandler, never a handler that panics.
func TestOIDCBCL_2_8_HandlerNeedsVerifierAndFunction(t *testing.T) {
	fn := func(context.Context, *logout.Claims) error { return nil }
	for name, mk := range map[string]func() (http.Handler, error){
		"nil verifier":  func() (http.Handler, error) { return logout.Handler(nil, fn) },
		"zero verifier": func() (http.Handler, error) { return logout.Handler(new(logout.Verifier), fn) },
		"nil function":  func() (http.Handler, error) { return logout.Handler(loVerifier(t, nil), nil) },
		"nil option":    func() (http.Handler, error) { return logout.Handler(loVerifier(t, nil), fn, nil) },
	} {
		h, err := mk()
		if h != nil || !errors.Is(err, logout.ErrInvalidHandler) || !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, %v", name, h, err)
		}
	}
}
