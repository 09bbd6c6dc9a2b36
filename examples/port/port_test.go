package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwttest"
)

// TestPortedService runs the ported service against jwttest's fake
// identity provider on 127.0.0.1 and checks every behaviour the golang-jwt
// + keyfunc original had, including a key rotated in one second after
// start-up.
func TestPortedService(t *testing.T) {
	idp := newTestIdP(t)
	started := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	svc, err := newService(ctx, config{JWKSURL: idp.JWKSURI(), Issuer: idp.Issuer(), Audience: testAudience})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	api := httptest.NewServer(svc)
	defer api.Close()
	expired := func(c *testClaims) {
		c.IssuedAt = claims.NewNumericDate(time.Now().Add(-10 * time.Minute))
		c.ExpiresAt = claims.NewNumericDate(time.Now().Add(-90 * time.Second))
	}

	t.Run("valid token accepted", func(t *testing.T) {
		status, body := call(t, api, "GET", "/api/me", issue(t, idp, nil))
		if status != http.StatusOK || body["sub"] != "user-42" || body["tenant"] != "acme" {
			t.Fatalf("got %d %v", status, body)
		}
	})
	t.Run("wrong audience refused", func(t *testing.T) {
		tok := issue(t, idp, func(c *testClaims) { c.Audience = claims.Audience{"billing-api"} })
		if status, _ := call(t, api, "GET", "/api/me", tok); status != http.StatusUnauthorized {
			t.Fatalf("got %d", status)
		}
	})
	t.Run("Validate tenant check refused", func(t *testing.T) {
		tok := issue(t, idp, func(c *testClaims) { c.Tenant = "initech" })
		if status, _ := call(t, api, "GET", "/api/me", tok); status != http.StatusForbidden {
			t.Fatalf("got %d", status)
		}
	})
	// RFC 6750 section 3.1, which the original's glue got wrong (it sent
	// error="invalid_token" with no token, and with its 403).
	t.Run("RFC6750_3_1_Challenges", func(t *testing.T) {
		for _, tt := range []struct {
			name, method, path, auth string
			status                   int
			challenge                string
		}{
			{"no token: no error code", "GET", "/api/me", "", http.StatusUnauthorized, `Bearer realm="api"`},
			{"no token at /refresh: no error code", "POST", "/refresh", "", http.StatusUnauthorized, `Bearer realm="api"`},
			{"another scheme: no error code", "GET", "/api/me", "Basic dXNlcjpwYXNz", http.StatusUnauthorized, `Bearer realm="api"`},
			{"empty credential: invalid_request", "GET", "/api/me", "Bearer ", http.StatusBadRequest, `Bearer realm="api", error="invalid_request"`},
			{"wrong audience: invalid_token", "GET", "/api/me", "Bearer " + issue(t, idp, func(c *testClaims) { c.Audience = claims.Audience{"billing-api"} }),
				http.StatusUnauthorized, `Bearer realm="api", error="invalid_token"`},
			{"unknown tenant: 403 insufficient_scope", "GET", "/api/me", "Bearer " + issue(t, idp, func(c *testClaims) { c.Tenant = "initech" }),
				http.StatusForbidden, `Bearer realm="api", error="insufficient_scope"`},
		} {
			req, err := http.NewRequest(tt.method, api.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			resp, err := api.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			got := resp.Header.Get("WWW-Authenticate")
			noCode := !strings.Contains(tt.challenge, "error=")
			if resp.StatusCode != tt.status || got != tt.challenge && !strings.HasPrefix(got, tt.challenge+", ") ||
				noCode && strings.Contains(got, "error=") {
				t.Errorf("%s: %d %q, want %d %q", tt.name, resp.StatusCode, got, tt.status, tt.challenge)
			}
		}
	})
	t.Run("expired token refused, its verified sub readable by refresh", func(t *testing.T) {
		tok := issue(t, idp, expired)
		if status, _ := call(t, api, "GET", "/api/me", tok); status != http.StatusUnauthorized {
			t.Fatalf("/api/me: got %d", status)
		}
		status, body := call(t, api, "POST", "/refresh", tok)
		if status != http.StatusOK || body["sub"] != "user-42" {
			t.Fatalf("/refresh: got %d %v", status, body)
		}
		wrongAud := issue(t, idp, func(c *testClaims) { expired(c); c.Audience = claims.Audience{"billing-api"} })
		if status, _ := call(t, api, "POST", "/refresh", wrongAud); status != http.StatusUnauthorized {
			t.Fatalf("/refresh of an expired token for another audience: got %d", status)
		}
	})
	t.Run("token signed by another key refused, its claims never read", func(t *testing.T) {
		// Another provider's key under the real key's "kid", claiming the
		// real issuer.
		rogue := newTestIdP(t)
		if rogue.KeyID() != idp.KeyID() {
			t.Fatalf("kids %q and %q, want the same", rogue.KeyID(), idp.KeyID())
		}
		mark := func(c *testClaims) { c.Subject = "mallory-7"; c.Issuer = idp.Issuer() }
		tok := issue(t, rogue, mark)
		if status, body := call(t, api, "GET", "/api/me", tok); status != http.StatusUnauthorized || body["sub"] != "" {
			t.Fatalf("/api/me: got %d %v", status, body)
		}
		old := issue(t, rogue, func(c *testClaims) { mark(c); expired(c) })
		status, raw := callRaw(t, api, "POST", "/refresh", old)
		if status != http.StatusUnauthorized || strings.Contains(raw, "mallory") {
			t.Fatalf("/refresh: got %d %q", status, raw)
		}
	})
	t.Run("rotation 1 s after start-up accepted at once", func(t *testing.T) {
		time.Sleep(time.Until(started.Add(time.Second)))
		idp.Rotate(true)
		before := idp.Requests(jwttest.PathJWKS)
		start := time.Now()
		status, body := call(t, api, "GET", "/api/me", issue(t, idp, nil)) // signed with the new key
		if status != http.StatusOK || body["sub"] != "user-42" {
			t.Fatalf("token with the new kid: got %d %v (fetches %d)", status, body, idp.Requests(jwttest.PathJWKS))
		}
		if got := idp.Requests(jwttest.PathJWKS) - before; got != 1 {
			t.Errorf("the new kid took %d fetches, want 1", got)
		}
		t.Logf("new kid verified %v after the rotation was seen", time.Since(start).Round(time.Millisecond))
	})
}

func call(t *testing.T, api *httptest.Server, method, path, tok string) (int, map[string]string) {
	t.Helper()
	status, raw := callRaw(t, api, method, path, tok)
	var body map[string]string
	if status == http.StatusOK {
		if err := json.Unmarshal([]byte(raw), &body); err != nil {
			t.Fatalf("%s %s: %v: %q", method, path, err, raw)
		}
	}
	return status, body
}

func callRaw(t *testing.T, api *httptest.Server, method, path, tok string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, api.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := api.Client().Do(req)
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
